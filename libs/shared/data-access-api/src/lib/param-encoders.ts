/** A single value the client knows how to put on the wire (query text or JSON). */
export type WireScalar = string | number | boolean | Date;
/** Anything an encoder may produce: a scalar, a list of scalars, or a plain object. */
export type WireValue = WireScalar | readonly WireScalar[] | { readonly [key: string]: unknown };

/**
 * Turns one caller argument into its wire value, or `undefined` to leave the parameter out.
 * `TRequired` is type-level only: it decides whether the argument is optional in the call's argument type.
 */
export interface ParamEncoder<TIn, TRequired extends boolean = boolean> {
  readonly kind: string;
  /** The name on the wire when it differs from the argument name (e.g. `Summ`, `Language`). */
  readonly wireName: string | undefined;
  readonly required: TRequired;
  encode(value: TIn | undefined): WireValue | undefined;
}

/** The caller-side type an encoder accepts. */
export type EncoderInput<E> = E extends ParamEncoder<infer TIn, boolean> ? TIn : never;

/** Thrown when an argument cannot be encoded (not a number, outside the allowed set, required but missing). */
export class ParamError extends Error {
  override readonly name = 'ParamError';
}

/** Options every encoder shares (spec section 5). */
export interface ParamOptions<TDefault, TRequired extends boolean> {
  /** Wire name when it differs from the argument name. */
  name?: string;
  /** A value equal to the default is omitted, because the server assumes it. */
  default?: TDefault;
  /** Send the value even when it equals the default, and send the default when the argument is undefined. */
  sendDefault?: boolean;
  /** Text put before the encoded value (scalars and each list item). */
  prefix?: string;
  /** Text put after the encoded value (scalars and each list item). */
  suffix?: string;
  /** The argument becomes mandatory in the type, and a missing value throws. */
  required?: TRequired;
}

function affix(value: WireScalar, options: { prefix?: string; suffix?: string }): WireScalar {
  if (options.prefix === undefined && options.suffix === undefined) return value;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `${options.prefix ?? ''}${text}${options.suffix ?? ''}`;
}

function sameWire(a: WireScalar, b: WireScalar): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * Shared skeleton: coerce, apply default omission, then prefix/suffix.
 * `coerce` returns undefined for "no usable value" (NaN, empty list), which is omitted like undefined.
 */
function scalarEncoder<TIn, TRequired extends boolean>(
  kind: string,
  options: ParamOptions<TIn, TRequired>,
  coerce: (value: TIn) => WireScalar | undefined,
  implicitDefault?: WireScalar,
): ParamEncoder<TIn, TRequired> {
  const defaultWire = options.default !== undefined ? coerce(options.default) : implicitDefault;
  return {
    kind,
    wireName: options.name,
    required: (options.required ?? false) as TRequired,
    encode(value) {
      let wire = value === undefined || value === null ? undefined : coerce(value);
      if (wire === undefined) {
        if (options.required) throw new ParamError(`required ${kind} value is missing or unreadable`);
        if (!options.sendDefault || defaultWire === undefined) return undefined;
        wire = defaultWire;
      } else if (!options.sendDefault && defaultWire !== undefined && sameWire(wire, defaultWire)) {
        return undefined;
      }
      return affix(wire, options);
    },
  };
}

/** Input accepted by `bool`: real booleans, 0/1 and their text forms. */
export type BoolInput = boolean | number | string | null;

/** Coerces like the spec's "booleans coerced": '', '0', 'false' (any case) and 0 are false, anything else truthy is true. */
export function coerceBool(value: BoolInput): boolean {
  if (typeof value === 'string') return !['', '0', 'false'].includes(value.trim().toLowerCase());
  return Boolean(value);
}

/** Boolean parameter; the default is false, so `false` is omitted unless another default is given. */
export function bool<R extends boolean = false>(
  options: ParamOptions<BoolInput, R> = {},
): ParamEncoder<BoolInput, NoInfer<R>> {
  return scalarEncoder('boolean', options, coerceBool, false);
}

/** Input accepted by the numeric encoders. */
export type NumberInput = number | string | null;

