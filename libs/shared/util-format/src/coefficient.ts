import { roundDecimal } from './decimal';
import { FRACTIONAL_LADDER } from './fractional-ladder';

/** The coefficient (odds) display formats a bettor can choose in settings. */
export type CoefficientFormat = 'decimal' | 'fractional' | 'american' | 'hongkong' | 'indonesian' | 'malay';

/** Every coefficient format, in the order of their numeric ids (the array index is the id). */
export const COEFFICIENT_FORMATS: readonly CoefficientFormat[] = [
  'decimal',
  'fractional',
  'american',
  'hongkong',
  'indonesian',
  'malay',
];

/** The lowest decimal odds the platform accepts; anything lower is an invalid price. */
export const MIN_DECIMAL_ODDS = 1.01;

/** The format used when none is chosen (spec: default coefficient format 0). */
export const DEFAULT_COEFFICIENT_FORMAT: CoefficientFormat = 'decimal';

/** Maps the numeric format id stored in settings and on the wire to its name; unknown ids fall back to 0, decimal. */
export function coefficientFormatFromId(id: number): CoefficientFormat {
  return (Number.isInteger(id) ? COEFFICIENT_FORMATS[id] : undefined) ?? DEFAULT_COEFFICIENT_FORMAT;
}

/** Maps a format name to its numeric id (decimal 0, fractional 1, american 2, hongkong 3, indonesian 4, malay 5). */
export function coefficientFormatId(format: CoefficientFormat): number {
  const id = COEFFICIENT_FORMATS.indexOf(format);
  if (id < 0) throw new RangeError(`Unknown coefficient format: ${String(format)}`);
  return id;
}

/** The formats a brand offers, from its ids (`betting.coefficientFormats`; none listed means decimal only, ids above 5 ignored). */
export function offeredCoefficientFormats(ids: readonly number[] | undefined): CoefficientFormat[] {
  return (ids ?? [0]).filter((id) => id <= 5).map(coefficientFormatFromId);
}

/**
 * The format a bettor sees: their stored choice when the brand offers it, else the brand's default format id. One rule
 * for every page that shows odds (the sportsbook and the office's bets history alike).
 */
export function chosenCoefficientFormat(
  chosen: unknown,
  offeredIds: readonly number[] | undefined,
  defaultId: number | undefined,
): CoefficientFormat {
  const offered = offeredCoefficientFormats(offeredIds);
  const choice = offered.find((f) => f === chosen);
  return choice ?? coefficientFormatFromId(defaultId ?? 0);
}

/** True when the value is a price the platform can show and accept: finite and at least 1.01. */
export function isValidDecimalOdds(decimalOdds: number): boolean {
  return Number.isFinite(decimalOdds) && decimalOdds >= MIN_DECIMAL_ODDS;
}

/** The probability a decimal price implies (1 / odds), margin included. */
export function impliedProbability(decimalOdds: number): number {
  assertValid(decimalOdds);
  return 1 / decimalOdds;
}

/**
 * The text shown for a decimal price in the chosen format. Rules (README, "Coefficient display formats"):
 * decimal 2 places ("2.50"); fractional the highest rung of the bookmakers' ladder not above the 2-place price
 * ("11/8"; 2.37 shows 5/4, never 137/100); American whole numbers with
 * a sign, +100 at evens ("+150", "-200"); Hong Kong = decimal - 1 ("1.50"); Indonesian = American / 100
 * with a sign ("+1.50", "-2.00"); Malay is positive up to evens and -1/HK above ("0.50", "-0.67").
 * Throws a RangeError for odds below 1.01 or not finite: such a price must never reach a bettor.
 */
export function formatCoefficient(decimalOdds: number, format: CoefficientFormat): string {
  assertValid(decimalOdds);
  switch (format) {
    case 'decimal':
      return roundDecimal(decimalOdds, 2).toFixed(2);
    case 'hongkong':
      return roundDecimal(decimalOdds - 1, 2).toFixed(2);
    case 'fractional':
      return fractional(decimalOdds);
    case 'american':
      return american(decimalOdds);
    case 'indonesian':
      return indonesian(decimalOdds);
    case 'malay':
      return malay(decimalOdds);
    default:
      throw new RangeError(`Unknown coefficient format: ${String(format)}`);
  }
}

/**
 * Reads text in the given format back to decimal odds (the inverse of formatCoefficient, exact up to
 * the format's display rounding); used for typed-in odds such as an auto-bet coefficient.
 * Throws a RangeError when the text is not a price in that format.
 */
