import { ApiError } from '@tessera/server/api-errors';
import type { ApiPayload, ApiSchemaName, BackofficePermission } from '@tessera/shared/contract-api';
import { adjustPlayerBalance, decideAdjustment, pendingAdjustments } from './adjustments';
import { configRoutes } from './config/config-routes';
import { exportAuditCsv, searchAudit } from './audit';
import { brandsOverview } from './brands';
import { lookupDeposits } from './deposits';
import { type Actor, audit, type BackofficeContext, type RequestOrigin } from './context';
import {
  enrolTotp,
  listSessions,
  OPERATOR_IDLE_MS,
  type OperatorSession,
  revokeOperatorSession,
  sessionOf,
  signInWithPassword,
  signOut,
  verifyTotp,
} from './operator-sessions';
import { createOperator, listOperators, operatorView, updateOperator } from './operators';
import { hasPermission, permissionsOf } from './permissions';
import { addPlayerNote, playerDetail, searchPlayers, setPlayerLock, signPlayerOut } from './players';
import { decideAccountVerification, type DocumentFile, documentFile, verificationQueue } from './verification-desk';
import { decideWithdrawal, listWithdrawals } from './withdrawals';
import { betIn, liability, searchBets } from './risk-desk';
import { decideVipBet, vipQueue } from './vip-bets';
import { correctBet } from './bet-corrections';
import { setLimitOnBehalf } from './player-actions';

/** What a route answers: a payload of the contract, a file (a document's bytes), CSV text, or nothing (204). */
export type RouteAnswer = ApiSchemaName | 'file' | 'csv' | 'empty';

/** The HTTP side of a call, as the server hands it over (bodies and queries already checked against their schema). */
export interface HttpCall {
  /** The operator cookie's value. */
  token: string | undefined;
  origin: RequestOrigin;
  params: Readonly<Record<string, string>>;
  query: unknown;
  body: unknown;
  /** Sets the operator cookie to a new session token, or clears it. */
  setToken(token: string | undefined): void;
}

interface CallBase<B, Q> {
  ctx: BackofficeContext;
  origin: RequestOrigin;
  params: Readonly<Record<string, string>>;
  body: B;
  query: Q;
  setToken(token: string | undefined): void;
}

/** A call of a route open to anyone (the first factor). */
export type PublicCall<B = unknown, Q = unknown> = CallBase<B, Q>;
/** A call of a route for a half-session (password given, second factor not yet). */
export interface HalfCall<B = unknown, Q = unknown> extends CallBase<B, Q> {
  session: OperatorSession;
}
/** A call of a signed-in operator's route. */
export interface OperatorCall<B = unknown, Q = unknown> extends CallBase<B, Q> {
  actor: Actor;
}

interface RouteShape {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under /backoffice/api/, Fastify's syntax (`players/:id`). */
  path: string;
  body?: ApiSchemaName;
  query?: ApiSchemaName;
  answer: RouteAnswer;
  /** The success status; default 200 (204 for `empty`). */
  status?: number;
}

/** A console route: who may call it, what it takes and answers, and what it does. */
export type BackofficeRoute =
  | (RouteShape & { access: 'public'; handle(call: PublicCall): Promise<unknown> })
  | (RouteShape & { access: 'half-session'; handle(call: HalfCall): Promise<unknown> })
  | (RouteShape & {
      /** `signed-in`: any operator; else the permission the matrix must grant the operator's role. */
      access: 'signed-in' | BackofficePermission;
      handle(call: OperatorCall): Promise<unknown>;
    });

// The factories type each handler's body and query by the schema names; the server validates both against those
// schemas before a handler runs, which is what makes the narrowing below sound.
function publicRoute<B>(shape: RouteShape, handle: (call: PublicCall<B>) => Promise<unknown>): BackofficeRoute {
  return { ...shape, access: 'public', handle: handle as (call: PublicCall) => Promise<unknown> };
}
function halfRoute<B>(shape: RouteShape, handle: (call: HalfCall<B>) => Promise<unknown>): BackofficeRoute {
  return { ...shape, access: 'half-session', handle: handle as (call: HalfCall) => Promise<unknown> };
}
function operatorRoute<B = unknown, Q = unknown>(
  access: 'signed-in' | BackofficePermission,
  shape: RouteShape,
  handle: (call: OperatorCall<B, Q>) => Promise<unknown>,
): BackofficeRoute {
  return { ...shape, access, handle: handle as (call: OperatorCall) => Promise<unknown> };
}

