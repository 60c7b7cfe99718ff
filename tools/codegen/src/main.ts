import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll } from './generate';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Files whose content differs from what the schemas generate (missing files included). */
export async function driftedFiles(root: string): Promise<string[]> {
  const files = await generateAll(root);
  const drifted: string[] = [];
  for (const [rel, content] of files) {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs) || fs.readFileSync(abs, 'utf8') !== content) drifted.push(rel);
  }
  return drifted;
}

/** `npm run codegen` writes the generated files; with --check it only reports drift and exits non-zero. */
export async function runCodegen(argv: string[], root = workspaceRoot): Promise<number> {
  if (argv.includes('--check')) {
    const drifted = await driftedFiles(root);
    if (drifted.length === 0) {
      process.stdout.write('codegen: generated files match schemas/\n');
      return 0;
    }
    for (const file of drifted) process.stderr.write(`codegen: ${file} is out of date with schemas/\n`);
    process.stderr.write('codegen: run `npm run codegen` and commit the result\n');
    return 1;
  }
  const files = await generateAll(root);
  for (const [rel, content] of files) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    const unchanged = fs.existsSync(abs) && fs.readFileSync(abs, 'utf8') === content;
    if (!unchanged) fs.writeFileSync(abs, content);
    process.stdout.write(`codegen: ${unchanged ? 'unchanged' : 'wrote'} ${rel}\n`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCodegen(process.argv.slice(2));
}
