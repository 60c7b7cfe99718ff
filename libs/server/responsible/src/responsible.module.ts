import { ApiError } from '@tessera/server/api-errors';
import {
  requireSession,
  sessionReader,
  type AccountsLogger,
  type AccountsRequest,
  type PersonGate,
} from '@tessera/server/accounts';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type { CashierGate } from '@tessera/server/wallet';
// Jurisdiction rules with gates of their own: NLKSA-NL-1 (affordability.ts), DEGGL-PP-1 (activity-file.ts).
import { activityFileGate, SandboxActivityFile, type ActivityFile } from './activity-file';
import { affordabilityGate } from './affordability';
import type {
  LimitChangeRequest,
  LockRequest,
  PlaySessionResponse,
  ResponsibleOverviewResponse,
} from '@tessera/shared/contract-api';
import { SandboxCrossOperatorLimit, type CrossOperatorLimit } from './cross-operator';
import { SandboxExclusionRegister, type ExclusionRegister } from './exclusion-register';
import {
  PlayerProtection,
  type LimitChange,
  type ResponsibleSettings,
  type StakeCeilings,
  type StakeGateInput,
} from './player-protection.service';
import { RealityChecks } from './reality-check.service';
import type { TestClock } from './test-clock';

/** What {@link createResponsibleModule} needs: the server's parts and player protection's outside world. */
export interface ResponsibleModuleOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The server key sessions are read with (ACCOUNT_SECRET_KEY). */
  secretKey?: string;
  clock?: () => Date;
  log: AccountsLogger;
  /** National self-exclusion registers by id; outside production the sandbox answers for any id not given. */
  registers?: Record<string, ExclusionRegister>;
  /** The cross-operator deposit-limit system; default the sandbox outside production, none in production. */
  crossOperator?: CrossOperatorLimit;
  /** The cross-operator activity file (DEGGL-PP-1); default the sandbox outside production, none in production. */
  activityFile?: ActivityFile;
  /** Production too asks the database sandbox of the activity file (ACTIVITY_FILE=sandbox: the demo `npm start` runs). */
  sandboxActivityFile?: boolean;
  /** How long a register may take (ms) before it counts as unavailable; default 2000. */
  registerTimeoutMs?: number;
  /** Test mode only: player protection's movable clock, moved by `POST /__dev/clock/advance`. */
  testClock?: TestClock;
  /**
   * Whether a deposit let through may still be credited (the wallet's `depositInFlight`, which asks the payment
   * provider): given, deposits in flight count against deposit limits.
   */
  depositInFlight?: (reference: string) => Promise<boolean>;
}

/**
 * A stake's check: the shape of `StakeGate` of `@tessera/server/bets` (and the casino's): a refusal, or the ceilings
 * the stake must stay within, checked where it is written (ADR 0295).
 */
export type ResponsibleStakeGate = (input: StakeGateInput) => Promise<ApiError | StakeCeilings>;

/**
 * Bet placement's stake check (`StakeGate` of `@tessera/server/bets`): answered at once from a cached profile, a
 * promise only when it must read (ADR 0504).
 */
export type ResponsibleBetGate = (
  input: StakeGateInput,
) => ApiError | StakeCeilings | Promise<ApiError | StakeCeilings>;

/** The gates other modules are composed with (apps/api's buildApp). */
export interface ResponsibleGates {
  /** Bets: locks and session time refused at once; wager and loss limits answered as ceilings for bet_place. */
  stakeGate: ResponsibleBetGate;
  /** The cashier: locks, deposit limits and the cross-operator system before a deposit starts. */
  cashierGate: CashierGate;
  /** Accounts: the self-exclusion register at registration and sign-in. */
  personGate: PersonGate;
  /** The casino: the same check as a bet's stake, before a round's stake is taken (its ceilings checked there). */
  casinoRoundGate: ResponsibleStakeGate;
  /** Whether marketing may reach the player (not during a lock); the messaging of promotions must ask it. */
  marketingAllowed: (accountId: string) => Promise<boolean>;
}

