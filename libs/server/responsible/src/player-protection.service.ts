import { ApiError } from '@tessera/server/api-errors';
import type { Database } from '@tessera/server/db';
import type { ResponsibleRefusal } from '@tessera/shared/contract-api';
import type { ResponsibleSection, SiteConfig } from '@tessera/shared/util-config';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { CrossOperatorUnavailableError, type CrossOperatorLimit } from './cross-operator';
import {
  askRegister,
  RegisterUnavailableError,
  type ExclusionRegister,
  type RegisterIdentity,
} from './exclusion-register';
import { periodEnd, periodStart, type LimitPeriod } from './periods';
import { responsibleRefusal } from './refusals';
import {
  deleteDepositHolds,
  depositHolds,
  depositUsage,
  insertBlock,
  insertDepositHold,
  loadProfile,
  saveLimit,
  sessionStart,
  stakeUsage,
  type BlockKind,
  type BlockRow,
  type LimitKind,
  type LimitRow,
} from './responsible.repository';

/** The configuration section this module enforces. */
export type ResponsibleSettings = SiteConfig['responsible'];

/** Bounds of the locks a player takes (issue 13): time-out 24 h to 6 weeks, self-exclusion 6 months to 5 years. */
export const LOCK_BOUNDS = {
  timeoutHours: { min: 24, max: 6 * 7 * 24 },
  selfExclusionMonths: { min: 6, max: 60 },
  panicHours: 24,
} as const;

/**
 * How long a cached profile is trusted without a write through this process (README, "Cost on bet placement"). A
 * profile in use is read again in the background before then, so a stake never waits for it.
 */
export const PROFILE_TTL_MS = 30_000;

/**
 * How long a cached profile is trusted while this process hears every write to limits and locks as it commits
 * (`watchProfiles`, PostgreSQL's NOTIFY: migration 1090 for limits and locks, 1100 for the account's brand and
 * country as a verification corrects it): then the TTL bounds only a write no trigger announces.
 */
export const WATCHED_PROFILE_TTL_MS = 300_000;

/** The channel migration 1090's triggers notify with the account id of a changed limit or lock. */
export const PROFILE_CHANNEL = 'responsible_profile';

/** What {@link PlayerProtection} needs. */
export interface PlayerProtectionOptions {
  db: Database;
  clock: () => Date;
  /** The resolved `responsible` section of a brand in a country. */
  settingsFor: (brandId: string, country: string) => ResponsibleSettings;
  /**
   * The IANA time zone whose midnights start a brand's limit periods in a country (`global.timezone`); default UTC.
   */
  timeZoneFor?: (brandId: string, country: string) => string;
  /** Registers by the id `exclusionRegister.register` names; a missing one counts as unavailable. */
  registers?: (id: string) => ExclusionRegister | undefined;
  /** The cross-operator deposit-limit system, when the server has one. */
  crossOperator?: CrossOperatorLimit;
  /**
   * Whether a deposit player protection let through (by its merchant reference) may still be credited: the payment
   * provider has it under way, or it succeeded and the ledger does not hold it yet. Given, deposits in flight count
   * against deposit limits (README, "What counts"); without it only credited deposits do.
   */
  depositInFlight?: (reference: string) => Promise<boolean>;
  /** How long a register may take before it counts as unavailable; default 2000 ms. */
  registerTimeoutMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

/** A limit as the office shows it: the amount in force and a pending change. Money in major units. */
export interface LimitView {
  kind: LimitKind;
  period: LimitPeriod | 'session';
  currency: string;
  amount: number | null;
  pending: { amount: number | null; effectiveAt: string } | null;
  used: number;
  remaining: number | null;
  resetsAt: string | null;
}

/** A lock in force. */
export interface LockView {
  kind: BlockKind;
  startsAt: string;
  endsAt: string | null;
}

/** What a player asked to set: an amount (major units; minutes for session) or null to remove. */
export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod | 'session';
  amount: number | null;
}

/** Who a gate is asked about. */
export interface StakeGateInput {
  accountId: string;
  brandId: string;
  currency: string;
  stakeMinor: number;
}

