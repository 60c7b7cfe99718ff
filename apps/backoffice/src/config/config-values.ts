/** JSON values as the console's forms handle them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object. */
export type JsonObject = { [key: string]: Json };

/** Whether a value is a plain JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON pointer of path segments (`['coupon', 'features', 'sale']` → `/coupon/features/sale`). */
export function pointerOf(path: readonly (string | number)[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The scope key of the console layer: `<country|*>/<language|*>`. */
export function scopeKey(country: string | undefined, language: string | undefined): string {
  return `${country ?? '*'}/${language ?? '*'}`;
}

/**
 * The values of `edited` that differ from `current`, as a partial object (objects walked, arrays and scalars whole):
 * what a form changed, to go into the console's layer.
 */
export function changedValues(current: unknown, edited: unknown): Json | undefined {
  if (isObject(current) && isObject(edited)) {
    const out: JsonObject = {};
    for (const key of Object.keys(edited)) {
      const changed = changedValues(current[key], edited[key]);
      if (changed !== undefined) out[key] = changed;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (edited === undefined) return undefined;
  return JSON.stringify(current) === JSON.stringify(edited) ? undefined : (edited as Json);
}

/** `base` with `patch` merged in deeply (objects merge, anything else replaces). */
export function mergeJson(base: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const existing = out[key];
    out[key] = isObject(existing) && isObject(value) ? mergeJson(existing, value) : value;
  }
  return out;
}

/** `data` without the value at `path`; objects left empty go too. */
export function withoutValue(data: JsonObject, path: readonly string[]): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined || !(head in data)) return data;
  const out: JsonObject = { ...data };
  const child = out[head];
  if (rest.length === 0 || !isObject(child)) delete out[head];
  else {
    const next = withoutValue(child, rest);
    if (Object.keys(next).length === 0) delete out[head];
    else out[head] = next;
  }
  return out;
}

/** Every leaf of a JSON object with its path (objects walked, arrays whole). */
export function leafValues(value: Json, path: string[] = []): { path: string[]; value: Json }[] {
  if (isObject(value)) return Object.keys(value).flatMap((key) => leafValues(value[key] as Json, [...path, key]));
  return [{ path, value }];
}

/** A JSON Schema node, as far as the forms read it. */
export type SchemaNode = { [key: string]: unknown };

/**
 * The schema of one section for a form: its `$ref` followed into the bundle's `$defs` (kept beside it, so nested refs
 * resolve) and every `default` removed, so the form shows the values the brand has, never the schema's defaults as if
 * they were set.
 */
export function sectionSchema(bundle: SchemaNode, section: string): SchemaNode | undefined {
  const properties = bundle['properties'] as Record<string, SchemaNode> | undefined;
  const entry = properties?.[section];
  if (!entry) return undefined;
  const defs = (bundle['$defs'] ?? {}) as Record<string, SchemaNode>;
  const ref = typeof entry['$ref'] === 'string' ? entry['$ref'] : undefined;
  const target = ref?.startsWith('#/$defs/') ? defs[ref.slice('#/$defs/'.length)] : entry;
  if (!target) return undefined;
  return withoutDefaults({ ...target, title: section, $defs: defs }) as SchemaNode;
}

function withoutDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDefaults);
  if (!isObject(node as Json)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'default' || key === '$id' || key === '$schema') continue;
    out[key] = withoutDefaults(value);
  }
  return out;
}

/** The sections of the site configuration (its top-level properties), in the schema's order. */
export function sectionsOf(bundle: SchemaNode): string[] {
  return Object.keys((bundle['properties'] ?? {}) as Record<string, unknown>).filter((key) => key !== '$schema');
}

/** Whether an ownership row (the role's, from the server) covers a pointer in a scope. */
export function owns(
  ownership: readonly { pointer: string; scope: 'any' | 'country' }[],
  pointer: string,
  withCountry: boolean,
): boolean {
  const parts = pointer.split('/').slice(1);
  return ownership.some((own) => {
    if (own.scope === 'country' && !withCountry) return false;
    const ownParts = own.pointer === '' ? [] : own.pointer.split('/').slice(1);
    return ownParts.length <= parts.length && ownParts.every((p, i) => p === '*' || p === parts[i]);
  });
}

/** A value for display: JSON, short. */
export function shown(value: unknown): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