/** Player protection of a server: what its routes call for the signed-in player, and the gates. */
export interface ResponsibleModule extends ResponsibleGates {
  protection: PlayerProtection;
  /** The limits, the lock in force and what the player's site offers. */
  overview(request: AccountsRequest): Promise<ResponsibleOverviewResponse>;
  /** Sets, lowers, raises or removes a limit (raising and removing wait the cooling-off); answers the overview. */
  setLimit(request: AccountsRequest, body: LimitChangeRequest): Promise<ResponsibleOverviewResponse>;
  /** A time-out, a self-exclusion or the panic button, at once; answers the overview. */
  lock(request: AccountsRequest, body: LockRequest): Promise<ResponsibleOverviewResponse>;
  /** The session clock; `acknowledge` answers a due reality check with "continue". */
  playSession(request: AccountsRequest, acknowledge: boolean): Promise<PlaySessionResponse>;
  /** The movable clock of a test-mode server, if it runs on one. */
  testClock: TestClock | undefined;
  /** The cashier: monthly deposit thresholds by age until an affordability check (responsible.affordabilityCheck). */
  affordabilityGate: CashierGate;
  /** Bets and casino rounds: the cross-operator activity file, no play with two operators at once (activityFile). */
  activityGate: (input: { accountId: string; brandId: string }) => Promise<ApiError | undefined>;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'Invalid request', { validation_errors: [{ field, message }] });

/** A limit change the schema lets through but the kinds forbid: a session limit is whole minutes per session. */
function limitChange({ kind, period, amount }: LimitChangeRequest): LimitChange {
  if ((kind === 'session') !== (period === 'session'))
    throw invalid('period', kind === 'session' ? 'must be session' : 'must be day, week or month');
  if (kind === 'session' && amount !== null && (!Number.isInteger(amount) || amount > 24 * 60))
    throw invalid('amount', 'must be whole minutes, at most 1440');
  if (kind !== 'session' && amount !== null && Math.round(amount * 100) !== amount * 100)
    throw invalid('amount', 'must have at most 2 decimals');
  return { kind, period, amount };
}

/** A lock request as one of the three kinds, each with exactly its own fields. */
function lockOf(body: LockRequest): Parameters<PlayerProtection['lock']>[1] {
  if (body.kind === 'timeout') {
    if (body.hours === undefined || body.months !== undefined || body.permanent !== undefined)
      throw invalid('hours', 'a time-out needs hours (24 to 1008) and nothing else');
    return { kind: 'timeout', hours: body.hours };
  }
  if (body.kind === 'self_exclusion') {
    if (body.hours !== undefined || (body.months === undefined) === (body.permanent !== true))
      throw invalid('months', 'a self-exclusion needs months (6 to 60) or permanent: true');
    return { kind: 'self_exclusion', months: body.months ?? 'permanent' };
  }
  if (body.hours !== undefined || body.months !== undefined || body.permanent !== undefined)
    throw invalid('kind', 'the panic button takes nothing else');
  return { kind: 'panic' };
}

/**
 * Builds player protection from the server's settings: the registers and the cross-operator system (sandboxes
 * outside production), the reality checks, and in test mode the movable clock, which player protection alone runs
 * on, so moving it through a cooling-off does not end the sessions of the other browser tests sharing the server.
 */
