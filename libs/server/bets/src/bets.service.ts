import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import type { Database, Queryable } from '@tessera/server/db';
import {
  accountPolicy,
  getAccountBalance,
  platformAccount,
  stakeKey,
  userAccount,
  type AccountRef,
} from '@tessera/server/ledger';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import {
  FULL_COVER_BETS,
  INSURABLE_BET_TYPES,
  insurancePremium,
  potentialWin,
  validateCoupon,
  type BetType,
  type Coupon,
  type CouponConfig,
  type CouponSelection,
  type FullCoverBetName,
} from '@tessera/sportsbook/util-coupon';
import { offeredGame, type LineModel } from './line.port';
import type { SiteOffer } from './site-offer';
import type { BetKind } from './bet-maths';
import type { BetRules, CouponFeature } from './bets.config';
import { refusal } from './refusals';
import {
  findBetsByGuid,
  selectionNameColumns,
  type BetRow,
  type NewBet,
  type SelectionName,
  type SelectionRow,
} from './bets.repository';
import { advanceStanding, lockAdvance, type AdvanceHold } from './advance.service';
import type { LiveDelayHold } from './live-delay.service';
import type { VipHold } from './vip-approval.service';
import type {
  CheckCf,
  MakeBetBidBody,
  MakeBetBody,
  MakeBetMultiBody,
  MakeBetResponse,
  OddsChange,
  WireEvent,
} from './bet-wire';

/** The signed-in bettor a placement is for. */
export interface Bettor {
  brandId: string;
  userId: string;
  currency: string;
}

/** A limit a stake must stay within, with what the bettor staked and lost before it in the period (ADR 0295). */
export interface StakeCeiling {
  kind: 'wager' | 'loss';
  period: 'day' | 'week' | 'month';
  /** Integer minor units. */
  limit: number;
}

/**
 * What a gate that counts stakes answers when it lets one through (player protection, ADR 0295): the calendar periods
 * the stake counts in and the limits it must stay within. Placement checks them in the transaction that writes the
 * bet, under the bettor's usage row lock, so two stakes at once cannot both pass a limit.
 */
export interface StakeCeilings {
  /** The starts of the day, week and month the stake counts in (the bettor's time zone). */
  periods: { day: Date; week: Date; month: Date };
  ceilings: readonly StakeCeiling[];
  /** The refusal when the stake would pass `ceiling`, `used` (minor units) having been used before it. */
  refuse(ceiling: StakeCeiling, used: number): ApiError;
}

/** What a stake gate answers: a refusal, ceilings to check when the stake is written, or nothing to say. */
export type StakeGateAnswer = ApiError | StakeCeilings | undefined;

/**
 * A check asked before a bet's stake is written (libs/server/responsible's locks and limits, verification): an
 * ApiError refuses the placement with it, nothing written; undefined lets it through; ceilings let it through to be
 * checked against them when it is written (ADR 0295). Amounts are integer minor units. A gate that knows at once (a
 * cached profile) answers at once, without a promise: the placement then goes on to bet_place without giving the
 * event loop a turn to other work (ADR 0504); a gate that must read answers a promise.
 */
export type StakeGate = (input: {
  accountId: string;
  brandId: string;
  currency: string;
  stakeMinor: number;
}) => StakeGateAnswer | Promise<StakeGateAnswer>;

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | undefined)?.then === 'function';

/** The ceilings of two gates together: the periods of the first; the refusal of a ceiling is its own gate's. */
function withCeilings(
  counted: StakeCeilings | undefined,
  answer: StakeCeilings | undefined,
): StakeCeilings | undefined {
  if (!answer) return counted;
  if (!counted) return answer;
  const own = new Set(answer.ceilings);
  return {
    periods: counted.periods,
    ceilings: [...counted.ceilings, ...answer.ceilings],
    refuse: (ceiling, used) => (own.has(ceiling) ? answer : counted).refuse(ceiling, used),
  };
}

/**
 * Asks every gate in turn: the first refusal, else the ceilings the gates answered together (the periods of the
 * first that answered any; the refusal of a ceiling is its own gate's). At once when every gate answered at once (no
 * gate, or cached answers); a promise from the first gate that answered one.
 */
export function askStakeGates(
  gates: readonly StakeGate[] | undefined,
  input: Parameters<StakeGate>[0],
): StakeGateAnswer | Promise<StakeGateAnswer> {
  const all = gates ?? [];
  let counted: StakeCeilings | undefined;
  for (let i = 0; i < all.length; i++) {
    const answer = (all[i] as StakeGate)(input);
    if (isPromise(answer)) return askOnward(all, i, answer, counted, input);
    if (answer instanceof ApiError) return answer;
    counted = withCeilings(counted, answer);
  }
  return counted;
}

/** {@link askStakeGates} from gate `at`, whose answer is `pending`, on. */
async function askOnward(
  all: readonly StakeGate[],
  at: number,
  pending: Promise<StakeGateAnswer>,
  counted: StakeCeilings | undefined,
  input: Parameters<StakeGate>[0],
): Promise<StakeGateAnswer> {
  let answer = await pending;
  for (let i = at; ;) {
    if (answer instanceof ApiError) return answer;
    counted = withCeilings(counted, answer);
    i += 1;
    const gate = all[i];
    if (!gate) return counted;
    answer = await gate(input);
  }
}