/** Parses an integer in base 10 ('08' is 8, '12abc' is 12); unparsable gives undefined. */
export function coerceInt(value: NumberInput): number | undefined {
  if (value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Integer parameter, parsed in base 10. */
export function int<R extends boolean = false>(
  options: ParamOptions<NumberInput, R> = {},
): ParamEncoder<NumberInput, NoInfer<R>> {
  return scalarEncoder('integer', options, (v) => coerceInt(v));
}

/** Rounds half away from zero to `decimals` places without the binary drift of toFixed (1.25 -> 1.3). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const shifted = Math.abs(value) * factor;
  // The epsilon nudge makes 1.25 * 10 = 12.499999... round as 12.5 would.
  const rounded = Math.round(shifted * (1 + Number.EPSILON)) / factor;
  return value < 0 ? -rounded : rounded;
}

/** Options of `float`. */
export interface FloatOptions<R extends boolean> extends ParamOptions<NumberInput, R> {
  /** Round to this many decimals (the spec's variant uses 1). */
  decimals?: number;
}

/** Decimal parameter; a comma is accepted as the decimal separator. */
export function float<R extends boolean = false>(options: FloatOptions<R> = {}): ParamEncoder<NumberInput, NoInfer<R>> {
  return scalarEncoder('decimal', options, (value) => {
    if (value === null) return undefined;
    const parsed = typeof value === 'number' ? value : Number.parseFloat(value.trim().replace(',', '.'));
    if (!Number.isFinite(parsed)) return undefined;
    return options.decimals === undefined ? parsed : roundTo(parsed, options.decimals);
  });
}

/** The spec's decimal variant rounded to one decimal place (coefficients, amounts shown with one decimal). */
export function float1<R extends boolean = false>(
  options: ParamOptions<NumberInput, R> = {},
): ParamEncoder<NumberInput, NoInfer<R>> {
  return float({ ...options, decimals: 1 });
}

/** Text parameter, sent as given (an empty string is sent unless it is the default). */
export function str<R extends boolean = false>(
  options: ParamOptions<string | number | null, R> = {},
): ParamEncoder<string | number | null, NoInfer<R>> {
  return scalarEncoder('string', options, (v) => (v === null ? undefined : String(v)));
}

/** One value out of a fixed set (menu sections, modes); anything else throws so a typo fails in development. */
export function oneOf<const T extends readonly (string | number)[], R extends boolean = false>(
  allowed: T,
  options: ParamOptions<T[number], R> = {},
): ParamEncoder<T[number], NoInfer<R>> {
  return scalarEncoder('one-of', options, (value) => {
    if (!allowed.includes(value)) throw new ParamError(`"${String(value)}" is not one of ${allowed.join(', ')}`);
    return value;
  });
}

/** Date parameter; the client sends it as an ISO-8601 string. Numbers are epoch milliseconds. */
export function date<R extends boolean = false>(
  options: ParamOptions<Date | string | number, R> = {},
): ParamEncoder<Date | string | number, NoInfer<R>> {
  return scalarEncoder('date', options, (value) => {
    const parsed = value instanceof Date ? value : new Date(value);
    return Number.isNaN(parsed.getTime()) ? undefined : parsed;
  });
}

/** Options of the list encoders: no `default`, because an empty list is always omitted. */
export type ListOptions<R extends boolean> = Omit<ParamOptions<never, R>, 'default' | 'sendDefault'>;

function listEncoder<TIn, R extends boolean>(
  kind: string,
  options: ListOptions<R>,
  coerce: (value: TIn) => WireValue | undefined,
): ParamEncoder<TIn, NoInfer<R>> {
  return {
    kind,
    wireName: options.name,
    required: (options.required ?? false) as R,
    encode(value) {
      const wire = value === undefined || value === null ? undefined : coerce(value);
      if (wire === undefined && options.required) throw new ParamError(`a non-empty ${kind} is required`);
      return wire;
    },
  };
}

/** List parameter, sent only when non-empty; in a query it becomes repeated `name[]=` keys. */
export function list<T extends WireScalar = string | number, R extends boolean = false>(
  options: ListOptions<R> = {},
): ParamEncoder<readonly T[] | null, NoInfer<R>> {
  return listEncoder('list', options, (values: readonly T[] | null) => {
    const items = (values ?? []).filter((v) => v !== undefined && v !== null).map((v) => affix(v, options));
    return items.length > 0 ? items : undefined;
  });
}

/** De-duplicates, sorts ascending and comma-joins ids: [5, '3', 5, 10] -> '3,5,10'. Unparsable ids are dropped. */
export function joinIds(values: readonly NumberInput[]): string | undefined {
  const ids = [...new Set(values.map(coerceInt).filter((v): v is number => v !== undefined))].sort((a, b) => a - b);
  return ids.length > 0 ? ids.join(',') : undefined;
}

/** Id list parameter: de-duplicated, sorted ascending, comma-joined, sent only when non-empty. */
export function idList<R extends boolean = false>(
  options: ListOptions<R> = {},
): ParamEncoder<readonly NumberInput[] | null, NoInfer<R>> {
  return listEncoder('id list', options, (values: readonly NumberInput[] | null) => {
    const joined = joinIds(values ?? []);
    return joined === undefined ? undefined : affix(joined, options);
  });
}

/** Object parameter, sent only when it has at least one defined key; JSON in a query, nested in a body. */
export function obj<
  T extends { readonly [key: string]: unknown } = { readonly [key: string]: unknown },
  R extends boolean = false,
>(options: ListOptions<R> = {}): ParamEncoder<T | null, NoInfer<R>> {
  return listEncoder('object', options, (value: T | null) => {
    if (value === null) return undefined;
    const defined = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
    return Object.keys(defined).length > 0 ? defined : undefined;
  });
}
