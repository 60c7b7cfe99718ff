import fs from 'node:fs';
import path from 'node:path';
import { brandIdProblem, brandScaffold, loadBrandRegistry } from '@tessera/server/brand-registry';
import { EXIT, type CliIo } from './io';

/** `tessera brand new <id>`: scaffolds brands/<id>, then proves it validates. */
export async function brandNew(
  io: CliIo,
  brandsDir: string,
  id: string | undefined,
  options: Record<string, string | true>,
): Promise<number> {
  if (!id) {
    io.err(
      'usage: tessera brand new <id> [--name "Display Name"] [--language en] [--country gb] [--currency EUR] [--brands-dir brands]',
    );
    return EXIT.usage;
  }
  const problem = brandIdProblem(id);
  if (problem) {
    io.err(`tessera: ${problem}`);
    return EXIT.usage;
  }
  const dir = path.join(brandsDir, id);
  const shown = path.relative(io.cwd, dir) || dir;
  if (fs.existsSync(dir)) {
    io.err(`tessera: ${shown} already exists; choose another id or edit that brand`);
    return EXIT.usage;
  }
  const opt = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  let files: Record<string, string>;
  try {
    files = brandScaffold({
      id,
      name: opt('name'),
      language: opt('language'),
      country: opt('country'),
      currency: opt('currency'),
    });
  } catch (error) {
    io.err(`tessera: ${(error as Error).message}`);
    return EXIT.usage;
  }
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  const registry = await loadBrandRegistry({ brandsDir, displayRoot: io.cwd });
  const refused = registry.refused().find((r) => r.id === id);
  if (refused) {
    io.err(
      `tessera: the new brand does not validate (a defect in the scaffold):\n${refused.errors.map((e) => `  - ${e.message}`).join('\n')}`,
    );
    return EXIT.invalid;
  }
  const summary = registry.get(id);
  io.out(
    [
      `created ${shown}/ (${Object.keys(files).sort().join(', ')})`,
      `valid: ${summary?.name} on ${summary?.domains.join(', ')}`,
      'next: edit brand.json and theme.json, then `npx tessera config validate`; the running platform serves it after a restart.',
    ].join('\n'),
  );
  return EXIT.ok;
}