/**
 * What the stake gates added to one placement, in milliseconds of wall time (issue 13's limit-check figure, ADR 0504).
 * Reported through {@link PlacementTimer.gate} once per placement whose gates were asked and whose gate work finished:
 * let through and written, refused by a gate, or refused by a ceiling in bet_place.
 */
export interface GateTiming {
  /** Asking the gates in this process (player protection answers from its cached profile). */
  askMs: number;
  /**
   * bet_place's check of the gates' ceilings in the placement's own transaction: from just before it takes the
   * bettor's usage row (waiting for its lock included) to the stake counted and the ceilings checked. 0 when no gate
   * answered ceilings (nothing to check) or a gate refused first.
   */
  checkMs: number;
  /** askMs + checkMs: the gate's time in this placement. */
  ms: number;
  /** A gate refused the bet, or bet_place found a ceiling passed. */
  refused: boolean;
}

/**
 * Optional timings of placements (the bench's limit checks). Absent, placement reads no clock and bet_place none.
 */
export interface PlacementTimer {
  /** The stake gates' time in one placement (none when the context has no gate). */
  gate?(timing: GateTiming): void;
  /**
   * bet_place's time in the database, from its statement's start to its checks and writes done (the transaction
   * before its commit), once per placement that bet_place answered, gated or not.
   */
  written?(ms: number): void;
}

/** What placing needs: the database, the live read model and the clock. */
export interface PlacementContext {
  db: Database;
  model: () => LineModel;
  clock: () => Date;
  /** Checks other areas plug in before a stake is written (player protection's limits and locks). */
  stakeGates?: readonly StakeGate[];
  /** Timings of each placement, for the bench (no cost when absent). */
  timer?: PlacementTimer;
  /** Called after a new auto-bet is stored, so the watcher follows its outcome. */
  onAutoBet?: (bet: { betId: string; outcomeId: string; cf: number }) => void;
  /** Called after a VIP bet is stored, so it goes to the trading desk. */
  onVipBid?: (betId: string) => void;
  /** Called after an advance bet is held, so it is funded as soon as the balance covers it (README: advance bets). */
  onAdvanceBet?: (betGuid: string) => void;
  /** Live bets' hold (README: live bets held); without it bets on live games are accepted at once. */
  liveDelay?: {
    /** Queues the decision at the end of the hold (a job in the database: README, live bets held); never throws. */
    schedule(betGuid: string, untilMs: number): Promise<void>;
    /** Resolves once the placement is decided, on this server or another. */
    decided(betGuid: string, untilMs: number): Promise<void>;
  };
}

/** One bet a request asks for, before pricing. */
interface PlannedBet {
  kind: BetKind;
  vid: number;
  /** k of a system; a full cover's smallest fold. */
  systemK: number | null;
  /** The named full cover (kind fullCover). */
  fullCover?: FullCoverBetName;
  events: WireEvent[];
  /** Major units as sent (per line for a full cover). */
  summ: number;
}

/** A whole request normalised: its bets, flags and the features it uses. */
export interface Plan {
  betGuid: string;
  bets: PlannedBet[];
  checkCf: CheckCf | undefined;
  features: CouponFeature[];
  multi: boolean;
  boost: boolean;
  autoBetCf: number | undefined;
  antiExpressCoef: number | undefined;
  vip: boolean;
  /** IsInsurance: each bet's stake comes back if it loses, for a premium (README: bet insurance). */
  insurance: boolean;
  /** notWait: answer `waiting` at once instead of holding the request through a live bet's hold. */
  notWait: boolean;
  /** DropOnScoreChange: a goal during a live bet's hold refuses it. */
  dropOnScoreChange: boolean;
  /** avanceBet: a stake above the balance may be held on the bettor's advance (README: advance bets). */
  advance: boolean;
  details: Record<string, unknown>;
}

const kindOfVid: Record<number, BetKind> = { 0: 'single', 1: 'express', 2: 'system', 3: 'antiExpress', 4: 'fullCover' };

