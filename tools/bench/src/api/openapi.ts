/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  /** The JSON body schema (already dereferenced where the document inlines it), if any. */
  bodySchema?: unknown;
  contentTypes: string[];
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
  components?: { schemas?: Record<string, unknown> };
}

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Fetches `/api-docs/openapi.json` from a running API. */
export async function fetchOpenApi(baseUrl: string): Promise<OpenApiDocument> {
  const res = await fetch(`${baseUrl}/api-docs/openapi.json`);
  if (!res.ok) throw new Error(`GET /api-docs/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** Resolves local `$ref`s (`#/components/schemas/x`) so generators see whole schemas; cycles stop at depth 20. */
export function dereference(node: unknown, doc: OpenApiDocument, depth = 0): unknown {
  if (depth > 20 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => dereference(n, doc, depth + 1));
  const obj = node as Record<string, unknown>;
  const ref = obj['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (acc, key) =>
          acc && typeof acc === 'object'
            ? (acc as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')]
            : undefined,
        doc,
      );
    return dereference(target, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, dereference(v, doc, depth + 1)]));
}

/** Every operation of the document, write operations first flagged by {@link isWrite}. */
export function operations(doc: OpenApiDocument): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json'] ?? Object.values(content)[0];
      result.push({
        method: method.toUpperCase(),
        path,
        ...(json?.schema !== undefined ? { bodySchema: dereference(json.schema, doc) } : {}),
        contentTypes: Object.keys(content),
      });
    }
  }
  return result;
}

/** True for state-changing methods. */
export function isWrite(op: Operation): boolean {
  return WRITE_METHODS.has(op.method.toLowerCase());
}

/** True when the document lists `method path`. */
export function hasOperation(doc: OpenApiDocument, method: string, path: string): boolean {
  return Boolean(doc.paths?.[path]?.[method.toLowerCase()]);
}

/**
 * True for a body schema that admits no parameters (an object with no properties allowed, or `maxProperties: 0`):
 * such a call has no input to damage, and signed in it acts (sign out), so the bad-input drill calls it anonymously.
 */
export function takesNoInput(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as { maxProperties?: number; properties?: Record<string, unknown>; additionalProperties?: unknown };
  if (s.maxProperties === 0) return true;
  return s.additionalProperties === false && Object.keys(s.properties ?? {}).length === 0;
}
