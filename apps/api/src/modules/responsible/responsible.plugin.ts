import type { FastifyInstance } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import {
  requireSession,
  SESSION_COOKIE,
  type AccountsLogger,
  type AccountsRequest,
  type PersonGate,
  type SessionContext,
} from '@tessera/server/accounts';
import { siteVerifyCaptcha } from '@tessera/server/captcha';
import type { Database } from '@tessera/server/db';
import { ref } from '@tessera/server/http';
import { createMessenger, unconfiguredSender } from '@tessera/server/messaging';
import {
  PlayerProtection,
  RealityChecks,
  SandboxCrossOperatorLimit,
  SandboxExclusionRegister,
  type CrossOperatorLimit,
  type ExclusionRegister,
  type ResponsibleSettings,
  type StakeGateInput,
} from '@tessera/server/responsible';
import { createServerSecrets, DEVELOPMENT_SECRET_KEY } from '@tessera/server/secrets';
import type { CashierGate } from '@tessera/server/wallet';
import type {
  LimitChangeRequest,
  LockRequest,
  PlaySessionResponse,
  ResponsibleOverviewResponse,
} from '@tessera/shared/contract-api';
import type { BrandRegistry } from '../config/brand-registry.port';
import type { TestClock } from './test-clock';

/** What {@link registerResponsible} needs. */
export interface ResponsibleOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  secretKey?: string;
  clock?: () => Date;
  /** National self-exclusion registers by id; outside production the sandbox answers for any id not given. */
  registers?: Record<string, ExclusionRegister>;
  /** The cross-operator deposit-limit system; default the sandbox outside production, none in production. */
  crossOperator?: CrossOperatorLimit;
  /** How long a register may take (ms) before it counts as unavailable; default 2000. */
  registerTimeoutMs?: number;
  /** Test mode only: player protection's movable clock, moved by `POST /__dev/clock/advance`. */
  testClock?: TestClock;
}

/** A stake's check: the shape of `StakeGate` of `@tessera/server/bets`. */
export type ResponsibleStakeGate = (input: StakeGateInput) => Promise<ApiError | undefined>;

/** The gates other modules are composed with (apps/api/src/app.ts). */
export interface ResponsibleGates {
  /** Bets: limits, locks and session time before a stake is written. */
  stakeGate: ResponsibleStakeGate;
  /** The cashier: locks, deposit limits and the cross-operator system before a deposit starts. */
  cashierGate: CashierGate;
  /** Accounts: the self-exclusion register at registration and sign-in. */
  personGate: PersonGate;
  /** The casino, when it exists: the same check as a bet's stake, before a round is played. */
  casinoRoundGate: ResponsibleStakeGate;
  /** Whether marketing may reach the player (not during a lock); the messaging of promotions must ask it. */
  marketingAllowed: (accountId: string) => Promise<boolean>;
  protection: PlayerProtection;
}

const tags = ['responsible'];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));

/**
 * Player protection's routes (`/web-api/responsible/...`: the overview, limits, locks and the reality-check session)
 * and the gates the bets, the cashier and the accounts are composed with. Rules: `@tessera/server/responsible`.
 */
