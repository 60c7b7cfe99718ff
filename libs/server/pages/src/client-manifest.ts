import fs from 'node:fs';
import path from 'node:path';
import type { SsrAssets } from '@tessera/shared/contract-api';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

const preferredEntries = ['index.html', 'src/entry-client.tsx', 'apps/web/src/entry-client.tsx', 'apps/web/index.html'];

/**
 * Scripts and styles of the client entry, read from Vite's `.vite/manifest.json`. The entry is whichever chunk the
 * web build marks `isEntry` (index.html or src/entry-client.tsx preferred); styles include those of its imports.
 * No manifest (no client build yet) means no assets.
 */
export function readClientAssets(clientDir: string): SsrAssets {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return { scripts: [], styles: [] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const key =
    preferredEntries.find((k) => manifest[k]?.isEntry) ?? Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const entry = key ? manifest[key] : undefined;
  if (!entry) return { scripts: [], styles: [] };
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined, id: string): void => {
    if (!chunk || seen.has(id)) return;
    seen.add(id);
    chunk.css?.forEach((css) => styles.add(`/${css}`));
    chunk.imports?.forEach((imported) => visit(manifest[imported], imported));
  };
  visit(entry, key ?? '');
  return { scripts: [`/${entry.file}`], styles: [...styles] };
}
