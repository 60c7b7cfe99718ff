/** A JSON object (not an array, not null). */
export type JsonObject = { [key: string]: unknown };

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of JSON data, so resolved configurations never share objects with layer files. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (isJsonObject(value)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value)) out[key] = cloneJson(value[key]);
    return out as T;
  }
  return value;
}

/**
 * Merges `over` onto `base` into a new object: objects merge deeply, arrays and scalars replace,
 * and `null` removes the key (so a country can take away something the brand set).
 */
export function mergeInto(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const key of Object.keys(over)) {
    const value = over[key];
    if (value === null) {
      delete out[key];
    } else if (isJsonObject(value)) {
      const current = out[key];
      out[key] = isJsonObject(current) ? mergeInto(current, value) : mergeInto({}, value);
    } else {
      out[key] = cloneJson(value);
    }
  }
  return out;
}

/** A copy without the keys whose value is null (nested), used to schema-check a layer's own values. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) if (value[key] !== null) out[key] = withoutNulls(value[key]);
  return out;
}

/** Freezes a JSON tree in place: a cached configuration is shared by every request and must not change. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as JsonObject)[key]);
  }
  return value;
}