type Body<N extends ApiSchemaName> = ApiPayload<N>;
const id = (call: { params: Readonly<Record<string, string>> }, name = 'id'): string => call.params[name] ?? '';

/** Every route of the console's API, under /backoffice/api/. */
export const BACKOFFICE_ROUTES: readonly BackofficeRoute[] = [
  // The console layer of the site configuration (ADR 0310).
  ...configRoutes(operatorRoute),
  publicRoute<Body<'backoffice/session-request'>>(
    { method: 'POST', path: 'session', body: 'backoffice/session-request', answer: 'backoffice/session-response' },
    async (call) => {
      const { token, stage } = await signInWithPassword(call.ctx, call.body, call.origin);
      call.setToken(token);
      return { stage };
    },
  ),
  halfRoute(
    {
      method: 'POST',
      path: 'session/totp/enrol',
      body: 'auth/empty-request',
      answer: 'backoffice/totp-enrol-response',
    },
    (call) => enrolTotp(call.ctx, call.session),
  ),
  halfRoute<Body<'backoffice/totp-request'>>(
    { method: 'POST', path: 'session/totp', body: 'backoffice/totp-request', answer: 'backoffice/operator-response' },
    async (call) => {
      const { token, operator } = await verifyTotp(call.ctx, call.session, call.body.code, call.origin);
      call.setToken(token);
      return { operator: operatorView(operator) };
    },
  ),
  operatorRoute('signed-in', { method: 'DELETE', path: 'session', answer: 'empty' }, async (call) => {
    await signOut(call.ctx, call.actor);
    call.setToken(undefined);
  }),
  operatorRoute('signed-in', { method: 'GET', path: 'me', answer: 'backoffice/me-response' }, async (call) => ({
    operator: operatorView(call.actor.operator),
    permissions: permissionsOf(call.actor.operator.role),
    idleTimeoutSeconds: OPERATOR_IDLE_MS / 1000,
  })),
  operatorRoute('signed-in', { method: 'GET', path: 'sessions', answer: 'backoffice/sessions-response' }, (call) =>
    listSessions(call.ctx, call.actor, hasPermission(call.actor.operator.role, 'sessions.read-all')),
  ),
  operatorRoute('signed-in', { method: 'DELETE', path: 'sessions/:id', answer: 'empty' }, (call) =>
    revokeOperatorSession(
      call.ctx,
      call.actor,
      id(call),
      hasPermission(call.actor.operator.role, 'sessions.revoke-any'),
    ),
  ),
  operatorRoute(
    'operators.read',
    { method: 'GET', path: 'operators', answer: 'backoffice/operators-response' },
    async (call) => ({
      operators: await listOperators(call.ctx.db),
    }),
  ),
  operatorRoute<Body<'backoffice/operator-create-request'>>(
    'operators.write',
    {
      method: 'POST',
      path: 'operators',
      body: 'backoffice/operator-create-request',
      answer: 'backoffice/operator-create-response',
      status: 201,
    },
    (call) => createOperator(call.ctx, call.body, { actor: call.actor }),
  ),
  operatorRoute<Body<'backoffice/operator-update-request'>>(
    'operators.write',
    {
      method: 'PATCH',
      path: 'operators/:id',
      body: 'backoffice/operator-update-request',
      answer: 'backoffice/operator-response',
    },
    async (call) => ({ operator: await updateOperator(call.ctx, call.actor, id(call), call.body) }),
  ),
  operatorRoute<unknown, Body<'backoffice/players-query'>>(
    'players.search',
    { method: 'GET', path: 'players', query: 'backoffice/players-query', answer: 'backoffice/players-response' },
    (call) => searchPlayers(call.ctx, call.actor, call.query.q),
  ),
  operatorRoute('players.view', { method: 'GET', path: 'players/:id', answer: 'backoffice/player-response' }, (call) =>
    playerDetail(call.ctx, call.actor, id(call)),
  ),
  ...(['lock', 'unlock'] as const).map((action) =>
    operatorRoute<Body<'backoffice/reason-request'>>(
      'players.lock',
      {
        method: 'POST',
        path: `players/:id/${action}`,
        body: 'backoffice/reason-request',
        answer: 'backoffice/player-action-response',
      },
      (call) => setPlayerLock(call.ctx, call.actor, id(call), action === 'lock', call.body.reason),
    ),
  ),
  operatorRoute<Body<'backoffice/reason-request'>>(
    'players.sign-out',
    {
      method: 'POST',
      path: 'players/:id/sign-out',
      body: 'backoffice/reason-request',
      answer: 'backoffice/player-action-response',
    },
    (call) => signPlayerOut(call.ctx, call.actor, id(call), call.body.reason),
  ),
  operatorRoute<Body<'backoffice/note-request'>>(
    'players.notes',
    {
      method: 'POST',
      path: 'players/:id/notes',
      body: 'backoffice/note-request',
      answer: 'backoffice/player-action-response',
      status: 201,
    },
    (call) => addPlayerNote(call.ctx, call.actor, id(call), call.body.text),
  ),
  operatorRoute<Body<'backoffice/adjustment-request'>>(
    'payments.adjust',
    {
      method: 'POST',
      path: 'players/:id/adjustments',
      body: 'backoffice/adjustment-request',
      answer: 'backoffice/adjustment-response',
      status: 201,
    },
    (call) => adjustPlayerBalance(call.ctx, call.actor, id(call), call.body),
  ),
  // Four-eyes adjustments (ADR 0356): those waiting for a second operator, and that operator's decision.
  operatorRoute(
    'payments.adjust',
    { method: 'GET', path: 'adjustments', answer: 'backoffice/pending-adjustments-response' },
    (call) => pendingAdjustments(call.ctx, call.actor),
  ),
  ...(['approve', 'reject'] as const).map((decision) =>
    operatorRoute<Body<'backoffice/reason-request'>>(
      'payments.adjust',
      {
        method: 'POST',
        path: `adjustments/:id/${decision}`,
        body: 'backoffice/reason-request',
        answer: 'backoffice/adjustment-response',
      },
      (call) => decideAdjustment(call.ctx, call.actor, id(call), decision, call.body.reason),
    ),
  ),
  operatorRoute<unknown, Body<'backoffice/deposits-query'>>(
    'payments.lookup',
    { method: 'GET', path: 'deposits', query: 'backoffice/deposits-query', answer: 'backoffice/deposits-response' },
    (call) => lookupDeposits(call.ctx, call.actor, call.query),
  ),
  operatorRoute<unknown, Body<'backoffice/withdrawals-query'>>(
    'withdrawals.read',
    {
      method: 'GET',
      path: 'withdrawals',
      query: 'backoffice/withdrawals-query',
      answer: 'backoffice/withdrawals-response',
    },
    (call) => listWithdrawals(call.ctx, call.actor, call.query),
  ),
  ...(['approve', 'reject'] as const).map((decision) =>
    operatorRoute<Body<'backoffice/reason-request'>>(
      'withdrawals.decide',
      {
        method: 'POST',
        path: `withdrawals/:id/${decision}`,
        body: 'backoffice/reason-request',
        answer: 'backoffice/withdrawal-decision-response',
      },
      (call) => decideWithdrawal(call.ctx, call.actor, id(call), decision, call.body.reason),
    ),
  ),
  operatorRoute<unknown, Body<'backoffice/verification-query'>>(
    'verification.read',
    {
      method: 'GET',
      path: 'verification',
      query: 'backoffice/verification-query',
      answer: 'backoffice/verification-queue-response',
    },
    (call) => verificationQueue(call.ctx, call.actor, call.query),
  ),
  operatorRoute(
    'verification.documents',
    { method: 'GET', path: 'verification/:accountId/documents/:documentId', answer: 'file' },
    (call): Promise<DocumentFile> => documentFile(call.ctx, call.actor, id(call, 'accountId'), id(call, 'documentId')),
  ),
  operatorRoute<Body<'backoffice/verification-decide-request'>>(
    'verification.decide',
    {
      method: 'POST',
      path: 'verification/:accountId/decide',
      body: 'backoffice/verification-decide-request',
      answer: 'backoffice/verification-decide-response',
    },
    (call) => decideAccountVerification(call.ctx, call.actor, id(call, 'accountId'), call.body),
  ),
  operatorRoute<unknown, Body<'backoffice/audit-query'>>(
    'audit.read',
    { method: 'GET', path: 'audit', query: 'backoffice/audit-query', answer: 'backoffice/audit-response' },
    (call) => searchAudit(call.ctx.db, call.query),
  ),
  operatorRoute<unknown, Body<'backoffice/audit-query'>>(
    'audit.export',
    { method: 'GET', path: 'audit.csv', query: 'backoffice/audit-query', answer: 'csv' },
    async (call) => {
      const csv = await exportAuditCsv(call.ctx.db, call.query);
      await audit(call.ctx, call.actor, { action: 'audit.export', after: { ...call.query } });
      return csv;
    },
  ),
  operatorRoute('brands.read', { method: 'GET', path: 'brands', answer: 'backoffice/brands-response' }, async (call) =>
    brandsOverview(call.ctx, call.actor),
  ),
  operatorRoute<unknown, Body<'backoffice/bets-query'>>(
    'bets.read',
    { method: 'GET', path: 'bets', query: 'backoffice/bets-query', answer: 'backoffice/bets-response' },
    (call) => searchBets(call.ctx, call.actor, call.query),
  ),
  operatorRoute('bets.read', { method: 'GET', path: 'bets/:id', answer: 'backoffice/bet' }, (call) =>
    betIn(call.ctx.db, call.actor, id(call)),
  ),
  operatorRoute('bets.read', { method: 'GET', path: 'liability', answer: 'backoffice/liability-response' }, (call) =>
    liability(call.ctx, call.actor),
  ),
  operatorRoute('bets.read', { method: 'GET', path: 'vip-bets', answer: 'backoffice/vip-bets-response' }, (call) =>
    vipQueue(call.ctx, call.actor),
  ),
  operatorRoute<Body<'backoffice/vip-decision-request'>>(
    'bets.vip',
    {
      method: 'POST',
      path: 'vip-bets/:id/decide',
      body: 'backoffice/vip-decision-request',
      answer: 'backoffice/vip-decision-response',
    },
    (call) => decideVipBet(call.ctx, call.actor, id(call), call.body),
  ),
  operatorRoute<Body<'backoffice/player-limit-request'>>(
    'players.limits',
    {
      method: 'POST',
      path: 'players/:id/limits',
      body: 'backoffice/player-limit-request',
      answer: 'backoffice/player-limit-response',
    },
    (call) => setLimitOnBehalf(call.ctx, call.actor, id(call), call.body),
  ),
  operatorRoute<Body<'backoffice/bet-correction-request'>>(
    'bets.correct',
    {
      method: 'POST',
      path: 'bets/:id/correct',
      body: 'backoffice/bet-correction-request',
      answer: 'backoffice/bet-correction-response',
    },
    (call) => correctBet(call.ctx, call.actor, id(call), call.body),
  ),
];

