/** Splits an RFC 6901 JSON pointer ('/coupon/features/sale') into unescaped segments. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Joins segments into an RFC 6901 JSON pointer. */
export function formatPointer(segments: readonly string[]): string {
  return segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Accepts either a JSON pointer ('/coupon/features/sale') or the dotted path operators type
 * ('coupon.features.sale', '$.coupon.features.sale') and returns the pointer.
 */
export function toPointer(pathOrPointer: string): string {
  const trimmed = pathOrPointer.trim();
  if (trimmed === '' || trimmed === '$' || trimmed === '/') return '';
  if (trimmed.startsWith('/')) return trimmed;
  const dotted = trimmed.replace(/^\$\.?/, '');
  const segments = dotted.split(/\.|\[(\d+)\]/).filter((s): s is string => s !== undefined && s !== '');
  return formatPointer(segments);
}

/** The value at a pointer, or undefined when any segment is missing. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const segment of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
