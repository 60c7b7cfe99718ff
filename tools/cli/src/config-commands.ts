import fs from 'node:fs';
import path from 'node:path';
import { loadBrandRegistry, type BrandRegistry } from '@tessera/server/brand-registry';
import { toPointer } from '@tessera/shared/util-config';
import { EXIT, type CliIo } from './io';

/** Resolves the brands folder from --brands-dir or the positional argument, defaulting to <root>/brands. */
export function brandsDirFrom(io: CliIo, given: string | true | undefined): string {
  return typeof given === 'string' ? path.resolve(io.cwd, given) : path.join(io.root, 'brands');
}

/** The platform dictionaries locale overrides are checked against, wherever the brands folder is. */
export function platformLocalesDir(io: CliIo): string {
  return path.join(io.root, 'libs/shared/util-i18n/src/locales');
}

async function load(io: CliIo, brandsDir: string): Promise<BrandRegistry> {
  return loadBrandRegistry({ brandsDir, displayRoot: io.cwd, platformLocalesDir: platformLocalesDir(io) });
}

/** `tessera config validate [brands-folder]`: a report per brand; exit 1 when any brand is refused. */
export async function configValidate(io: CliIo, brandsDir: string): Promise<number> {
  if (!fs.existsSync(brandsDir) || !fs.statSync(brandsDir).isDirectory()) {
    io.err(`tessera: no brands folder at ${path.relative(io.cwd, brandsDir) || brandsDir}`);
    return EXIT.usage;
  }
  const registry = await load(io, brandsDir);
  const rows = [
    ...registry.brands().map((b) => ({ id: b.id, ok: true as const, text: `ok       ${b.id}  (${b.name}; ${b.countries.length} countr${b.countries.length === 1 ? 'y' : 'ies'}, languages ${b.languages.join(', ')})` })),
    ...registry.refused().map((r) => ({
      id: r.id,
      ok: false as const,
      text: `REFUSED  ${r.id}  (${r.errors.length} issue${r.errors.length === 1 ? '' : 's'})\n${r.errors.map((e) => `         - ${e.message}`).join('\n')}`,
    })),
  ].sort((a, b) => a.id.localeCompare(b.id));
  for (const row of rows) (row.ok ? io.out : io.err)(row.text);
  const refused = registry.refused().length;
  const summary = `${registry.brands().length} valid, ${refused} refused`;
  if (rows.length === 0) io.err(`tessera: no brand folders in ${path.relative(io.cwd, brandsDir) || brandsDir}`);
  (refused > 0 ? io.err : io.out)(summary);
  return refused > 0 || rows.length === 0 ? EXIT.invalid : EXIT.ok;
}

function refusedOrUnknown(io: CliIo, registry: BrandRegistry, id: string): number | undefined {
  if (registry.get(id)) return undefined;
  const refused = registry.refused().find((r) => r.id === id);
  if (refused) {
    io.err(`tessera: brand "${id}" is refused:\n${refused.errors.map((e) => `  - ${e.message}`).join('\n')}`);
    return EXIT.invalid;
  }
  io.err(`tessera: unknown brand "${id}" (brands: ${registry.brands().map((b) => b.id).join(', ') || 'none'})`);
  return EXIT.usage;
}

/** `tessera config explain <brand> <country> <lng> <json-path>`: the value and the layer and file that set it. */
export async function configExplain(io: CliIo, brandsDir: string, args: string[]): Promise<number> {
  const [id, country, lng, jsonPath] = args;
  if (!id || !country || !lng || jsonPath === undefined) {
    io.err('usage: tessera config explain <brand> <country> <lng> <json-path>   (path: coupon.features.sale or /coupon/features/sale)');
    return EXIT.usage;
  }
  const registry = await load(io, brandsDir);
  const problem = refusedOrUnknown(io, registry, id);
  if (problem !== undefined) return problem;
  const resolved = registry.resolve(id, country, lng);
  const pointer = toPointer(jsonPath);
  const provenance = resolved.explain(pointer);
  if (!provenance) {
    io.err(`tessera: nothing at ${pointer} in ${id} (${resolved.country}, ${resolved.language})`);
    return EXIT.invalid;
  }
  const lines = [
    `${id} ${resolved.country} ${resolved.language}  ${pointer}`,
    `  value:  ${JSON.stringify(provenance.value, null, 2).replace(/\n/g, '\n          ')}`,
    `  set by: ${provenance.layer}`,
    `  file:   ${provenance.file}`,
  ];
  if (provenance.removedBy) lines.push(`  note:   ${provenance.removedBy.layer} (${provenance.removedBy.file}) removed the value with null, so the default applies`);
  if (provenance.contributors && provenance.contributors.length > 1) {
    lines.push(`  merged from: ${provenance.contributors.map((c) => `${c.layer} (${c.file})`).join(' < ')} over the defaults`);
  }
  if (resolved.language !== lng.toLowerCase()) lines.push(`  note:   ${id} does not offer "${lng}"; resolved in its default language ${resolved.language}`);
  io.out(lines.join('\n'));
  return EXIT.ok;
}

/** `tessera config show <brand> <country> <lng>`: the resolved configuration as JSON. */
export async function configShow(io: CliIo, brandsDir: string, args: string[]): Promise<number> {
  const [id, country, lng] = args;
  if (!id || !country || !lng) {
    io.err('usage: tessera config show <brand> <country> <lng>');
    return EXIT.usage;
  }
  const registry = await load(io, brandsDir);
  const problem = refusedOrUnknown(io, registry, id);
  if (problem !== undefined) return problem;
  io.out(JSON.stringify(registry.resolve(id, country, lng).config, null, 2));
  return EXIT.ok;
}
