import fs from 'node:fs/promises';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The policy of a brand asset opened directly: an SVG must not run script. */
export const BRAND_ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

// Segments of letters, digits, dot, dash and underscore that do not start with a dot: no `..`, no hidden files.
const safeRelativePath = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * A requested file inside a brand's assets folder and its content type, or undefined when the request names a kind
 * of file that is not served or tries to leave the folder (realpath also follows symlinks, so a link pointing outside
 * is refused too).
 */
export async function brandAssetFile(
  assetsDir: string,
  requested: string,
): Promise<{ file: string; contentType: string } | undefined> {
  if (!safeRelativePath.test(requested) || !(path.extname(requested).toLowerCase() in contentTypes)) return undefined;
  try {
    const root = await fs.realpath(assetsDir);
    const file = await fs.realpath(path.join(root, requested));
    const stat = await fs.stat(file);
    if (!file.startsWith(root + path.sep) || !stat.isFile()) return undefined;
    return { file, contentType: contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