/** A wager or loss limit a stake must stay within (minor units), checked where the stake is written (ADR 0295). */
export interface StakeCeiling {
  kind: 'wager' | 'loss';
  period: LimitPeriod;
  limit: number;
}

/**
 * The stake gate's answer when it lets a stake through: the calendar periods it counts in and the limits it must stay
 * within, which bet placement and casino rounds check under the player's usage lock in the transaction that takes the
 * stake (`StakeCeilings` of `@tessera/server/bets`); `refuse` words the refusal the page explains.
 */
export interface StakeCeilings {
  periods: Record<LimitPeriod, Date>;
  ceilings: readonly StakeCeiling[];
  refuse(ceiling: StakeCeiling, used: number): ApiError;
}

interface Profile {
  limits: LimitRow[];
  blocks: BlockRow[];
  /** The account's brand and country, whose settings apply; null for an account that is gone. */
  site: { brandId: string; country: string } | null;
  /** Wall-clock ms when its read began: it is trusted until `loadedAt + PROFILE_TTL_MS`. */
  loadedAt: number;
  /** Wall-clock ms from which a stake refreshes it in the background (between half and three quarters of the TTL). */
  refreshAt: number;
}

/** The starts of the three calendar periods that contain `now`. */
function periodStarts(now: Date, timeZone: string): Record<LimitPeriod, Date> {
  return {
    day: periodStart('day', now, timeZone),
    week: periodStart('week', now, timeZone),
    month: periodStart('month', now, timeZone),
  };
}

/**
 * The period starts of a zone, computed once per zone and day (each costs a few `Intl` calls, and the stake gate asks
 * for them on every bet); a clock that moves back (none but a test's) recomputes.
 */
class PeriodStartsCache {
  private readonly zones = new Map<string, { starts: Record<LimitPeriod, Date>; from: number; until: number }>();

  get(now: Date, timeZone: string): Record<LimitPeriod, Date> {
    const t = now.getTime();
    const hit = this.zones.get(timeZone);
    if (hit && t >= hit.from && t < hit.until) return hit.starts;
    const starts = periodStarts(now, timeZone);
    this.zones.set(timeZone, { starts, from: starts.day.getTime(), until: periodEnd('day', now, timeZone).getTime() });
    return starts;
  }
}

const PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

/** A period as the refusals' sentences name it. */
const PERIODLY: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/**
 * The deposit limits of an account: those the player set, and for each period without one the brand's default in
 * the account's currency (`responsible.defaultLimits.deposit`), as a row in force that was never stored.
 */
export function depositLimitRows(
  limits: readonly LimitRow[],
  settings: ResponsibleSettings | undefined,
  currency: string,
): LimitRow[] {
  const own = limits.filter((l) => l.kind === 'deposit');
  const defaults: Partial<Record<LimitPeriod, Record<string, number>>> = settings?.defaultLimits.deposit ?? {};
  const virtual = PERIODS.flatMap((period): LimitRow[] => {
    const amount = defaults[period]?.[currency];
    if (amount === undefined || own.some((l) => l.period === period)) return [];
    return [
      { kind: 'deposit', period, currency, amount: Math.round(amount * 100), pendingAmount: null, pendingAt: null },
    ];
  });
  return [...own, ...virtual];
}

/** The limit types the site asks for before play (`limitsBeforePlay`) that the account has no limit of in force. */
function missingLimits(limits: readonly LimitRow[], settings: ResponsibleSection, now: Date): LimitKind[] {
  const kinds: readonly LimitKind[] = ['deposit', 'loss', 'wager', 'session'];
  return kinds.filter(
    (kind) => settings.limitsBeforePlay.includes(kind) && !limitsInForce(limits, settings, kind, now),
  );
}

/** Whether a limit of the kind is in force now, for any period: one the player set, or a default. */
function limitsInForce(
  limits: readonly LimitRow[],
  settings: ResponsibleSettings | undefined,
  kind: LimitKind,
  now: Date,
): boolean {
  if (limits.some((l) => l.kind === kind && effectiveAmount(l, now) !== null)) return true;
  return kind === 'deposit' && PERIODS.some((p) => Object.keys(settings?.defaultLimits.deposit[p] ?? {}).length > 0);
}