export function createResponsibleModule(options: ResponsibleModuleOptions): ResponsibleModule {
  const testClock = options.mode === 'test' ? options.testClock : undefined;
  const clock = testClock?.now ?? options.clock ?? (() => new Date());
  const db = options.database;
  const configFor = (brandId: string, country: string) => {
    const brand = options.registry.get(brandId);
    if (!brand) throw new Error(`unknown brand ${brandId}`);
    const served = brand.countries.includes(country.toLowerCase()) ? country.toLowerCase() : brand.defaultCountry;
    return options.registry.resolve(brand.id, served, brand.defaultLanguage).config;
  };
  const settingsFor = (brandId: string, country: string): ResponsibleSettings =>
    configFor(brandId, country).responsible;
  const sandboxRegister = options.mode === 'production' ? undefined : new SandboxExclusionRegister();
  const crossOperator =
    options.crossOperator ?? (options.mode === 'production' ? undefined : new SandboxCrossOperatorLimit({ db, clock }));
  const protection = new PlayerProtection({
    db,
    clock,
    settingsFor,
    // Limit periods start at midnight in the brand's time zone for the country (global.timezone).
    timeZoneFor: (brandId, country) => configFor(brandId, country).global.timezone,
    depositInFlight: options.depositInFlight,
    registers: (id) => options.registers?.[id] ?? sandboxRegister,
    crossOperator,
    registerTimeoutMs: options.registerTimeoutMs,
    log: options.log,
  });
  const reality = new RealityChecks({ db, clock });
  // Sessions are read as the accounts read them, with the same server key and clock (as the bets' bettor lookup does).
  const sessions = sessionReader({ ...options, clock: options.clock ?? (() => new Date()) });
  const signedIn = async (request: AccountsRequest) => {
    const { session, user } = await requireSession(sessions, request);
    const settings = settingsFor(user.brand_id, user.country);
    return {
      account: { accountId: user.id, brandId: user.brand_id, country: user.country, currency: user.currency },
      session: { id: session.id, userId: user.id, createdAt: session.created_at },
      settings,
    };
  };
  const overview = async (
    account: { accountId: string; currency: string },
    settings: ResponsibleSettings,
  ): Promise<ResponsibleOverviewResponse> => {
    const { limits, lock } = await protection.overview(account.accountId, account.currency);
    return {
      currency: account.currency,
      coolingOffHours: settings.coolingOffHours,
      offers: {
        limitTypes: settings.limitsVisible
          ? settings.limitTypes.filter((t): t is 'deposit' | 'loss' | 'wager' | 'session' => t !== 'timeout')
          : [],
        timeout: settings.limitTypes.includes('timeout'),
        selfExclusion: settings.selfExclusion,
        panicButton: settings.panicButton,
      },
      limits,
      lock,
    };
  };

  return {
    protection,
    testClock,
    async overview(request) {
      const { account, settings } = await signedIn(request);
      return overview(account, settings);
    },
    async setLimit(request, body) {
      const { account, settings } = await signedIn(request);
      const change = await protection.setLimit(account, limitChange(body));
      return { ...(await overview(account, settings)), change };
    },
    async lock(request, body) {
      const { account, settings } = await signedIn(request);
      await protection.lock(account, lockOf(body));
      return overview(account, settings);
    },
    async playSession(request, acknowledge) {
      const { account, session, settings } = await signedIn(request);
      const state = acknowledge
        ? await reality.acknowledge(session, settings.realityCheck)
        : await reality.state(session, settings.realityCheck);
      return {
        ...state,
        currency: account.currency,
        serverTime: clock().toISOString(),
        show: { sessionTimer: settings.showSessionTimer, netPosition: settings.showNetPosition },
      };
    },
    stakeGate: (input) => protection.answerStake(input),
    casinoRoundGate: (input) => protection.stakeGate(input),
    cashierGate: async (input) => {
      const email = await db.query<{ email: string | null }>(`select email from accounts_users where id = $1::bigint`, [
        input.accountId,
      ]);
      const key = email.rows[0]?.email?.toLowerCase();
      return protection.cashierGate({ ...input, amountMinor: Number(input.amountMinor), playerKey: key || undefined });
    },
    personGate: (site, person) => protection.registerGate(site, person),
    marketingAllowed: (accountId) => protection.marketingAllowed(accountId),
    affordabilityGate: affordabilityGate({
      db,
      clock,
      settingsFor,
      timeZoneFor: (brandId, country) => configFor(brandId, country).global.timezone,
    }),
    activityGate: activityFileGate({
      db,
      settingsFor,
      file:
        options.activityFile ??
        (options.mode !== 'production' || options.sandboxActivityFile
          ? new SandboxActivityFile({ db, clock })
          : undefined),
      timeoutMs: options.registerTimeoutMs,
      log: options.log,
      clock,
    }),
  };
}
