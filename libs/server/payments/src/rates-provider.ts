/** One exchange rate: 1 unit of `base` buys `rate` units of `quote`, as the provider published it at `asOf`. */
export interface ExchangeRate {
  base: string;
  quote: string;
  rate: number;
  asOf: Date;
}

/** The rates provider refused or could not be reached: transfers are refused rather than priced on a guess. */
export class RatesUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RatesUnavailableError';
  }
}

/** The outside world's exchange rates, behind one interface so development and tests need no real feed. */
export interface RatesProvider {
  readonly id: string;
  /** The current rate from base to quote; throws {@link RatesUnavailableError} when it has none or cannot answer. */
  getRate(base: string, quote: string): Promise<ExchangeRate>;
}

/**
 * The sandbox's rates: units of each currency one euro buys (a rough late-2026 picture; development data, not a
 * market). Cross rates go through the euro.
 */
export const SANDBOX_RATES_PER_EUR: Readonly<Record<string, number>> = Object.freeze({
  EUR: 1,
  USD: 1.08,
  GBP: 0.86,
  CAD: 1.51,
  RUB: 98.5,
  KZT: 540,
  TRY: 37.2,
  UAH: 44.8,
  BYN: 3.55,
  INR: 90.4,
  USDT: 1.08,
});

/** Options of {@link createSandboxRatesProvider}. */
export interface SandboxRatesOptions {
  /** Units per euro; default {@link SANDBOX_RATES_PER_EUR}. A currency not listed has no rate. */
  ratesPerEur?: Readonly<Record<string, number>>;
  /** When the rates were published; default a minute before now (the feed updates every few minutes). */
  publishedAt?: () => Date;
  /** Make the provider fail as an unreachable feed does (tests and drills). */
  unavailable?: () => boolean;
  clock?: () => Date;
}

/**
 * The development rates provider: configured rates, a publication time that can age (a stale feed) and a switch that
 * makes it unreachable, so both refusals are reachable; never a made-up rate for a currency it does not list.
 */
export function createSandboxRatesProvider(options: SandboxRatesOptions = {}): RatesProvider {
  const rates = options.ratesPerEur ?? SANDBOX_RATES_PER_EUR;
  const clock = options.clock ?? (() => new Date());
  const publishedAt = options.publishedAt ?? (() => new Date(clock().getTime() - 60_000));
  return {
    id: 'sandbox',
    async getRate(base, quote) {
      if (options.unavailable?.()) throw new RatesUnavailableError('The rates feed does not answer');
      const b = rates[base];
      const q = rates[quote];
      if (!b || !q) throw new RatesUnavailableError(`No rate for ${base} to ${quote}`);
      return { base, quote, rate: q / b, asOf: publishedAt() };
    },
  };
}