/** The amount of a limit in force at `now`: the pending change once its time has come. */
export function effectiveAmount(row: LimitRow, now: Date): number | null {
  if (row.pendingAt && row.pendingAt.getTime() <= now.getTime()) return row.pendingAmount;
  return row.amount;
}

function activeBlocks(blocks: readonly BlockRow[], now: Date): BlockRow[] {
  const t = now.getTime();
  return blocks.filter((b) => b.startsAt.getTime() <= t && (b.endsAt === null || b.endsAt.getTime() > t));
}

/** The lock that ends last (a permanent one first). */
function longest(blocks: readonly BlockRow[]): BlockRow | undefined {
  return [...blocks].sort((a, b) => (b.endsAt?.getTime() ?? Infinity) - (a.endsAt?.getTime() ?? Infinity))[0];
}

const major = (minor: number) => fromMinorUnits(minor);

/**
 * Player protection on the server: the limits a player sets (lowering at once, raising or removing after the brand's
 * cooling-off), time-out, self-exclusion and panic locks, and the gates deposits, bets and casino rounds pass. A
 * profile (limits and live locks) is cached per account and dropped on every write through this process, so an
 * account without limits costs bet placement no query at all (README, "Cost on bet placement").
 */
export class PlayerProtection {
  private readonly profiles = new Map<string, Profile>();
  private readonly loading = new Map<string, Promise<Profile>>();
  private ttlMs = PROFILE_TTL_MS;
  private readonly periods = new PeriodStartsCache();

  constructor(private readonly options: PlayerProtectionOptions) {}

  private now(): Date {
    return this.options.clock();
  }

  /**
   * The account's profile: the cached one while it is trusted (read again in the background once it is past its
   * refresh time, so an active bettor's stakes never wait for a read, and the profiles loaded together are not read
   * again together: the refresh time is jittered); else read now. Reads of one account share one query.
   */
  private async profile(accountId: string): Promise<Profile> {
    return this.trustedProfile(accountId) ?? this.loadProfile(accountId);
  }

  /** The cached profile while it is trusted (starting its read ahead past its refresh time), else undefined. */
  private trustedProfile(accountId: string): Profile | undefined {
    const cached = this.profiles.get(accountId);
    const wall = Date.now();
    if (!cached || wall - cached.loadedAt >= this.ttlMs) return undefined;
    if (wall >= cached.refreshAt) this.loadProfile(accountId).catch(() => undefined);
    return cached;
  }

  private loadProfile(accountId: string): Promise<Profile> {
    const pending = this.loading.get(accountId);
    if (pending) return pending;
    const wall = Date.now();
    const load = (async (): Promise<Profile> => {
      const now = this.now();
      const rows = await loadProfile(this.options.db, accountId, now);
      const refreshAt = wall + this.ttlMs * (0.5 + Math.random() * 0.25);
      return { ...rows, loadedAt: wall, refreshAt };
    })();
    this.loading.set(accountId, load);
    // Cached only if no write through this process came in between (invalidate drops the pending read).
    const settle = (profile?: Profile): void => {
      if (this.loading.get(accountId) !== load) return;
      this.loading.delete(accountId);
      if (!profile) return;
      if (this.profiles.size > 50_000) this.profiles.clear();
      this.profiles.set(accountId, profile);
    };
    load.then(settle, () => settle());
    return load;
  }

  private settingsOf(profile: Profile): ResponsibleSettings | undefined {
    return profile.site ? this.options.settingsFor(profile.site.brandId, profile.site.country) : undefined;
  }

  // What the site's configuration says is read at each call, never kept in the profile: a profile may be trusted for
  // minutes (WATCHED_PROFILE_TTL_MS), and a compliance change to the configuration applies at once.

  /** The time zone whose midnights start the account's limit periods. */
  private zoneOf(profile: Profile): string {
    return (profile.site && this.options.timeZoneFor?.(profile.site.brandId, profile.site.country)) ?? 'UTC';
  }

