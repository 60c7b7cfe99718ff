/**
 * The trading desk that decides VIP bets (a stake over the brand's maxBet, sent with MakeBetBidWeb). The desk is the
 * operator's (a trader's screen or a risk engine bought in), so the platform talks to it through this port
 * (ADR 0136). The development desk below decides by the rules a real desk applies, after a delay, and can be made
 * unavailable; it never approves everything.
 */

/** What the desk is shown: one held bet. Amounts in minor units. */
export interface VipBid {
  betId: string;
  brandId: string;
  userId: string;
  currency: string;
  /** The stake asked for. */
  stake: number;
  /** The coefficient the bet would stand at. */
  coef: number;
  /** The return if it wins, at the asked stake. */
  potentialWin: number;
  selections: ReadonlyArray<{ gameId: number; outcomeId: string; coef: number }>;
  /** The brand's largest ordinary stake in this currency (minor units), if it has one. */
  maxBet: number | undefined;
  createdAt: Date;
}

/**
 * The desk's word: approved for a stake up to the asked one and, on a bet of one selection, odds up to the asked ones
 * (lower is a counter-offer), or declined.
 */
export type VipDecision = { kind: 'approved'; stake: number; coef?: number } | { kind: 'declined'; reason: string };

/** The desk could not answer now (down, overloaded, timed out); the platform asks again until the bid lapses. */
export class VipDeskUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VipDeskUnavailableError';
  }
}

/** The port. `review` may take long (a trader looks at it); it honours the signal and throws when it cannot answer. */
export interface VipBetDesk {
  review(bid: VipBid, signal: AbortSignal): Promise<VipDecision>;
  /** Traders decide in the operators' console (`decideHeldVipBet`): the platform asks nothing and keeps the lapse. */
  readonly decidedInConsole?: boolean;
}

/**
 * The operators' console as the trading desk (ADR 0315): held bids wait on its VIP desk, where a risk officer accepts,
 * counter-offers or rejects them before `decideBy`; the platform asks no one, and a bid nobody decides lapses.
 */
export class ConsoleVipDesk implements VipBetDesk {
  readonly decidedInConsole = true;

  async review(): Promise<VipDecision> {
    throw new VipDeskUnavailableError('VIP bets are decided by traders in the console');
  }
}

/** Options of {@link DevelopmentVipDesk}. */
export interface DevelopmentVipDeskOptions {
  /** How long a decision takes, ms (default 3,000: a trader's quick look). */
  decisionMs?: number;
  /** Approve the whole stake up to this multiple of maxBet (default 10). */
  approveUpTo?: number;
  /** Above approveUpTo and up to this multiple, counter-offer approveUpTo × maxBet (default 50); above it, decline. */
  counterOfferUpTo?: number;
  /** Refuse to answer (as a desk that is down); flip at run time with {@link DevelopmentVipDesk.setAvailable}. */
  available?: boolean;
}

/** Waits ms unless the signal aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new VipDeskUnavailableError('review cancelled'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new VipDeskUnavailableError('review cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The development desk: after `decisionMs` it approves a stake up to `approveUpTo` × maxBet, counter-offers that much
 * up to `counterOfferUpTo` × maxBet, and declines above it or when the coefficient is above 50 (a risk a desk refuses).
 * Without a maxBet for the currency it declines: there is no scale to judge the stake by. It remembers what it decided,
 * so asking again about the same bet gives the same word, as a real desk's ticket does.
 */
export class DevelopmentVipDesk implements VipBetDesk {
  private available: boolean;
  private readonly decided = new Map<string, VipDecision>();
  private readonly decisionMs: number;
  private readonly approveUpTo: number;
  private readonly counterOfferUpTo: number;

  constructor(options: DevelopmentVipDeskOptions = {}) {
    this.decisionMs = options.decisionMs ?? 3_000;
    this.approveUpTo = options.approveUpTo ?? 10;
    this.counterOfferUpTo = options.counterOfferUpTo ?? 50;
    this.available = options.available ?? true;
  }

  setAvailable(available: boolean): void {
    this.available = available;
  }

  async review(bid: VipBid, signal: AbortSignal): Promise<VipDecision> {
    const known = this.decided.get(bid.betId);
    if (known) return known;
    await pause(this.decisionMs, signal);
    if (!this.available) throw new VipDeskUnavailableError('the trading desk is not answering');
    const decision = this.decide(bid);
    this.decided.set(bid.betId, decision);
    return decision;
  }

  private decide(bid: VipBid): VipDecision {
    if (bid.maxBet === undefined || bid.maxBet <= 0) return { kind: 'declined', reason: 'no_limit_for_currency' };
    if (bid.coef > 50) return { kind: 'declined', reason: 'coefficient_too_high' };
    const full = bid.maxBet * this.approveUpTo;
    if (bid.stake <= full) return { kind: 'approved', stake: bid.stake };
    if (bid.stake <= bid.maxBet * this.counterOfferUpTo) return { kind: 'approved', stake: full };
    return { kind: 'declined', reason: 'stake_too_high' };
  }
}
