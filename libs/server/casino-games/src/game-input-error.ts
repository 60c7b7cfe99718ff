/**
 * A bet or a decision the game's rules refuse (a stake not a multiple of the lines, an invalid split, an action not
 * allowed now). The rounds service answers it as a 422 in the error shape; nothing is drawn or posted.
 */
export class GameInputError extends Error {
  constructor(
    message: string,
    /** The field the refusal is about, as the request names it. */
    readonly field: string,
  ) {
    super(message);
    this.name = 'GameInputError';
  }
}

/** A positive safe integer of minor units, or a {@link GameInputError} naming `field`. */
export function positiveMinor(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new GameInputError(`${field} must be a positive integer of minor units`, field);
  return value;
}

/** A plain object, or a {@link GameInputError}. */
export function objectInput(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new GameInputError(`${field} must be an object`, field);
  return value as Record<string, unknown>;
}

/** Refuses properties other than `allowed` (strict bodies: no silently dropped fields). */
export function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) throw new GameInputError(`${field}.${key} is not a known property`, `${field}.${key}`);
}