  /** Limit types the site asks for before play (`limitsBeforePlay`) that the account has not set. */
  private missingOf(profile: Profile, now: Date): LimitKind[] {
    const settings = this.settingsOf(profile);
    return settings ? missingLimits(profile.limits, settings, now) : [];
  }

  /** Refuses play until the limits the site asks for before play are set (`limitsBeforePlay`). */
  private limitsRequiredRefusal(profile: Profile, what: string, now: Date): ApiError | undefined {
    const missing = this.missingOf(profile, now);
    if (missing.length === 0) return undefined;
    return responsibleRefusal('limits_required', `${what} waits until these limits are set: ${missing.join(', ')}`, {
      reason: 'limits_required',
    });
  }

  /**
   * Drops a cached profile as soon as any server commits a change to the account's limits or locks (PostgreSQL's
   * LISTEN on {@link PROFILE_CHANNEL}; after a reconnect, when notifications may have been missed, every profile), and
   * then trusts profiles for {@link WATCHED_PROFILE_TTL_MS}. Without notifications (PGlite, one process) nothing changes.
   * Resolves to the function that stops.
   */
  async watchProfiles(): Promise<() => Promise<void>> {
    const { db } = this.options;
    if (!db.listen) return async () => undefined;
    const unlisten = await db.listen(PROFILE_CHANNEL, (accountId) => {
      if (accountId === undefined) {
        this.profiles.clear();
        this.loading.clear();
      } else this.invalidate(accountId);
    });
    // Profiles cached before listening may predate a write nobody told us about.
    this.profiles.clear();
    this.loading.clear();
    this.ttlMs = WATCHED_PROFILE_TTL_MS;
    return async () => {
      this.ttlMs = PROFILE_TTL_MS;
      await unlisten();
    };
  }

  /** Forgets the cached profile (after a write, or when another process wrote). */
  invalidate(accountId: string): void {
    this.profiles.delete(accountId);
    this.loading.delete(accountId);
  }

  /** The lock in force, if any: the one that ends last. */
  async lockOf(accountId: string): Promise<LockView | undefined> {
    const block = longest(activeBlocks((await this.profile(accountId)).blocks, this.now()));
    return block
      ? { kind: block.kind, startsAt: block.startsAt.toISOString(), endsAt: block.endsAt?.toISOString() ?? null }
      : undefined;
  }

  /** Whether marketing may reach the player: not during a time-out, self-exclusion or panic lock. */
  async marketingAllowed(accountId: string): Promise<boolean> {
    return (await this.lockOf(accountId)) === undefined;
  }

  /** The account's limits with what is used and left now, and the lock in force. */
  async overview(accountId: string, currency: string): Promise<{ limits: LimitView[]; lock: LockView | null }> {
    const now = this.now();
    const profile = await this.profile(accountId);
    const zone = this.zoneOf(profile);
    const limits = [
      ...profile.limits.filter((l) => l.kind !== 'deposit'),
      ...depositLimitRows(profile.limits, this.settingsOf(profile), currency),
    ];
    const starts = periodStarts(now, zone);
    const staking = limits.some((l) => l.kind === 'wager' || l.kind === 'loss');
    const bets = staking ? await stakeUsage(this.options.db, accountId, starts) : undefined;
    const deposits = limits.some((l) => l.kind === 'deposit')
      ? await this.depositsUsed(accountId, currency, starts)
      : undefined;
    const started = limits.some((l) => l.kind === 'session')
      ? await sessionStart(this.options.db, accountId, now)
      : null;
    const views = limits.map((row): LimitView => {
      const amount = effectiveAmount(row, now);
      const pending =
        row.pendingAt && row.pendingAt.getTime() > now.getTime()
          ? {
              amount:
                row.pendingAmount === null
                  ? null
                  : row.kind === 'session'
                    ? row.pendingAmount
                    : major(row.pendingAmount),
              effectiveAt: row.pendingAt.toISOString(),
            }
          : null;
      if (row.kind === 'session') {
        const used = started ? Math.floor((now.getTime() - started.getTime()) / 60_000) : 0;
        return {
          kind: row.kind,
          period: 'session',
          currency: row.currency,
          amount,
          pending,
          used,
          remaining: amount === null ? null : Math.max(0, amount - used),
          resetsAt: null,
        };
      }
      const period = row.period as LimitPeriod;
      const usedMinor =
        row.kind === 'deposit'
          ? (deposits?.[period] ?? 0)
          : row.kind === 'wager'
            ? (bets?.[period].wager ?? 0)
            : Math.max(0, bets?.[period].loss ?? 0);
      return {
        kind: row.kind,
        period,
        currency: row.currency,
        amount: amount === null ? null : major(amount),
        pending,
        used: major(usedMinor),
        remaining: amount === null ? null : major(Math.max(0, amount - usedMinor)),
        resetsAt: periodEnd(period, now, zone).toISOString(),
      };
    });
    const lock = await this.lockOf(accountId);
    return { limits: views.filter((v) => v.amount !== null || v.pending !== null), lock: lock ?? null };
  }

