// Writes tools/scripts/vitest-durations.json, the file durations the Vitest sequencer orders a run by (ADR 0500),
// from Vitest's results cache of the last whole run on this machine (node_modules/.vite/vitest/*/results.json).
// Run after `npx vitest run` (all files) and commit the json when the order of the long files has changed.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const cacheRoot = path.join(root, 'node_modules', '.vite', 'vitest');
const caches = fs.existsSync(cacheRoot)
  ? fs
      .readdirSync(cacheRoot)
      .map((dir) => path.join(cacheRoot, dir, 'results.json'))
      .filter((file) => fs.existsSync(file))
  : [];
if (caches.length === 0) {
  console.error(`No Vitest results cache under ${cacheRoot}: run \`npx vitest run\` first.`);
  process.exit(1);
}
const newest = caches.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
/** @type {{ results: [string, { duration: number }][] }} */
const { results } = JSON.parse(fs.readFileSync(newest, 'utf8'));
const durations = Object.fromEntries(
  results
    .filter(([key]) => fs.existsSync(path.join(root, key.slice(key.indexOf(':') + 1))))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { duration }]) => [key, Math.round(duration)]),
);
const out = path.join(root, 'tools', 'scripts', 'vitest-durations.json');
fs.writeFileSync(out, `${JSON.stringify(durations, null, 2)}\n`);
console.log(
  `${Object.keys(durations).length} file durations from ${path.relative(root, newest)} written to ${path.relative(root, out)}`,
);
