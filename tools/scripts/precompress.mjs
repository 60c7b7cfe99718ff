// Writes the Brotli (.br, quality 11) and gzip (.gz, level 9) forms of every compressible file of the client build, so
// the server answers compressed assets from memory without compressing at start-up or per request
// (libs/server/http, client-build.ts). Usage: node tools/scripts/precompress.mjs [dir]  (default dist/apps/web/client)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.resolve(root, process.argv[2] ?? 'dist/apps/web/client');
const COMPRESSIBLE = /\.(js|mjs|css|json|map|webmanifest|svg|txt|wasm)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  before += body.length;
  after += br.length;
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`precompressed ${files} files of ${path.relative(root, dir)}: ${kb(before)} → ${kb(after)} with Brotli`);