  /**
   * Sets, lowers, raises or removes a limit: a new or lower limit applies at once (and drops a pending raise); a
   * raise or a removal waits `coolingOffHours`. Answers whether it applied now or is pending, and from when.
   */
  async setLimit(
    account: { accountId: string; brandId: string; country: string; currency: string },
    change: LimitChange,
  ): Promise<{ applied: 'now' | 'pending'; effectiveAt: string }> {
    const settings = this.options.settingsFor(account.brandId, account.country);
    if (!settings.limitsVisible || !settings.limitTypes.includes(change.kind))
      throw responsibleRefusal('limit_type_unavailable', `${change.kind} limits are not offered on this site`);
    const now = this.now();
    const amount =
      change.amount === null
        ? null
        : change.kind === 'session'
          ? Math.round(change.amount)
          : Math.round(change.amount * 100);
    const profile = await this.profile(account.accountId);
    // A default deposit limit counts as the player's own: lowering it applies at once, raising it waits.
    const limits = [
      ...profile.limits.filter((l) => l.kind !== 'deposit'),
      ...depositLimitRows(profile.limits, settings, account.currency),
    ];
    const existing = limits.find((l) => l.kind === change.kind && l.period === change.period);
    const current = existing ? effectiveAmount(existing, now) : null;
    const tighter = amount !== null && (current === null || amount <= current);
    const row: LimitRow = {
      kind: change.kind,
      period: change.period,
      currency: existing?.currency ?? account.currency,
      amount: current,
      pendingAmount: null,
      pendingAt: null,
    };
    let effectiveAt = now;
    if (tighter || settings.coolingOffHours === 0 || current === null) {
      // Tighter, or nothing to loosen: in force at once (removing a limit that does not exist changes nothing).
      row.amount = amount;
    } else {
      effectiveAt = new Date(now.getTime() + settings.coolingOffHours * 3_600_000);
      row.pendingAmount = amount;
      row.pendingAt = effectiveAt;
    }
    await saveLimit(this.options.db, account.accountId, row, now);
    this.invalidate(account.accountId);
    return { applied: row.pendingAt ? 'pending' : 'now', effectiveAt: effectiveAt.toISOString() };
  }

  /**
   * Takes a lock at once: a time-out of `hours` (24 h to 6 weeks), a self-exclusion of `months` (6 to 60) or for
   * good, or the panic button's 24 hours. A lock never shortens one in force; nothing can lift it before its end.
   */
  async lock(
    account: { accountId: string; brandId: string; country: string },
    request:
      { kind: 'timeout'; hours: number } | { kind: 'self_exclusion'; months: number | 'permanent' } | { kind: 'panic' },
  ): Promise<LockView> {
    const settings = this.options.settingsFor(account.brandId, account.country);
    const now = this.now();
    let endsAt: Date | null;
    if (request.kind === 'timeout') {
      if (!settings.limitTypes.includes('timeout'))
        throw responsibleRefusal('lock_unavailable', 'time-outs are not offered on this site');
      endsAt = new Date(now.getTime() + request.hours * 3_600_000);
    } else if (request.kind === 'self_exclusion') {
      if (!settings.selfExclusion)
        throw responsibleRefusal('lock_unavailable', 'self-exclusion is not offered on this site');
      endsAt =
        request.months === 'permanent'
          ? null
          : new Date(
              Date.UTC(
                now.getUTCFullYear(),
                now.getUTCMonth() + request.months,
                now.getUTCDate(),
                now.getUTCHours(),
                now.getUTCMinutes(),
                now.getUTCSeconds(),
              ),
            );
    } else {
      if (!settings.panicButton)
        throw responsibleRefusal('lock_unavailable', 'the panic button is not offered on this site');
      endsAt = new Date(now.getTime() + LOCK_BOUNDS.panicHours * 3_600_000);
    }
    await insertBlock(this.options.db, {
      userId: account.accountId,
      brandId: account.brandId,
      kind: request.kind,
      startsAt: now,
      endsAt,
    });
    this.invalidate(account.accountId);
    const lock = await this.lockOf(account.accountId);
    if (!lock) throw new Error('a lock just taken is not in force');
    return lock;
  }