export function parseCoefficient(text: string, format: CoefficientFormat): number {
  const trimmed = text.trim();
  const fail = (): never => {
    throw new RangeError(`Not a ${format} coefficient: "${text}"`);
  };
  let decimal: number;
  if (format === 'fractional') {
    const match = /^(\d+)\s*\/\s*(\d+)$/.exec(trimmed);
    if (!match) return fail();
    const numerator = Number(match[1]);
    const denominator = Number(match[2]);
    if (denominator === 0 || numerator === 0) return fail();
    decimal = 1 + numerator / denominator;
  } else {
    if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return fail();
    const value = Number(trimmed);
    switch (format) {
      case 'decimal':
        decimal = value;
        break;
      case 'hongkong':
        decimal = 1 + value;
        break;
      case 'american':
        // American prices are never between -100 and +100: those would be shown on the other side.
        if (Math.abs(value) < 100) return fail();
        decimal = value > 0 ? 1 + value / 100 : 1 + 100 / -value;
        break;
      case 'indonesian':
        if (Math.abs(value) < 1) return fail();
        decimal = value > 0 ? 1 + value : 1 + 1 / -value;
        break;
      case 'malay':
        if (value === 0 || Math.abs(value) > 1) return fail();
        decimal = value > 0 ? 1 + value : 1 + 1 / -value;
        break;
      default:
        return fail();
    }
  }
  if (!isValidDecimalOdds(decimal)) return fail();
  return decimal;
}

function assertValid(decimalOdds: number): void {
  if (!isValidDecimalOdds(decimalOdds)) {
    throw new RangeError(`Invalid decimal odds ${decimalOdds}: odds must be finite and at least ${MIN_DECIMAL_ODDS}`);
  }
}

interface LadderRung {
  readonly text: string;
  readonly decimal: number;
  readonly rounded: number;
}

const LADDER: readonly LadderRung[] = FRACTIONAL_LADDER.map((text) => {
  const [numerator, denominator] = text.split('/').map(Number) as [number, number];
  const decimal = 1 + numerator / denominator;
  return { text, decimal, rounded: roundDecimal(decimal, 2) };
});

function fractional(decimalOdds: number): string {
  const price = roundDecimal(decimalOdds, 2);
  // The highest rung that does not pay more than the price: a bettor is never shown a better price than they get,
  // and a price moving a few hundredths stays on its rung instead of showing 143/100, 137/100, 71/50 tick by tick.
  // Rungs are compared at 2 places, as feeds send them (4/6 arrives as 1.67, 1/3 as 1.33); where two rungs share a
  // 2-place price (1/16 and 1/18 are both 1.06), the one nearer the exact price wins.
  let best: LadderRung | undefined;
  for (const rung of LADDER) {
    if (rung.rounded > price) break;
    const nearer = best !== undefined && Math.abs(rung.decimal - decimalOdds) < Math.abs(best.decimal - decimalOdds);
    if (!best || rung.rounded > best.rounded || nearer) best = rung;
  }
  const top = LADDER[LADDER.length - 1];
  // Above the ladder's last rung (1000/1) the trade prints whole numbers to one, rounded down likewise.
  if (top && price > top.rounded) return `${Math.floor(price - 1)}/1`;
  return best?.text ?? '1/100';
}

function american(decimalOdds: number): string {
  if (decimalOdds >= 2) return `+${roundDecimal((decimalOdds - 1) * 100, 0)}`;
  return `-${roundDecimal(100 / (decimalOdds - 1), 0)}`;
}

function indonesian(decimalOdds: number): string {
  if (decimalOdds >= 2) return `+${fixedNonZero(decimalOdds - 1)}`;
  return `-${fixedNonZero(1 / (decimalOdds - 1))}`;
}

function malay(decimalOdds: number): string {
  const hongKong = decimalOdds - 1;
  // Evens (2.00) is shown positive, 1.00, as is every price up to it; above evens it turns negative.
  if (hongKong <= 1) return fixedNonZero(hongKong);
  return `-${fixedNonZero(1 / hongKong)}`;
}

/** Two places, or up to four when two would show a non-zero price as 0.00 (Malay above 201.00). */
function fixedNonZero(value: number): string {
  for (let places = 2; places < 4; places += 1) {
    const rounded = roundDecimal(value, places);
    if (rounded !== 0) return rounded.toFixed(places);
  }
  return roundDecimal(value, 4).toFixed(4);
}
