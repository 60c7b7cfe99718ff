import type { WireValue } from './param-encoders';

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * Serialises query parameters the way the platform API reads them (spec section 7):
 * arrays as repeated `key[]=` entries, dates as ISO strings, objects as JSON; undefined and null are left out.
 */
export function toSearchParams(query: Readonly<Record<string, WireValue | null | undefined>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      // The API frameworks behind /web-api read `key[]` as a list; a bare repeated key would keep only the last value.
      const arrayKey = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value as readonly unknown[]) {
        if (item !== undefined && item !== null) params.append(arrayKey, scalarText(item));
      }
    } else {
      params.append(key, scalarText(value));
    }
  }
  return params;
}

/** Appends the serialised query to a URL that may already carry one. */
export function withQuery(url: string, query: Readonly<Record<string, WireValue | null | undefined>>): string {
  const search = toSearchParams(query).toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