  private lockRefusal(lock: LockView, what: string): ApiError {
    const until = lock.endsAt ? `until ${lock.endsAt}` : 'permanently';
    return responsibleRefusal('play_locked', `${what} is locked by a ${lock.kind.replace('_', '-')} ${until}`, {
      reason: lock.kind,
      resetsAt: lock.endsAt,
    });
  }

  private async sessionRefusal(profile: Profile, accountId: string, now: Date): Promise<ApiError | undefined> {
    const row = profile.limits.find((l) => l.kind === 'session');
    const minutes = row ? effectiveAmount(row, now) : null;
    if (!row || minutes === null) return undefined;
    const started = await sessionStart(this.options.db, accountId, now);
    if (!started) return undefined;
    const used = (now.getTime() - started.getTime()) / 60_000;
    if (used < minutes) return undefined;
    return responsibleRefusal('session_limit_reached', `the session limit of ${minutes} minutes is reached`, {
      reason: 'session',
      period: 'session',
      limit: minutes,
      remaining: 0,
      resetsAt: null,
    });
  }

  /**
   * The gate of a stake (a bet, a casino round): refused during a lock, before the limits `limitsBeforePlay` asks for,
   * or past the session time; otherwise the ceilings the stake must stay within, the account's wager and loss limits in
   * force, with the calendar periods it counts in. The caller checks them in the transaction that takes the stake,
   * under the player's usage lock (ADR 0295), and asks `refuse` for the answer when one would be passed: the wagers, or
   * the net loss (a stake counts as lost until settled), of a period past its limit. From the cached profile: no query
   * unless the account has a session limit.
   */
  async stakeGate(input: StakeGateInput): Promise<ApiError | StakeCeilings> {
    return this.answerStake(input);
  }

  /**
   * {@link stakeGate} as bet placement asks it (`stakeGates` of `@tessera/server/bets`, apps/api through
   * `createResponsibleModule`): answered at once, not as a promise, from a trusted cached profile without a session
   * limit, so the placement goes straight on to bet_place (ADR 0504: each await gave the event loop to other work first,
   * the larger part of the gate's time per bet); a promise only when the profile must be read or the session limit
   * needs its query.
   */
  answerStake(input: StakeGateInput): ApiError | StakeCeilings | Promise<ApiError | StakeCeilings> {
    const now = this.now();
    const cached = this.trustedProfile(input.accountId);
    if (cached) return this.stakeAnswer(cached, input, now);
    return this.loadProfile(input.accountId).then((profile) => this.stakeAnswer(profile, input, now));
  }