export function registerResponsible(app: FastifyInstance, options: ResponsibleOptions): ResponsibleGates {
  // Test mode: player protection alone runs on the movable clock, so moving it through a cooling-off does not end the
  // sessions of the other browser tests sharing the server.
  const testClock = options.mode === 'test' ? options.testClock : undefined;
  const clock = testClock?.now ?? options.clock ?? (() => new Date());
  const db = options.database;
  const settingsFor = (brandId: string, country: string): ResponsibleSettings => {
    const brand = options.registry.get(brandId);
    if (!brand) throw new Error(`unknown brand ${brandId}`);
    const served = brand.countries.includes(country.toLowerCase()) ? country.toLowerCase() : brand.defaultCountry;
    return options.registry.resolve(brand.id, served, brand.defaultLanguage).config.responsible;
  };
  const sandboxRegister = options.mode === 'production' ? undefined : new SandboxExclusionRegister();
  const crossOperator =
    options.crossOperator ?? (options.mode === 'production' ? undefined : new SandboxCrossOperatorLimit({ db, clock }));
  const protection = new PlayerProtection({
    db,
    clock,
    settingsFor,
    registers: (id) => options.registers?.[id] ?? sandboxRegister,
    ...(crossOperator ? { crossOperator } : {}),
    ...(options.registerTimeoutMs !== undefined ? { registerTimeoutMs: options.registerTimeoutMs } : {}),
    log: app.log,
  });
  const reality = new RealityChecks({ db, clock });
  // Sessions are read as the accounts read them, with the same server key and clock (as the bets' bettor lookup does).
  const appClock = options.clock ?? (() => new Date());
  const sessions: SessionContext = {
    db,
    registry: options.registry,
    secrets: createServerSecrets(options.secretKey || DEVELOPMENT_SECRET_KEY),
    messenger: createMessenger({ sender: unconfiguredSender(), database: db, clock: appClock }),
    captcha: siteVerifyCaptcha(),
    captchaSecret: () => undefined,
    clock: appClock,
    mode: options.mode,
    log: app.log as AccountsLogger,
  };
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

  app.get<{ Reply: ResponsibleOverviewResponse }>(
    '/web-api/responsible',
    {
      schema: {
        summary: 'The limits, the lock in force and what this site offers the player',
        tags,
        response: { 200: ref('responsible/responsible-overview-response'), ...errors(401) },
      },
    },
    async (request) => {
      const { account, settings } = await signedIn(request);
      return overview(account, settings);
    },
  );

  app.put<{ Body: LimitChangeRequest; Reply: ResponsibleOverviewResponse }>(
    '/web-api/responsible/limits',
    {
      schema: {
        summary: 'Set, lower, raise or remove a limit (raising and removing wait the cooling-off)',
        tags,
        body: ref('responsible/limit-change-request'),
        response: { 200: ref('responsible/responsible-overview-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { account, settings } = await signedIn(request);
      const { kind, period, amount } = request.body;
      if ((kind === 'session') !== (period === 'session'))
        throw new ApiError(400, 'Invalid request', {
          validation_errors: [
            { field: 'period', message: kind === 'session' ? 'must be session' : 'must be day, week or month' },
          ],
        });
      if (kind === 'session' && amount !== null && (!Number.isInteger(amount) || amount > 24 * 60))
        throw new ApiError(400, 'Invalid request', {
          validation_errors: [{ field: 'amount', message: 'must be whole minutes, at most 1440' }],
        });
      if (kind !== 'session' && amount !== null && Math.round(amount * 100) !== amount * 100)
        throw new ApiError(400, 'Invalid request', {
          validation_errors: [{ field: 'amount', message: 'must have at most 2 decimals' }],
        });
      const change = await protection.setLimit(account, { kind, period, amount });
      return { ...(await overview(account, settings)), change };
    },
  );

  app.post<{ Body: LockRequest; Reply: ResponsibleOverviewResponse }>(
    '/web-api/responsible/lock',
    {
      schema: {
        summary: 'Take a time-out, exclude yourself or press the panic button: at once, not reversible',
        tags,
        body: ref('responsible/lock-request'),
        response: { 200: ref('responsible/responsible-overview-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { account, settings } = await signedIn(request);
      const body = request.body;
      const invalid = (field: string, message: string) =>
        new ApiError(400, 'Invalid request', { validation_errors: [{ field, message }] });
      if (body.kind === 'timeout') {
        if (body.hours === undefined || body.months !== undefined || body.permanent !== undefined)
          throw invalid('hours', 'a time-out needs hours (24 to 1008) and nothing else');
        await protection.lock(account, { kind: 'timeout', hours: body.hours });
      } else if (body.kind === 'self_exclusion') {
        if (body.hours !== undefined || (body.months === undefined) === (body.permanent !== true))
          throw invalid('months', 'a self-exclusion needs months (6 to 60) or permanent: true');
        await protection.lock(account, {
          kind: 'self_exclusion',
          months: body.permanent === true ? 'permanent' : (body.months as number),
        });
      } else {
        if (body.hours !== undefined || body.months !== undefined || body.permanent !== undefined)
          throw invalid('kind', 'the panic button takes nothing else');
        await protection.lock(account, { kind: 'panic' });
      }
      return overview(account, settings);
    },
  );

  const playSession = async (request: AccountsRequest, acknowledge: boolean): Promise<PlaySessionResponse> => {
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
  };
  app.get<{ Reply: PlaySessionResponse }>(
    '/web-api/responsible/session',
    {
      schema: {
        summary: 'The session clock: time played, wagered, net position and when the next reality check is due',
        tags,
        response: { 200: ref('responsible/play-session-response'), ...errors(401) },
      },
    },
    async (request) => playSession(request, false),
  );
  app.post<{ Reply: PlaySessionResponse }>(
    '/web-api/responsible/session/continue',
    {
      schema: {
        summary: 'The player answered a reality check with "continue": the next one is an interval from now',
        tags,
        response: { 200: ref('responsible/play-session-response'), ...errors(401) },
      },
    },
    async (request) => playSession(request, true),
  );

  if (testClock) {
    // Each request runs on its session's clock, so moving one player's clock leaves other players' alone.
    app.addHook('onRequest', (request, _reply, done) => testClock.within(request.cookies[SESSION_COOKIE], done));
    app.post<{ Body: { minutes: number }; Reply: { now: string } }>(
      '/__dev/clock/advance',
      {
        schema: {
          summary: 'Test mode only: move the server clock forward (cooling-off, reality checks)',
          tags: ['development'],
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['minutes'],
            properties: { minutes: { type: 'integer', minimum: 1, maximum: 525_600, description: 'Minutes to move.' } },
          },
          response: {
            200: {
              type: 'object',
              additionalProperties: false,
              required: ['now'],
              properties: { now: { type: 'string', description: 'The server clock after the move.' } },
            },
          },
        },
      },
      async (request) => {
        const session = request.cookies[SESSION_COOKIE];
        if (!session)
          throw new ApiError(401, 'Not signed in', { detail: 'The test clock moves for a signed-in session' });
        return { now: testClock.advance(request.body.minutes * 60_000, session).toISOString() };
      },
    );
  }

  return {
    protection,
    stakeGate: (input) => protection.stakeGate(input),
    casinoRoundGate: (input) => protection.stakeGate(input),
    cashierGate: async (input) => {
      const email = await db.query<{ email: string | null }>(`select email from accounts_users where id = $1::bigint`, [
        input.accountId,
      ]);
      const key = email.rows[0]?.email?.toLowerCase();
      return protection.cashierGate({
        ...input,
        amountMinor: Number(input.amountMinor),
        ...(key ? { playerKey: key } : {}),
      });
    },
    personGate: (site, person) => protection.registerGate(site, person),
    marketingAllowed: (accountId) => protection.marketingAllowed(accountId),
  };
}
