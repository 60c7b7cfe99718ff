import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  BackofficeBetCorrectionResponse,
  BackofficeBetsResponse,
  BackofficeLiabilityResponse,
  BackofficeVipBetsResponse,
  BackofficeVipDecisionResponse,
} from '@tessera/shared/contract-api';
import { type ApiClient, defineCall, float, int, oneOf, str } from '@tessera/shared/data-access-api';
import { consoleKeys } from '../api/console.queries';
import { CONSOLE_API } from '../api/session.api';

/** A bet's statuses (schemas/api/backoffice/bet). */
export const BET_STATUSES = [
  'waiting',
  'accepted',
  'won',
  'lost',
  'returned',
  'half_won',
  'half_lost',
  'sold',
  'rejected',
] as const;

/** A trader's decisions on a held VIP bet. */
export const VIP_DECISIONS = ['accept', 'counter', 'reject'] as const;

/** The risk desk's calls (routes under /backoffice/api; decisions audited on the server). */
export const riskCalls = {
  bets: defineCall({
    url: `${CONSOLE_API}/bets`,
    query: { q: str(), game: int(), status: oneOf(BET_STATUSES) },
  }).returns<BackofficeBetsResponse>(),
  liability: defineCall({ url: `${CONSOLE_API}/liability` }).returns<BackofficeLiabilityResponse>(),
  vipBets: defineCall({ url: `${CONSOLE_API}/vip-bets` }).returns<BackofficeVipBetsResponse>(),
  decideVip: defineCall({
    url: `${CONSOLE_API}/vip-bets`,
    method: 'POST',
    path: { id: str({ required: true }), decide: oneOf(['decide'] as const, { required: true }) },
    body: {
      decision: oneOf(VIP_DECISIONS, { required: true }),
      stake: float(),
      odds: float(),
      reason: str({ required: true }),
    },
  }).returns<BackofficeVipDecisionResponse>(),
  correctBet: defineCall({
    url: `${CONSOLE_API}/bets`,
    method: 'POST',
    path: { id: str({ required: true }), correct: oneOf(['correct'] as const, { required: true }) },
    body: {
      action: oneOf(['void', 'resettle'] as const, { required: true }),
      outcome: oneOf(['won', 'lost', 'returned'] as const),
      reason: str({ required: true }),
      requestId: str({ required: true }),
    },
  }).returns<BackofficeBetCorrectionResponse>(),
};

/** Filters of the bet search (all optional). */
export interface BetFilters {
  q?: string;
  game?: number;
  status?: (typeof BET_STATUSES)[number];
}

/** Query keys of the risk desk, under the console's (signing out clears them). */
export const riskKeys = {
  all: [...consoleKeys.all, 'risk'] as const,
  bets: (filters: BetFilters) => [...riskKeys.all, 'bets', filters] as const,
  liability: () => [...riskKeys.all, 'liability'] as const,
  vipBets: () => [...riskKeys.all, 'vip'] as const,
};

/** Bets matching the filters; the last results kept while the next load. */
export function betsQuery(client: ApiClient, filters: BetFilters) {
  return queryOptions({
    queryKey: riskKeys.bets(filters),
    queryFn: ({ signal }) => client.send(riskCalls.bets, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Liability per event and market, refreshed every 15 s while open. */
export function liabilityQuery(client: ApiClient) {
  return queryOptions({
    queryKey: riskKeys.liability(),
    queryFn: ({ signal }) => client.send(riskCalls.liability, {}, { signal }),
    refetchInterval: 15_000,
  });
}

/** Held VIP bets; new bids arrive while the desk is open (every 5 s), and their deadlines run. */
export function vipBetsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: riskKeys.vipBets(),
    queryFn: ({ signal }) => client.send(riskCalls.vipBets, {}, { signal }),
    refetchInterval: 5_000,
  });
}