function flagDetails(body: MakeBetBody | MakeBetBidBody | MakeBetMultiBody): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of [
    'OneClickBet',
    'notWait',
    'avanceBet',
    'IsPowerBet',
    'IsInsurance',
    'promo',
    'CouponCode',
    'DropOnScoreChange',
    'TransformEventKind',
    'withLobby',
    'autoBetCfView',
    'live',
  ] as const) {
    const value = (body as unknown as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

function singleFeatures(body: MakeBetBody | MakeBetBidBody): CouponFeature[] {
  const used: CouponFeature[] = [];
  if (body.OneClickBet) used.push('oneClick');
  if (body.isAutoBet) used.push('autoBet');
  if (body.IsExpressBoost) used.push('expressBoost');
  if (body.IsPowerBet) used.push('powerBet');
  if (body.IsInsurance) used.push('insurance');
  if (body.promo) used.push('promoCode');
  if (body.withLobby) used.push('lobby');
  if (body.vid === 2) used.push('system');
  if (body.avanceBet) used.push('advanceBet');
  return used;
}

/** MakeBetWeb and MakeBetBidWeb as a plan. */
export function planSingle(body: MakeBetBody | MakeBetBidBody, vip: boolean): Plan {
  const features = singleFeatures(body);
  if (vip) features.push('vipBet');
  const summ = vip ? (body as MakeBetBidBody).VIPBetSumm : (body as MakeBetBody).Summ;
  const kind = kindOfVid[body.vid] as BetKind;
  // A full cover (vid 4) names its kind; its smallest fold is stored as system_k (migration 0540).
  const named = kind === 'fullCover' && !vip ? (body as MakeBetBody).FullCover : undefined;
  if (kind === 'fullCover' && !named)
    throw refusal('invalid_system_size', 'vid 4 needs FullCover: which full-cover bet');
  const bets: PlannedBet[] =
    kind === 'single'
      ? body.Events.map((e) => ({ kind, vid: body.vid, systemK: null, events: [e], summ }))
      : [
          {
            kind,
            vid: body.vid,
            systemK: kind === 'system' ? (body.expressNum ?? 0) : named ? FULL_COVER_BETS[named].smallestFold : null,
            ...(named ? { fullCover: named } : {}),
            events: body.Events,
            summ,
          },
        ];
  return {
    betGuid: body.betGUID.toLowerCase(),
    bets,
    checkCf: body.CheckCf,
    features,
    multi: false,
    boost: body.IsExpressBoost === true,
    autoBetCf: body.isAutoBet ? body.autoBetCf : undefined,
    antiExpressCoef: body.AntiExpressCoef,
    vip,
    insurance: body.IsInsurance === true,
    notWait: body.notWait === true,
    dropOnScoreChange: body.DropOnScoreChange === true,
    advance: body.avanceBet === true,
    details: { ...flagDetails(body), ...(named ? { fullCover: named } : {}) },
  };
}

/** MakeBetWebMulti as a plan: each coupon a single (one event) or an express. */
export function planMulti(body: MakeBetMultiBody): Plan {
  const features: CouponFeature[] = ['multiBet'];
  if (body.OneClickBet) features.push('oneClick');
  if (body.avanceBet) features.push('advanceBet');
  return {
    betGuid: body.betGUID.toLowerCase(),
    bets: body.coupons.map((c) => ({
      kind: c.vid === 1 ? 'express' : 'single',
      vid: c.vid,
      systemK: null,
      events: c.Events,
      summ: c.Summ,
    })),
    checkCf: body.CheckCf,
    features,
    multi: true,
    boost: false,
    autoBetCf: undefined,
    antiExpressCoef: undefined,
    vip: false,
    insurance: false,
    notWait: body.notWait === true,
    dropOnScoreChange: false,
    advance: body.avanceBet === true,
    details: flagDetails(body),
  };
}

/** The request's fingerprint: what is bet on and how much (coefficients excluded: re-placements after odds changes keep the guid). */
function requestHash(plan: Plan): string {
  // Insurance is appended only when asked, so the fingerprints of bets stored before it existed stay the same.
  const canonical = JSON.stringify([
    plan.vip,
    plan.bets.map((b) => [
      b.vid,
      b.systemK,
      toMinorUnits(b.summ),
      b.events.map((e) => [e.gameId, e.outcomeId]),
      ...(b.fullCover ? [b.fullCover] : []),
    ]),
    plan.autoBetCf ?? null,
    ...(plan.insurance ? ['insured'] : []),
    ...(plan.advance ? ['advance'] : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

/** The line now for one event, or the refusal it earns. */
interface LineNow {
  marketId: string;
  odds: number;
  blocked: boolean;
  home: string;
  away: string;
  /** The game is in play (a live bet's hold applies). */
  live: boolean;
  score?: { home: number; away: number };
  /** The market and outcome by name, when the line gives them. */
  name: SelectionName | null;
}

function lineFor(model: LineModel, offer: SiteOffer, event: WireEvent, index: number): LineNow {
  // A game the bettor's brand and country do not show is refused exactly as one the line does not have (ADR 0190).
  const entry = offeredGame(model, offer, event.gameId);
  if (!entry || entry.game.status === 'finished' || entry.game.status === 'cancelled') {
    throw refusal('game_closed', `event ${index}: game ${event.gameId} is finished or not offered`);
  }
  const found = entry.outcomeById.get(event.outcomeId);
  if (!found || found.outcome.status === 'settled' || found.market.status === 'settled') {
    throw refusal('outcome_unknown', `event ${index}: outcome ${event.outcomeId} is not offered`);
  }
  if (!offer.offersMarket(entry.game, found.market))
    throw refusal(
      'live_market_not_offered',
      `event ${index}: ${found.market.type} markets are closed once a game is live`,
    );
  return {
    marketId: found.market.id,
    odds: found.outcome.odds,
    blocked: found.market.status !== 'open' || found.outcome.status !== 'open',
    home: entry.game.home.name,
    away: entry.game.away.name,
    live: entry.game.status === 'live',
    ...(entry.game.live ? { score: { home: entry.game.live.score.home, away: entry.game.live.score.away } } : {}),
    name:
      found.market.type !== undefined && found.outcome.code !== undefined && found.outcome.nameKey !== undefined
        ? {
            marketType: found.market.type,
            marketLine: found.market.line ?? null,
            outcomeCode: found.outcome.code,
            outcomeNameKey: found.outcome.nameKey,
          }
        : null,
  };
}

/** The CheckCf rule (data-access-coupon README, "CheckCf"): 0 accepts no change, 1 only increases, 2 any change. */
export function acceptedByPolicy(changes: readonly OddsChange[], policy: CheckCf): boolean {
  if (changes.length === 0 || policy === 2) return true;
  if (policy === 1) return changes.every((c) => c.current > c.previous);
  return false;
}

function toCoupon(
  plan: Plan,
  currency: string,
  odds: (globalIndex: number) => number,
  blocked: (globalIndex: number) => boolean,
): Coupon {
  const selections: CouponSelection[] = [];
  let index = 0;
  plan.bets.forEach((bet, group) => {
    for (const e of bet.events) {
      selections.push({
        gameId: String(e.gameId),
        marketId: '',
        outcomeId: e.outcomeId,
        odds: odds(index),
        blocked: blocked(index),
        live: false,
        group: plan.multi ? group : 0,
      });
      index += 1;
    }
  });
  const first = plan.bets[0] as PlannedBet;
  const betType: BetType = plan.multi ? 'multi' : first.kind;
  return {
    betType,
    selections,
    stake: first.summ,
    systemSize: first.systemK ?? 2,
    ...(first.fullCover ? { fullCover: first.fullCover } : {}),
    groupStakes: plan.multi ? plan.bets.map((b) => b.summ) : [],
    currency,
  };
}

/** A bet row with the column names bet_place reads. */
function betRecord(b: Omit<NewBet, 'createdAt'>): Record<string, unknown> {
  return {
    id: b.id,
    bet_guid: b.betGuid,
    line_no: b.lineNo,
    ledger_guid: b.ledgerGuid,
    brand_id: b.brandId,
    user_id: b.userId,
    currency: b.currency,
    kind: b.kind,
    vid: b.vid,
    system_k: b.systemK,
    status: b.status,
    hold_reason: b.holdReason,
    stake: b.stake,
    stake_tax: b.stakeTax,
    original_stake: b.originalStake,
    coef: b.coef,
    boost_percent: b.boostPercent,
    auto_bet_cf: b.autoBetCf,
    potential_win: b.potentialWin,
    request_hash: b.requestHash,
    details: b.details,
  };
}

function newBetId(): string {
  return `b_${randomBytes(10).toString('hex')}`;
}

/**
 * The postings of a bet's stake, exactly as the ledger's stakeBet writes them (wallet to bets held and taxes
 * payable, key `bet.stake:<ledger guid>`), as one ledger_post call of the bet_place function (ADR 0121).
 */
function stakePost(bettor: Bettor, ledgerGuid: string, stake: number, tax: number) {
  return ledgerPost(stakeKey(ledgerGuid), 'bet.stake', ledgerGuid, [
    { account: userAccount(bettor.userId, bettor.currency), amount: -stake },
    { account: platformAccount(bettor.brandId, bettor.currency, 'bets_held'), amount: stake - tax },
    { account: platformAccount(bettor.brandId, bettor.currency, 'taxes_payable'), amount: tax },
  ]);
}

/** The ledger key of a bet's insurance premium. */
export function insuranceKey(ledgerGuid: string): string {
  return `bet.insurance:${ledgerGuid}`;
}

/** An insurance premium: the bettor pays the house (README: bet insurance). */
function premiumPost(bettor: Bettor, ledgerGuid: string, premium: number) {
  return ledgerPost(insuranceKey(ledgerGuid), 'bet.insurance', ledgerGuid, [
    { account: userAccount(bettor.userId, bettor.currency), amount: -premium },
    { account: platformAccount(bettor.brandId, bettor.currency, 'house'), amount: premium },
  ]);
}

/** One balanced ledger transaction as bet_place takes it (zero postings dropped). */
interface StakePost {
  key: string;
  kind: string;
  ledgerGuid: string;
  postings: Array<{ account: AccountRef; amount: number }>;
}

function ledgerPost(
  key: string,
  kind: string,
  ledgerGuid: string,
  all: Array<{ account: AccountRef; amount: number }>,
): StakePost {
  return { key, kind, ledgerGuid, postings: all.filter((p) => p.amount !== 0) };
}

/**
 * bet_place (migration 0521): the bet rows, their selections and the stakes' ledger transactions in one statement.
 * The stakes go as ledger_post's typed arrays, every stake's postings one after another (ADR 0290).
 */
interface BetPlaceRow {
  outcome: 'placed' | 'duplicate' | 'limit';
  balance: string | null;
  /** 'limit': the ceiling passed (1-based) and what was used before the stake. */
  ceiling: number | null;
  used: string | null;
  /** Timed only (migration 1110): the usage check's ms (null without ceilings) and the statement's ms. */
  gate_ms: number | null;
  write_ms: number | null;
}

async function betPlace(
  db: Queryable,
  rows: readonly NewBet[],
  selections: readonly SelectionRow[],
  stakes: readonly StakePost[],
  at: Date,
  bettor: Bettor,
  counted: StakeCeilings | undefined,
  timed = false,
): Promise<BetPlaceRow | undefined> {
  const postings = stakes.flatMap((s) => s.postings);
  const policies = postings.map((p) => accountPolicy(p.account.purpose));
  const ceilings = counted?.ceilings ?? [];
  const result = await db.query<BetPlaceRow>(
    `select outcome, balance, ceiling, used, gate_ms, write_ms from bet_place($1::jsonb, $2::jsonb, $3, $4, $5, $6::text[],
       $7::text[], $8::text[], $9::smallint[], $10::text[], $11::text[], $12::text[], $13::text[], $14::boolean[],
       $15::smallint[], $16::bigint[], $17::timestamptz[], $18::bigint, $19::text[], $20::text[], $21::bigint[], $22::boolean)`,
    [
      JSON.stringify(rows.map(({ createdAt: _at, ...row }) => betRecord(row))),
      selectionRecords(selections),
      at,
      bettor.userId,
      bettor.currency,
      stakes.map((s) => s.key),
      stakes.map((s) => s.kind),
      stakes.map((s) => s.ledgerGuid),
      stakes.map((s) => s.postings.length),
      postings.map((p) => p.account.ownerKind),
      postings.map((p) => p.account.ownerId),
      postings.map((p) => p.account.currency),
      postings.map((p) => p.account.purpose),
      policies.map((p) => p.allowNegative),
      policies.map((p) => p.shardCount),
      postings.map((p) => p.amount),
      counted ? [counted.periods.day, counted.periods.week, counted.periods.month] : null,
      rows.reduce((sum, r) => sum + r.originalStake, 0),
      ceilings.map((c) => c.kind),
      ceilings.map((c) => c.period),
      ceilings.map((c) => c.limit),
      timed,
    ],
  );
  return result.rows[0];
}

/** The gate's refusal of the ceiling bet_place found passed. */
function limitRefusal(counted: StakeCeilings | undefined, row: BetPlaceRow): ApiError {
  const ceiling = counted?.ceilings[(row.ceiling ?? 0) - 1];
  if (!counted || !ceiling) throw new Error(`bet_place refused ceiling ${row.ceiling}, which no gate gave`);
  return counted.refuse(ceiling, Number(row.used ?? 0));
}

/** What an insured bet carries (details.insurance), minor units: the premium paid and what a loss pays back. */
export interface BetInsurance {
  premium: number;
  amount: number;
}

/** A bet's insurance, if it has one. */
export function insuranceOf(bet: Pick<BetRow, 'details'>): BetInsurance | undefined {
  const value = bet.details['insurance'] as BetInsurance | undefined;
  return value && typeof value.amount === 'number' ? value : undefined;
}

/** What a VIP bet carries for the desk: when it lapses, and the brand's maxBet in minor units (ADR 0136). */
function vipHold(rules: BetRules, currency: string, now: Date): VipHold {
  const max = rules.maxBet[currency];
  return {
    decideBy: new Date(now.getTime() + rules.vipDecisionMinutes * 60_000).toISOString(),
    ...(max !== undefined ? { maxBet: toMinorUnits(max) } : {}),
  };
}

/** A refusal or an oddsChanged answer, unless the guid was placed before: then the first answer again. */
async function unlessPlaced<T>(
  ctx: PlacementContext,
  bettor: Bettor,
  plan: Plan,
  hash: string,
  answer: () => T,
): Promise<T | MakeBetResponse> {
  const stored = await findBetsByGuid(ctx.db, plan.betGuid);
  if (stored.length > 0) return replay(ctx, bettor, stored, hash);
  return answer();
}

/** Rebuilds a placement's answer from its stored bets (the same guid placed again). */
async function replay(
  ctx: PlacementContext,
  bettor: Bettor,
  rows: readonly BetRow[],
  hash: string,
): Promise<MakeBetResponse> {
  const first = rows[0] as BetRow;
  if (first.userId !== bettor.userId || first.brandId !== bettor.brandId || first.requestHash !== hash) {
    throw refusal('bet_guid_conflict', 'this betGUID was used for another bet');
  }
  const waiting = rows.find(
    (r) =>
      r.holdReason !== null &&
      r.holdReason !== 'liveDelay' &&
      (r.status === 'waiting' || r.details['heldAtPlacement'] === true),
  );
  if (waiting?.holdReason)
    return { status: 'waiting', betGuid: first.betGuid, betId: waiting.id, reason: waiting.holdReason };
  // A live bet's hold (README: live bets held): waiting while it lasts, then the placement's final word.
  const held = rows.find((r) => r.holdReason === 'liveDelay' && r.status === 'waiting');
  if (held) return { status: 'waiting', betGuid: first.betGuid, betId: held.id, reason: 'liveDelay' };
  const refused = (
    rows.find((r) => r.holdReason === 'liveDelay' && r.status === 'rejected')?.details['liveDelay'] as
      LiveDelayHold | undefined
  )?.refused;
  if (refused) throw refusal(refused, "the live line moved during the bet's hold; the stake was returned");
  const balance = await getAccountBalance(ctx.db, userAccount(bettor.userId, bettor.currency));
  return accepted(
    first.betGuid,
    rows,
    balance,
    bettor.currency,
    (first.details['changes'] as OddsChange[] | undefined) ?? [],
  );
}

function accepted(
  betGuid: string,
  rows: readonly Pick<BetRow, 'id' | 'coef' | 'originalStake' | 'stakeTax' | 'potentialWin' | 'details'>[],
  balance: number,
  currency: string,
  changes: OddsChange[],
): MakeBetResponse {
  return {
    status: 'accepted',
    betGuid,
    bets: rows.map((r) => {
      const insurance = insuranceOf(r);
      return {
        betId: r.id,
        coef: r.coef,
        summ: fromMinorUnits(r.originalStake),
        potentialWin: fromMinorUnits(r.potentialWin),
        ...(insurance ? { insurancePremium: fromMinorUnits(insurance.premium) } : {}),
      };
    }),
    summ: fromMinorUnits(rows.reduce((s, r) => s + r.originalStake, 0)),
    stakeTax: fromMinorUnits(rows.reduce((s, r) => s + r.stakeTax, 0)),
    potentialWin: fromMinorUnits(rows.reduce((s, r) => s + r.potentialWin, 0)),
    balance: fromMinorUnits(balance),
    currency,
    changes,
  };
}

/** The outcome of the checks before anything is written. */
type Checked =
  | { kind: 'oddsChanged'; changes: OddsChange[] }
  | { kind: 'ok'; lines: LineNow[]; priced: ReturnType<typeof potentialWin>; changes: OddsChange[] };

/** Features, coupon rules, the live line, the odds policy and the maximum stake; throws a refusal. */
function check(ctx: PlacementContext, bettor: Bettor, rules: BetRules, plan: Plan): Checked {
  for (const feature of plan.features) {
    if (!rules.features[feature])
      throw refusal('feature_disabled', `${feature} is switched off for this site and country`);
  }
  const auto = plan.autoBetCf !== undefined;
  if (auto && (plan.bets.length !== 1 || plan.bets[0]?.kind !== 'single')) {
    throw refusal('auto_bet_single_only', 'an auto-bet is a single bet on one event');
  }
  if (plan.insurance && (auto || plan.vip || plan.bets.some((b) => !INSURABLE_BET_TYPES.includes(b.kind)))) {
    throw refusal(
      'insurance_unavailable',
      'only a single or an express placed now can be insured (not a system, anti-express, auto-bet or VIP bet)',
    );
  }
  if (
    plan.advance &&
    (auto ||
      plan.vip ||
      plan.multi ||
      plan.insurance ||
      plan.bets.some((b) => b.kind === 'antiExpress' || b.kind === 'fullCover'))
  ) {
    throw refusal(
      'advance_unavailable',
      'an advance bet is a plain single, express or system (not a multi, anti-express, auto-bet, VIP bet or insured bet)',
    );
  }

  if (plan.multi) {
    // A multi's coupon is priced by its events (one: a single, more: an express), so its vid must say the same, or
    // the bet would be stored as one kind and paid as the other.
    plan.bets.forEach((bet, index) => {
      if (bet.kind === 'single' && bet.events.length > 1)
        throw refusal(
          'too_many_events',
          `coupon ${index + 1} is a single (vid 0) and has ${bet.events.length} events; a single has one`,
        );
      if (bet.kind === 'express' && bet.events.length < 2)
        throw refusal('too_few_events', `coupon ${index + 1} is an express (vid 1) and needs at least 2 events`);
    });
  }

  const events = plan.bets.flatMap((b) => b.events);
  const model = ctx.model();
  // Limits first: a coupon with too many events is refused before the line is looked at.
  const couponConfig: CouponConfig = plan.boost ? rules.coupon : { ...rules.coupon, expressBoost: undefined };
  const sent = toCoupon(
    plan,
    bettor.currency,
    (i) => events[i]?.coef ?? 0,
    () => false,
  );
  const early = validateCoupon(sent, couponConfig).find(
    (i) => i.code === 'too_many_events' || i.code === 'feature_disabled' || i.code === 'empty_coupon',
  );
  if (early) throw refusal(early.code, early.message);

  const lines = events.map((e, i) => lineFor(model, rules.offer, e, i));
  if (plan.advance && lines.some((l) => l.live)) {
    throw refusal('advance_unavailable', 'an advance bet is on games that have not started');
  }
  const current = toCoupon(
    plan,
    bettor.currency,
    (i) => lines[i]?.odds ?? 0,
    (i) => lines[i]?.blocked ?? true,
  );
  const issues = validateCoupon(current, couponConfig);
  const issue = issues[0];
  if (issue) throw refusal(issue.code, issue.message);

  let changes: OddsChange[] = [];
  if (!auto) {
    changes = events.flatMap((e, index) => {
      const now = lines[index]?.odds ?? e.coef;
      return Math.abs(now - e.coef) > 1e-9 ? [{ index, previous: e.coef, current: now }] : [];
    });
    const policy = plan.checkCf ?? rules.checkCf;
    if (!acceptedByPolicy(changes, policy)) return { kind: 'oddsChanged', changes };
  }

  const priced = potentialWin(current, couponConfig);
  if (priced.bets.length !== plan.bets.length) throw refusal('invalid_stake', 'the coupon cannot be priced');
  const max = rules.maxBet[bettor.currency];
  if (!plan.vip && max !== undefined && priced.bets.some((b) => b.stake > max)) {
    throw refusal(
      'above_maximum_stake',
      `the largest stake is ${max.toFixed(2)} ${bettor.currency}; ask for a VIP bet`,
    );
  }

  return { kind: 'ok', lines, priced, changes };
}

/**
 * Places a plan (ADR 0120-0121): replays a stored guid; checks switched-off features, the coupon rules, the live line
 * (finished games, suspended markets, the CheckCf odds policy) and the maximum stake; then writes the bets and their
 * stakes in one database transaction. Every refusal happens before anything is written, or rolls the transaction back,
 * so the balance is untouched.
 */
export async function place(
  ctx: PlacementContext,
  bettor: Bettor,
  rules: BetRules,
  plan: Plan,
): Promise<MakeBetResponse> {
  const hash = requestHash(plan);
  // The stored-guid check costs a round trip, so the happy path leaves it to the insert (a conflict means: placed
  // before); a refusal or an odds change checks first, since a retried guid must get its first answer back.
  let checked: Checked;
  try {
    checked = check(ctx, bettor, rules, plan);
  } catch (error) {
    return unlessPlaced(ctx, bettor, plan, hash, () => {
      throw error;
    });
  }
  if (checked.kind === 'oddsChanged') {
    const changes = checked.changes;
    return unlessPlaced(ctx, bettor, plan, hash, (): MakeBetResponse => ({
      status: 'oddsChanged',
      betGuid: plan.betGuid,
      changes,
    }));
  }
  // The gates need only the price; the lines and changes are read once they let the bet through. Their ceilings are
  // checked by bet_place, under the bettor's lock (ADR 0295).
  const { priced } = checked;
  // Timed only when asked (the bench): from just before the gates are asked to their answer, then bet_place's check.
  const timer = ctx.timer;
  const gated = (ctx.stakeGates?.length ?? 0) > 0;
  const askedAt = timer && gated ? performance.now() : 0;
  const asked = askStakeGates(ctx.stakeGates, {
    accountId: bettor.userId,
    brandId: bettor.brandId,
    currency: bettor.currency,
    stakeMinor: toMinorUnits(priced.totalStake),
  });
  const counted = isPromise(asked) ? await asked : asked;
  const askMs = timer && gated ? performance.now() - askedAt : 0;
  // Refused before anything is written; a retried guid that was placed still gets its first answer.
  if (counted instanceof ApiError) {
    if (timer && gated) timer.gate?.({ askMs, checkMs: 0, ms: askMs, refused: true });
    return unlessPlaced(ctx, bettor, plan, hash, () => {
      throw counted;
    });
  }
  const { lines, changes } = checked;
  const auto = plan.autoBetCf !== undefined;
  const now = ctx.clock();
  let autoHeld = false;
  // A bet on a live game waits out the brand's hold before it stands (README: live bets held); auto-bets and VIP bets wait anyway.
  const liveHold: LiveDelayHold | undefined =
    ctx.liveDelay && rules.liveBetDelaySeconds > 0 && !plan.vip && !auto && lines.some((l) => l.live)
      ? {
          until: new Date(now.getTime() + rules.liveBetDelaySeconds * 1000).toISOString(),
          checkCf: plan.checkCf ?? rules.checkCf,
          dropOnScoreChange: plan.dropOnScoreChange,
          scores: Object.fromEntries(
            plan.bets
              .flatMap((b) => b.events)
              .flatMap((e, i) => (lines[i]?.score ? [[String(e.gameId), lines[i].score]] : [])),
          ),
        }
      : undefined;
  const rows: NewBet[] = [];
  const selections: SelectionRow[] = [];
  let offset = 0;
  plan.bets.forEach((bet, lineNo) => {
    const price = priced.bets[lineNo];
    if (!price) return;
    const id = newBetId();
    const eventLines = lines.slice(offset, offset + bet.events.length);
    let coef = price.coefficient;
    let potential = toMinorUnits(price.netReturn);
    let holdReason: NewBet['holdReason'] = plan.vip ? 'vipApproval' : liveHold ? 'liveDelay' : null;
    // Insured: the stake after tax comes back on a loss, for a premium priced at the accepted coefficient.
    const insured = plan.insurance ? toMinorUnits(price.netStake) : 0;
    const premium = plan.insurance
      ? toMinorUnits(insurancePremium(price.netStake, price.coefficient, rules.insuranceMarginPercent))
      : 0;
    if (auto && plan.autoBetCf !== undefined) {
      const now = eventLines[0]?.odds ?? 0;
      if (now < plan.autoBetCf) {
        holdReason = 'autoBet';
        autoHeld = true;
        coef = plan.autoBetCf;
        potential = toMinorUnits(price.netStake * plan.autoBetCf);
      }
    }
    rows.push({
      id,
      betGuid: plan.betGuid,
      lineNo,
      ledgerGuid: `${plan.betGuid}:${lineNo}`,
      brandId: bettor.brandId,
      userId: bettor.userId,
      currency: bettor.currency,
      kind: bet.kind,
      vid: bet.vid,
      systemK: bet.systemK,
      status: holdReason ? 'waiting' : 'accepted',
      holdReason,
      stake: toMinorUnits(price.stake),
      stakeTax: toMinorUnits(price.stakeTax),
      originalStake: toMinorUnits(price.stake),
      coef: Math.round(coef * 10_000) / 10_000,
      boostPercent: price.boostPercent,
      autoBetCf: auto ? (plan.autoBetCf ?? null) : null,
      potentialWin: potential,
      requestHash: hash,
      details: {
        ...plan.details,
        ...(rules.coupon.taxes ? { taxes: rules.coupon.taxes } : {}),
        ...(lineNo === 0 && changes.length > 0 ? { changes } : {}),
        ...(holdReason && holdReason !== 'liveDelay' ? { heldAtPlacement: true } : {}),
        ...(liveHold ? { liveDelay: liveHold } : {}),
        ...(plan.vip ? { vip: vipHold(rules, bettor.currency, now) } : {}),
        ...(plan.insurance ? { insurance: { premium, amount: insured } satisfies BetInsurance } : {}),
        // A held bet (VIP, auto-bet) decided after kick-off stands only where the bettor may bet live (ADR 0190).
        ...(holdReason && !rules.offer.liveOn ? { liveOff: true } : {}),
      },
      createdAt: now,
    });
    bet.events.forEach((e, ord) => {
      const line = eventLines[ord] as LineNow;
      selections.push({
        betId: id,
        ord,
        gameId: e.gameId,
        marketId: line.marketId,
        outcomeId: e.outcomeId,
        coef: line.odds,
        home: line.home,
        away: line.away,
        result: null,
        name: line.name,
      });
    });
    offset += bet.events.length;
  });

  const stakes = plan.vip
    ? []
    : rows.flatMap((row) => {
        const premium = insuranceOf(row)?.premium ?? 0;
        return [
          stakePost(bettor, row.ledgerGuid, row.stake, row.stakeTax),
          ...(premium > 0 ? [premiumPost(bettor, row.ledgerGuid, premium)] : []),
        ];
      });
  let balance = 0;
  try {
    const row = await betPlace(ctx.db, rows, selections, stakes, now, bettor, counted, timer !== undefined);
    if (timer && row) {
      if (row.write_ms !== null) timer.written?.(Number(row.write_ms));
      if (gated) {
        const checkMs = Number(row.gate_ms ?? 0);
        timer.gate?.({ askMs, checkMs, ms: askMs + checkMs, refused: row.outcome === 'limit' });
      }
    }
    if (row?.outcome === 'duplicate') return replay(ctx, bettor, await findBetsByGuid(ctx.db, plan.betGuid), hash);
    if (row?.outcome === 'limit') {
      const refused = limitRefusal(counted, row);
      return unlessPlaced(ctx, bettor, plan, hash, () => {
        throw refused;
      });
    }
    balance = Number(row?.balance ?? 0);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('insufficient_funds')) {
      if (plan.advance) return placeOnAdvance(ctx, bettor, rules, plan, rows, selections, hash, counted);
      throw refusal(
        'above_balance',
        `the stake of ${priced.totalStake.toFixed(2)} ${bettor.currency} is above the balance`,
      );
    }
    throw error;
  }
  const first = rows[0] as NewBet;
  if (plan.vip) {
    ctx.onVipBid?.(first.id);
    return { status: 'waiting', betGuid: plan.betGuid, betId: first.id, reason: 'vipApproval' };
  }
  if (liveHold && ctx.liveDelay) {
    const untilMs = Date.parse(liveHold.until);
    await ctx.liveDelay.schedule(plan.betGuid, untilMs);
    if (plan.notWait) return { status: 'waiting', betGuid: plan.betGuid, betId: first.id, reason: 'liveDelay' };
    // The request is held through the hold, then answers as a retry of the guid would: accepted or refused. It waits
    // at most 25 s (under the site's 30 s request timeout); past that the answer is `waiting` and the site polls.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      ctx.liveDelay.decided(plan.betGuid, untilMs),
      new Promise((r) => (timer = setTimeout(r, Math.min(rules.liveBetDelaySeconds * 1000 + 5_000, 25_000)))),
    ]);
    clearTimeout(timer);
    return replay(ctx, bettor, await findBetsByGuid(ctx.db, plan.betGuid), hash);
  }
  if (autoHeld) {
    ctx.onAutoBet?.({ betId: first.id, outcomeId: selections[0]?.outcomeId ?? '', cf: plan.autoBetCf ?? 0 });
    return { status: 'waiting', betGuid: plan.betGuid, betId: first.id, reason: 'autoBet' };
  }
  return accepted(plan.betGuid, rows, balance, bettor.currency, changes);
}

/** bet_place's p_selections from selection rows. */
function selectionRecords(selections: readonly SelectionRow[]): string {
  return JSON.stringify(
    selections.map((s) => ({
      bet_id: s.betId,
      ord: s.ord,
      game_id: s.gameId,
      market_id: s.marketId,
      outcome_id: s.outcomeId,
      coef: s.coef,
      home: s.home,
      away: s.away,
      ...selectionNameColumns(s.name),
    })),
  );
}

/**
 * The balance does not cover the stake and the bettor asked for an advance (README: advance bets): within the advance their open
 * bets secure now, the placement is stored held (`advance`) with no money moved, to stand once the balance covers it;
 * above it, refused. One transaction per bettor at a time, so two advance bets cannot both take the same advance.
 */
async function placeOnAdvance(
  ctx: PlacementContext,
  bettor: Bettor,
  rules: BetRules,
  plan: Plan,
  planned: readonly NewBet[],
  selections: readonly SelectionRow[],
  hash: string,
  counted: StakeCeilings | undefined,
): Promise<MakeBetResponse> {
  const total = planned.reduce((sum, r) => sum + r.stake, 0);
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockAdvance(tx, bettor.userId);
    const standing = await advanceStanding(tx, bettor, rules);
    if (total > standing.available) {
      throw refusal(
        'above_advance',
        `the stake of ${fromMinorUnits(total).toFixed(2)} ${bettor.currency} is above the balance and the advance of ${fromMinorUnits(standing.available).toFixed(2)}`,
      );
    }
    const hold: AdvanceHold = { securedBy: standing.securedBy };
    const rows = planned.map((r) => ({
      ...r,
      status: 'waiting' as const,
      holdReason: 'advance' as const,
      details: { ...r.details, heldAtPlacement: true, advance: hold },
    }));
    const placed = await betPlace(tx, rows, selections, [], ctx.clock(), bettor, counted);
    if (placed?.outcome === 'limit') throw limitRefusal(counted, placed);
    return placed?.outcome ?? 'duplicate';
  });
  if (outcome === 'duplicate') return replay(ctx, bettor, await findBetsByGuid(ctx.db, plan.betGuid), hash);
  ctx.onAdvanceBet?.(plan.betGuid);
  const first = planned[0] as NewBet;
  return { status: 'waiting', betGuid: plan.betGuid, betId: first.id, reason: 'advance' };
}
