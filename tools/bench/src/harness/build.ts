import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The source folders and files whose change makes the production bundle stale. */
export const BUILD_INPUTS = [
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'libs',
  'schemas',
  'package-lock.json',
];

/** The files the build writes that the harness needs. */
export const BUILD_OUTPUTS = ['dist/apps/api/main.mjs', 'dist/apps/web/server/entry-server.js', 'dist/apps/web/client'];

/** Tests and documents never reach the bundle: editing them does not make it stale. */
export function isBundleInput(file: string): boolean {
  return (
    !/\.(test|paths\.test|spec)\.tsx?$/.test(file) &&
    !/\.md$/i.test(file) &&
    !file.includes(`${path.sep}node_modules${path.sep}`)
  );
}

/** The newest modification time (ms) of the bundle inputs under `root`, and the file that has it. */
export function newestInput(root: string, inputs: readonly string[] = BUILD_INPUTS): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (p: string): void => {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else if (isBundleInput(p) && st.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(root, p), mtimeMs: st.mtimeMs };
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

/** Modification times of the build outputs; undefined where one is missing. */
export function outputTimes(root: string, outputs: readonly string[] = BUILD_OUTPUTS): (number | undefined)[] {
  return outputs.map((o) => {
    try {
      return fs.statSync(path.join(root, o)).mtimeMs;
    } catch {
      return undefined;
    }
  });
}

/** Why the bundle must be rebuilt, or undefined when it is current: an output missing, or a source newer than the oldest output. */
export function staleReason(
  outputs: readonly (number | undefined)[],
  newest: { file: string; mtimeMs: number },
): string | undefined {
  if (outputs.some((t) => t === undefined)) return 'dist/ is missing or incomplete';
  const oldest = Math.min(...(outputs as number[]));
  if (newest.mtimeMs > oldest) return `${newest.file} changed after the last build`;
  return undefined;
}

/** A private copy of the bundle the run measures, so another engineer's rebuild (rm -rf dist) cannot pull it away mid-run. */
export interface DistSnapshot {
  /** The copied `apps` folder: `<dir>/api/main.mjs`, `<dir>/web`. */
  appsDir: string;
  apiEntry: string;
  webDistDir: string;
  /** How the bundle was obtained, for the report. */
  description: string;
}

/**
 * Builds the production bundle with the project's build script when it is missing or stale (under the lock the browser tests build and run under, /tmp/e2e.lock, since the script empties dist/), then snapshots it into `snapshotDir`. A failed build with a previous
 * bundle present uses that bundle and says so; with none it throws.
 */
export async function ensureBuild(
  root: string,
  snapshotDir: string,
  log: (line: string) => void,
  force = false,
): Promise<DistSnapshot> {
  // BENCH_APPS_DIR measures a bundle built elsewhere (a folder inside the workspace holding api/main.mjs and web/).
  const given = process.env['BENCH_APPS_DIR'];
  if (given) {
    const appsDir = path.resolve(root, given);
    return {
      appsDir,
      apiEntry: path.join(appsDir, 'api', 'main.mjs'),
      webDistDir: path.join(appsDir, 'web'),
      description: `the bundle in ${path.relative(root, appsDir)} (BENCH_APPS_DIR), as built there`,
    };
  }
  const reason = force ? 'a build was requested (--build)' : staleReason(outputTimes(root), newestInput(root));
  let description: string;
  if (reason) {
    log(`building the production bundle: ${reason}`);
    const started = Date.now();
    try {
      await run('flock', ['/tmp/e2e.lock', 'bash', 'tools/scripts/build.sh'], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
      });
      description = `built by this run (${((Date.now() - started) / 1000).toFixed(0)} s) because ${reason}`;
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error);
      if (outputTimes(root).some((t) => t === undefined)) throw new Error(`the production build failed: ${message}`);
      description = `build failed (${message.slice(0, 200)}); measured the existing dist/`;
      log(description);
    }
  } else {
    description = 'reused dist/ (newer than every source file)';
  }
  fs.rmSync(snapshotDir, { recursive: true, force: true });
  fs.mkdirSync(snapshotDir, { recursive: true });
  fs.cpSync(path.join(root, 'dist', 'apps'), snapshotDir, { recursive: true });
  return {
    appsDir: snapshotDir,
    apiEntry: path.join(snapshotDir, 'api', 'main.mjs'),
    webDistDir: path.join(snapshotDir, 'web'),
    description,
  };
}
