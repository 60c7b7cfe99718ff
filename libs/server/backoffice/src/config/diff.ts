import { formatPointer, isJsonObject } from '@tessera/shared/util-config';

/** One changed value: absent `before` or `after` means no value there. */
export interface ValueChange {
  pointer: string;
  before?: unknown;
  after?: unknown;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The values that differ between two JSON documents, leaf by leaf (objects are walked, arrays and scalars compared
 * whole), in key order.
 */
export function diffJson(before: unknown, after: unknown, path: readonly string[] = []): ValueChange[] {
  if (isJsonObject(before) && isJsonObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffJson(before[key], after[key], [...path, key]));
  }
  if (isJsonObject(before) && after === undefined)
    return Object.keys(before).flatMap((key) => diffJson(before[key], undefined, [...path, key]));
  if (isJsonObject(after) && before === undefined)
    return Object.keys(after).flatMap((key) => diffJson(undefined, after[key], [...path, key]));
  if (same(before, after)) return [];
  const change: ValueChange = { pointer: formatPointer(path) };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  return [change];
}

/** Every leaf value of a JSON document with its pointer (objects walked, arrays as one value). */
export function leaves(value: unknown, path: readonly string[] = []): { pointer: string; value: unknown }[] {
  if (isJsonObject(value))
    return Object.keys(value)
      .sort()
      .flatMap((key) => leaves(value[key], [...path, key]));
  return [{ pointer: formatPointer(path), value }];
}

/** The top-level section of a pointer (`/coupon/features/sale` → coupon). */
export function sectionOf(pointer: string): string {
  return pointer.split('/')[1] ?? '';
}