  private stakeAnswer(
    profile: Profile,
    input: StakeGateInput,
    now: Date,
  ): ApiError | StakeCeilings | Promise<ApiError | StakeCeilings> {
    const zone = this.zoneOf(profile);
    const periods = this.periods.get(now, zone);
    const refuse = (ceiling: StakeCeiling, usedMinor: number): ApiError => {
      const { kind, period, limit } = ceiling;
      const currency = profile.limits.find((l) => l.kind === kind && l.period === period)?.currency ?? input.currency;
      const used = Math.max(0, usedMinor);
      const left = Math.max(0, limit - used);
      return responsibleRefusal(
        kind === 'wager' ? 'wager_limit_reached' : 'loss_limit_reached',
        `the stake would pass the ${PERIODLY[period]} ${kind} limit of ${major(limit).toFixed(2)} ${currency}; ${major(left).toFixed(2)} is left`,
        {
          reason: kind,
          period,
          limit: major(limit),
          remaining: major(left),
          currency,
          resetsAt: periodEnd(period, now, zone).toISOString(),
        },
      );
    };
    if (profile.limits.length === 0 && profile.blocks.length === 0 && this.missingOf(profile, now).length === 0)
      return { periods, ceilings: [], refuse };
    const lock = longest(activeBlocks(profile.blocks, now));
    if (lock)
      return this.lockRefusal(
        { kind: lock.kind, startsAt: lock.startsAt.toISOString(), endsAt: lock.endsAt?.toISOString() ?? null },
        'betting',
      );
    const required = this.limitsRequiredRefusal(profile, 'betting', now);
    if (required) return required;
    const ceilings = profile.limits.flatMap((row): StakeCeiling[] => {
      const limit = effectiveAmount(row, now);
      if ((row.kind !== 'wager' && row.kind !== 'loss') || limit === null) return [];
      return [{ kind: row.kind, period: row.period as LimitPeriod, limit }];
    });
    const answer: StakeCeilings = { periods, ceilings, refuse };
    // A session limit in force is the one check that reads (the live sessions).
    const session = profile.limits.find((l) => l.kind === 'session');
    if (!session || effectiveAmount(session, now) === null) return answer;
    return this.sessionRefusal(profile, input.accountId, now).then((refused) => refused ?? answer);
  }

  /**
   * The gate of a deposit: refused during a lock or past the session time, past a deposit limit, or by the
   * cross-operator system where the configuration asks it (failing closed or open as configured). Withdrawals and
   * transfers always pass: a locked player may take their money out.
   */
  async cashierGate(input: {
    accountId: string;
    brandId: string;
    country: string;
    currency: string;
    amountMinor: number;
    kind: 'deposit' | 'withdrawal' | 'transfer';
    /** The player across operators (e-mail); default the account. */
    playerKey?: string;
    /** The deposit's merchant reference: a deposit let through is held against the limits until it is credited. */
    reference?: string;
  }): Promise<ApiError | undefined> {
    if (input.kind !== 'deposit') return undefined;
    const now = this.now();
    const profile = await this.profile(input.accountId);
    const lock = longest(activeBlocks(profile.blocks, now));
    if (lock)
      return this.lockRefusal(
        { kind: lock.kind, startsAt: lock.startsAt.toISOString(), endsAt: lock.endsAt?.toISOString() ?? null },
        'depositing',
      );
    const required = this.limitsRequiredRefusal(profile, 'depositing', now);
    if (required) return required;
    const session = await this.sessionRefusal(profile, input.accountId, now);
    if (session) return session;
    const settings = this.options.settingsFor(input.brandId, input.country);
    const deposits = depositLimitRows(profile.limits, settings, input.currency).filter(
      (l) => effectiveAmount(l, now) !== null,
    );
    if (deposits.length > 0) {
      const zone = this.zoneOf(profile);
      const used = await this.depositsUsed(input.accountId, input.currency, periodStarts(now, zone));
      for (const row of deposits) {
        const limit = effectiveAmount(row, now) as number;
        const period = row.period as LimitPeriod;
        if (used[period] + input.amountMinor > limit) {
          const left = Math.max(0, limit - used[period]);
          return responsibleRefusal(
            'deposit_limit_reached',
            `the deposit would pass the ${PERIODLY[period]} deposit limit of ${major(limit).toFixed(2)} ${row.currency}; ${major(left).toFixed(2)} is left`,
            {
              reason: 'deposit',
              period,
              limit: major(limit),
              remaining: major(left),
              currency: row.currency,
              resetsAt: periodEnd(period, now, zone).toISOString(),
            },
          );
        }
      }
    }
    if (settings.crossOperatorDepositLimit.enabled) {
      const system = this.options.crossOperator;
      try {
        if (!system) throw new CrossOperatorUnavailableError('no cross-operator system on this server');
        const answer = await system.authorise({
          playerKey: input.playerKey ?? `${input.brandId}:${input.accountId}`,
          operator: input.brandId,
          amountMinor: input.amountMinor,
          currency: input.currency,
        });
        if (!answer.authorised)
          return responsibleRefusal(
            'cross_operator_limit_reached',
            `the deposit would pass the monthly limit across operators; ${major(answer.remainingMinor).toFixed(2)} is left`,
            {
              reason: 'cross_operator',
              period: 'month',
              limit: major(answer.limitMinor),
              remaining: major(answer.remainingMinor),
              currency: input.currency,
              resetsAt: answer.resetsAt,
            },
          );
      } catch (error) {
        if (!(error instanceof CrossOperatorUnavailableError)) throw error;
        this.options.log?.warn({ err: error.message, account: input.accountId }, 'cross-operator system unavailable');
        if (settings.crossOperatorDepositLimit.failClosed)
          return responsibleRefusal(
            'cross_operator_unavailable',
            'the cross-operator deposit limit cannot be checked',
            {
              reason: 'cross_operator',
            },
          );
      }
    }
    if (input.reference && this.options.depositInFlight)
      await insertDepositHold(this.options.db, {
        reference: input.reference,
        userId: input.accountId,
        currency: input.currency,
        amount: input.amountMinor,
        createdAt: now,
      });
    return undefined;
  }

