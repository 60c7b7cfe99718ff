import { bool, defineCall, int, oneOf, type ParamEncoder, type WireValue } from '@tessera/shared/data-access-api';
import type {
  PlaySessionResponse,
  ResponsibleOverviewResponse,
  ResponsibleRefusal,
} from '@tessera/shared/contract-api';

/** The overview: limits, the lock in force and what the site offers. */
export type ResponsibleOverview = ResponsibleOverviewResponse;
/** One limit of the overview. */
export type LimitItem = ResponsibleOverviewResponse['limits'][number];
/** The session clock of reality checks and the header. */
export type PlaySession = PlaySessionResponse;
/** The `responsible` part of a refusal. */
export type RefusalDetails = ResponsibleRefusal;

/** An amount that may be null (null removes the limit): sent as JSON null, never left out. */
function nullableAmount(): ParamEncoder<number | null, true> {
  return {
    kind: 'nullable-amount',
    wireName: undefined,
    required: true,
    encode(value) {
      if (value === undefined) throw new Error('amount is required (null removes the limit)');
      return value as unknown as WireValue;
    },
  };
}

/** Player protection's calls (apps/api/src/modules/responsible). Signed in by the session cookie. */
export const responsibleApi = {
  /** GET /web-api/responsible */
  overview: defineCall({ url: '/web-api/responsible' }).returns<ResponsibleOverview>(),
  /** PUT /web-api/responsible/limits: lowering applies at once, raising or removing waits the cooling-off. */
  setLimit: defineCall({
    url: '/web-api/responsible/limits',
    method: 'PUT',
    body: {
      kind: oneOf(['deposit', 'loss', 'wager', 'session'] as const, { required: true }),
      period: oneOf(['day', 'week', 'month', 'session'] as const, { required: true }),
      amount: nullableAmount(),
    },
  }).returns<ResponsibleOverview>(),
  /** POST /web-api/responsible/lock: time-out, self-exclusion or panic; at once and not reversible. */
  lock: defineCall({
    url: '/web-api/responsible/lock',
    method: 'POST',
    body: {
      kind: oneOf(['timeout', 'self_exclusion', 'panic'] as const, { required: true }),
      hours: int(),
      months: int(),
      permanent: bool(),
    },
  }).returns<ResponsibleOverview>(),
  /** GET /web-api/responsible/session */
  session: defineCall({ url: '/web-api/responsible/session' }).returns<PlaySession>(),
  /** POST /web-api/responsible/session/continue */
  continueSession: defineCall({ url: '/web-api/responsible/session/continue', method: 'POST' }).returns<PlaySession>(),
};

/** The `responsible` details of an error thrown by the API client, if it is a player-protection refusal. */
export function refusalDetails(error: unknown): RefusalDetails | undefined {
  const raw = (error as { body?: { raw?: unknown } } | null)?.body?.raw;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const details = (raw as { responsible?: unknown }).responsible;
  return typeof details === 'object' && details !== null ? (details as RefusalDetails) : undefined;
}
