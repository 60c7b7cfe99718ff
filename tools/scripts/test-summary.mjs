// Prints one closing line for the whole test command: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const [dir, status, started] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return undefined;
  }
};
const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else failed += 1;
const pw = read('playwright.json');
if (pw?.stats) {
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  failed += pw.stats.unexpected ?? 0;
  skipped += pw.stats.skipped ?? 0;
} else failed += 1;
// A failed check (lint, types, codegen drift, build) counts as a failure too, even when every test passed.
if (status !== '0' && failed === 0) failed = 1;
const minutes = ((Date.now() / 1000 - Number(started)) / 60).toFixed(1);
console.log(`\nTessera test command finished in ${minutes} min`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
