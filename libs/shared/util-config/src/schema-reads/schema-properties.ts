/** A JSON Schema node as plain data. */
type SchemaNode = { [key: string]: unknown };

/** One property of the schema, by path: `['coupon', 'features', 'sale']`; `*` stands for any key of a map or item of an array. */
export interface SchemaProperty {
  /** Path segments from the root; `*` for a key of a map (`additionalProperties`, `patternProperties`) or an array item. */
  path: string[];
  /** JSON pointer with `*` segments, for messages: `/global/currencies/*\/symbol`. */
  pointer: string;
  /** The `x-planned` feature of this property or of the nearest ancestor that has one. */
  planned?: string;
  /** True when the property holds an object with named properties of its own (a container). */
  container: boolean;
  /** True for the item of a map or array (`*` last): listed for its type name, not a property of its own. */
  item: boolean;
  /** The `title` of its schema (the generated type name, `CouponFeatures`), if it has one. */
  title?: string;
}

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(root: SchemaNode, node: SchemaNode, seen: Set<string>): SchemaNode {
  let current = node;
  while (typeof current['$ref'] === 'string') {
    const ref = current['$ref'];
    if (seen.has(ref)) return {};
    seen.add(ref);
    const match = /^#\/\$defs\/(.+)$/.exec(ref);
    const defs = root['$defs'];
    const target = match?.[1] && isNode(defs) ? defs[match[1]] : undefined;
    if (!isNode(target)) throw new Error(`unresolvable $ref ${ref}`);
    // Keywords beside a $ref (description, x-planned) belong to the property; the target gives the shape.
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** The schemas a node combines: itself and its `allOf` / `anyOf` / `oneOf` / `then` / `else` branches. */
function branches(root: SchemaNode, node: SchemaNode, seen: Set<string>): SchemaNode[] {
  const resolved = resolveRef(root, node, seen);
  const out = [resolved];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = resolved[key];
    if (Array.isArray(list)) for (const item of list) if (isNode(item)) out.push(...branches(root, item, seen));
  }
  for (const key of ['then', 'else']) {
    const sub = resolved[key];
    if (isNode(sub)) out.push(...branches(root, sub, seen));
  }
  return out;
}

/**
 * Every property of a bundled schema (the codegen bundle: one document, `$ref`s into its `$defs`), depth first.
 * A property reached twice by the same path (through two branches) is listed once.
 */
export function listSchemaProperties(root: SchemaNode): SchemaProperty[] {
  const out = new Map<string, SchemaProperty>();
  const visit = (node: SchemaNode, path: string[], planned: string | undefined, seen: Set<string>) => {
    // Refs already followed on the way down: a recursive schema stops instead of looping.
    const below = new Set(seen);
    for (const branch of branches(root, node, below)) {
      const props = branch['properties'];
      if (isNode(props)) {
        for (const [name, child] of Object.entries(props)) {
          if (!isNode(child) || name === '$schema') continue;
          addProperty(child, [...path, name], planned, below);
        }
      }
      const maps: unknown[] = [branch['additionalProperties'], branch['items']];
      const pattern = branch['patternProperties'];
      if (isNode(pattern)) maps.push(...Object.values(pattern));
      for (const sub of maps) if (isNode(sub)) addProperty(sub, [...path, '*'], planned, below);
    }
  };
  const addProperty = (node: SchemaNode, path: string[], inherited: string | undefined, seen: Set<string>) => {
    const resolved = resolveRef(root, node, new Set(seen));
    const own =
      typeof node['x-planned'] === 'string'
        ? node['x-planned']
        : typeof resolved['x-planned'] === 'string'
          ? resolved['x-planned']
          : undefined;
    const planned = own ?? inherited;
    const pointer = `/${path.join('/')}`;
    const container = branches(root, node, new Set(seen)).some(
      (b) => isNode(b['properties']) && Object.keys(b['properties']).length > 0,
    );
    const title = typeof resolved['title'] === 'string' ? resolved['title'] : undefined;
    if (!out.has(pointer))
      out.set(pointer, { path, pointer, planned, container, item: path.at(-1) === '*', ...(title ? { title } : {}) });
    visit(node, path, planned, seen);
  };
  visit(root, [], undefined, new Set());
  return [...out.values()];
}
