import fs from 'node:fs';
import path from 'node:path';
import { listSchemaProperties, type SchemaProperty } from './schema-properties';
import { readChainsOfFiles, type ReadChain } from './source-reads';

/** Folders of production code, relative to the workspace root. */
export const PRODUCTION_ROOTS = ['apps', 'libs'];

/** Files that are not production code: tests, generated code, test kits and fixtures. */
const NOT_PRODUCTION = [
  /\.(test|spec)\.tsx?$/,
  /\.d\.ts$/,
  /(^|\/)(node_modules|dist|generated|testing|fixtures|__fixtures__|e2e)\//,
  /(^|\/)libs\/shared\/util-testing\//,
  /(^|\/)libs\/shared\/util-config\/src\/schema-reads\//,
];

/** Production TypeScript files under the given roots, relative to the workspace root, sorted. */
export function productionFiles(workspaceRoot: string, roots: readonly string[] = PRODUCTION_ROOTS): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(workspaceRoot, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!NOT_PRODUCTION.some((re) => re.test(`${child}/`))) walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !NOT_PRODUCTION.some((re) => re.test(child))) {
        out.push(child);
      }
    }
  };
  for (const root of roots) if (fs.existsSync(path.join(workspaceRoot, root))) walk(root);
  return out.sort();
}

/** How the check judged one schema property. */
export interface PropertyVerdict extends SchemaProperty {
  /** True when production code reads it (a container: when it or any property below it is read). */
  read: boolean;
}

/**
 * Generated type name -> the chains (from the configuration root, `config`) its values live at. A type used in
 * several places (`FeatureSwitch`) stands for all of them.
 */
export function typeChainsOf(properties: readonly SchemaProperty[], rootTitle: string): Map<string, ReadChain[]> {
  const map = new Map<string, ReadChain[]>([[rootTitle, [['config']]]]);
  for (const property of properties) {
    if (!property.title) continue;
    map.set(property.title, [...(map.get(property.title) ?? []), ['config', ...property.path]]);
  }
  return map;
}

/** Index of every chain by the names in it: name -> [chain, position]. */
function indexChains(chains: readonly ReadChain[]): Map<string, Array<[ReadChain, number]>> {
  const index = new Map<string, Array<[ReadChain, number]>>();
  for (const chain of chains) {
    chain.forEach((segment, position) => {
      if (position === 0) return; // The root of a chain is a variable, not a property read.
      let list = index.get(segment);
      if (!list) index.set(segment, (list = []));
      list.push([chain, position]);
    });
  }
  return index;
}

/**
 * Whether the chain, ending at `position`, reads the property at `schemaPath`. Names are compared from the leaf up:
 * `*` on either side matches any key; at least two names must match (one for a top-level section), so `.enabled` of
 * one section does not count for another. Above those, a name that is a different schema property rejects the
 * match (`betting.features.sale` is not `coupon.features.sale`); an unknown name (a variable) is accepted.
 */
export function chainReads(
  chain: ReadChain,
  position: number,
  schemaPath: readonly string[],
  schemaNames: ReadonlySet<string>,
  strings: ReadonlySet<string>,
): boolean {
  const named = schemaPath.filter((s) => s !== '*').length;
  const need = Math.min(2, named);
  let matched = 0;
  let k = position;
  for (let j = schemaPath.length - 1; j >= 0; j -= 1, k -= 1) {
    const expected = schemaPath[j] as string;
    if (k < 0) return matched >= need;
    const found = chain[k] as string;
    // An item in code (`links.map((link) => …)`) is any key of the schema there; a computed key (`features[name]`)
    // is one the code spells as a string somewhere.
    if (expected === '*' || found === '*') continue;
    if (found === '?' && strings.has(expected)) continue;
    if (found === expected) {
      matched += 1;
      continue;
    }
    if (matched < need) return false;
    return !schemaNames.has(found);
  }
  return matched >= need;
}

/** Judges every property of a bundled schema against the chains read by production code. */
export function judgeProperties(
  bundle: Record<string, unknown>,
  chainsFor: (typeChains: Map<string, ReadChain[]>) => { chains: ReadChain[]; strings: ReadonlySet<string> },
): PropertyVerdict[] {
  const all = listSchemaProperties(bundle);
  const rootTitle = typeof bundle['title'] === 'string' ? bundle['title'] : 'SiteConfig';
  const { chains, strings } = chainsFor(typeChainsOf(all, rootTitle));
  const index = indexChains(chains);
  const properties = all.filter((p) => !p.item);
  const schemaNames = new Set(properties.flatMap((p) => p.path));
  const direct = new Set<string>();
  for (const property of properties) {
    const leaf = property.path.at(-1) as string;
    const candidates = [...(index.get(leaf) ?? []), ...(strings.has(leaf) ? (index.get('?') ?? []) : [])];
    if (candidates.some(([chain, position]) => chainReads(chain, position, property.path, schemaNames, strings)))
      direct.add(property.pointer);
  }
  return properties.map((property) => {
    const prefix = `${property.pointer}/`;
    const read =
      direct.has(property.pointer) || (property.container && [...direct].some((pointer) => pointer.startsWith(prefix)));
    return { ...property, read };
  });
}

/** Every property of the schema, judged against the production code of the workspace. */
export function judgeWorkspace(workspaceRoot: string, bundle: Record<string, unknown>): PropertyVerdict[] {
  const files = productionFiles(workspaceRoot);
  const sources = files.map((name) => ({ name, text: fs.readFileSync(path.join(workspaceRoot, name), 'utf8') }));
  const titles = listSchemaProperties(bundle).flatMap((property) => (property.title ? [property.title] : []));
  const typeNames = new RegExp(`\\b(${titles.join('|')})\\b`);
  // Parsing is most of the cost: a file that never says "config" and names no configuration type reads none of it.
  const worded = sources.filter(
    (source) => /config|useFeature|isFeatureOn/i.test(source.text) || typeNames.test(source.text),
  );
  return judgeProperties(bundle, (typeChains) => readChainsOfFiles(worded, typeChains));
}

/**
 * The unread properties without `x-planned`, as pointers; under an unread container only the container is listed
 * (marking it planned covers what is below it).
 */
export function unmarkedUnread(verdicts: readonly PropertyVerdict[]): string[] {
  const unread = verdicts.filter((v) => !v.read && v.planned === undefined);
  const pointers = unread.map((v) => v.pointer);
  return pointers.filter((pointer) => !pointers.some((other) => other !== pointer && pointer.startsWith(`${other}/`)));
}