const notSignedIn = () => new ApiError(401, 'Not signed in', { detail: 'Sign in to the console' });

/**
 * Runs a route for one HTTP call: reads the operator's session from the cookie (401 without a live one, or without
 * the second factor), checks the route's permission against the matrix (403), then runs the route.
 */
export async function runBackofficeRoute(
  ctx: BackofficeContext,
  route: BackofficeRoute,
  http: HttpCall,
): Promise<unknown> {
  const base = {
    ctx,
    origin: http.origin,
    params: http.params,
    body: http.body,
    query: http.query,
    setToken: http.setToken,
  };
  if (route.access === 'public') return route.handle(base);
  const session = await sessionOf(ctx, http.token);
  if (route.access === 'half-session') {
    if (!session) throw new ApiError(401, 'Sign in first', { detail: 'Your sign-in has expired: start again' });
    return route.handle({ ...base, session });
  }
  if (!session || session.stage !== 'full') throw notSignedIn();
  const actor: Actor = { operator: session.operator, sessionId: session.id, origin: http.origin };
  if (route.access !== 'signed-in' && !hasPermission(actor.operator.role, route.access))
    throw new ApiError(403, 'Not allowed', { detail: `Your role (${actor.operator.role}) lacks ${route.access}` });
  return route.handle({ ...base, actor });
}