  /**
   * Deposits of each period: credited ones (the ledger) and, where the server can ask the payment provider, those let
   * through and still in flight; holds no longer in flight are forgotten on the way.
   */
  private async depositsUsed(
    accountId: string,
    currency: string,
    starts: Record<LimitPeriod, Date>,
  ): Promise<Record<LimitPeriod, number>> {
    const inFlight: Record<LimitPeriod, number> = { day: 0, week: 0, month: 0 };
    const ask = this.options.depositInFlight;
    if (ask) {
      const from = starts.week < starts.month ? starts.week : starts.month;
      const holds = await depositHolds(this.options.db, accountId, currency, from);
      const answers = await Promise.all(holds.map(async (hold) => ({ hold, open: await ask(hold.reference) })));
      await deleteDepositHolds(
        this.options.db,
        accountId,
        answers.filter((a) => !a.open).map((a) => a.hold.reference),
        from,
      );
      for (const { hold, open } of answers)
        if (open) for (const period of PERIODS) if (hold.createdAt >= starts[period]) inFlight[period] += hold.amount;
    }
    // Holds first, then the ledger: a deposit credited in between counts twice in this answer, never not at all.
    const credited = await depositUsage(this.options.db, accountId, currency, starts);
    return {
      day: credited.day + inFlight.day,
      week: credited.week + inFlight.week,
      month: credited.month + inFlight.month,
    };
  }

  /**
   * The exclusion register's word on a person, for registration and sign-in: a refusal when listed, or when the
   * register fails and the configuration fails closed. The answer names the register, never whether an account exists.
   */
  async registerGate(
    site: { brandId: string; country: string },
    identity: RegisterIdentity,
  ): Promise<ApiError | undefined> {
    const { exclusionRegister } = this.options.settingsFor(site.brandId, site.country);
    if (!exclusionRegister.enabled) return undefined;
    const register = this.options.registers?.(exclusionRegister.register);
    try {
      if (!register) throw new RegisterUnavailableError(`no register ${exclusionRegister.register} on this server`);
      const answer = await askRegister(register, identity, this.options.registerTimeoutMs ?? 2000);
      if (!answer.listed) return undefined;
      const details: ResponsibleRefusal = { reason: 'register', resetsAt: answer.until };
      return responsibleRefusal('register_listed', 'the self-exclusion register lists this person', details);
    } catch (error) {
      if (!(error instanceof RegisterUnavailableError)) throw error;
      this.options.log?.warn({ err: error.message, brand: site.brandId }, 'exclusion register unavailable');
      return exclusionRegister.failClosed
        ? responsibleRefusal('register_unavailable', 'the self-exclusion register did not answer', {
            reason: 'register',
          })
        : undefined;
    }
  }
}
