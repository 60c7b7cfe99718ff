import type {
  BackofficeAuditResponse,
  BackofficeBrandsResponse,
  BackofficeOperatorCreateResponse,
  BackofficeOperatorResponse,
  BackofficeOperatorsResponse,
  BackofficePlayerActionResponse,
  BackofficePlayerResponse,
  BackofficePlayersResponse,
  BackofficeSessionsResponse,
  BackofficeVerificationDecideResponse,
  BackofficeVerificationQueueResponse,
  BackofficeWithdrawalDecisionResponse,
  BackofficeWithdrawalsResponse,
} from '@tessera/shared/contract-api';
import { bool, defineCall, int, list, oneOf, str } from '@tessera/shared/data-access-api';
import { CONSOLE_API } from './session.api';

/** Roles an operator may have (schemas/api/backoffice/role). */
export const ROLES = ['admin', 'compliance', 'payments', 'risk', 'support', 'viewer'] as const;

/** States of a withdrawal (schemas/api/backoffice/withdrawal). */
export const WITHDRAWAL_STATES = ['requested', 'approved', 'sent', 'paid', 'rejected', 'cancelled', 'failed'] as const;

/** States of a verification submission the desk lists. */
export const SUBMISSION_STATES = ['submitted', 'verified', 'rejected'] as const;

/** What an operator may do to a player's account, each with a reason. */
export const PLAYER_ACTIONS = ['lock', 'unlock', 'sign-out'] as const;

const reason = { reason: str({ required: true }) };

/** The desks' calls (apps/api, routes under /backoffice/api; every one audited on the server). */
export const deskCalls = {
  sessions: defineCall({ url: `${CONSOLE_API}/sessions` }).returns<BackofficeSessionsResponse>(),
  endSession: defineCall({
    url: `${CONSOLE_API}/sessions`,
    method: 'DELETE',
    path: { id: str({ required: true }) },
  }).returns<unknown>(),

  operators: defineCall({ url: `${CONSOLE_API}/operators` }).returns<BackofficeOperatorsResponse>(),
  createOperator: defineCall({
    url: `${CONSOLE_API}/operators`,
    method: 'POST',
    body: {
      email: str({ required: true }),
      role: oneOf(ROLES, { required: true }),
      brands: list<string, true>({ required: true }),
    },
  }).returns<BackofficeOperatorCreateResponse>(),
  updateOperator: defineCall({
    url: `${CONSOLE_API}/operators`,
    method: 'PATCH',
    path: { id: str({ required: true }) },
    body: { role: oneOf(ROLES), brands: list<string>(), disabled: bool({ sendDefault: true }) },
  }).returns<BackofficeOperatorResponse>(),

  players: defineCall({
    url: `${CONSOLE_API}/players`,
    query: { q: str({ required: true }) },
  }).returns<BackofficePlayersResponse>(),
  player: defineCall({
    url: `${CONSOLE_API}/players`,
    path: { id: str({ required: true }) },
  }).returns<BackofficePlayerResponse>(),
  playerAction: defineCall({
    url: `${CONSOLE_API}/players`,
    method: 'POST',
    path: { id: str({ required: true }), action: oneOf(PLAYER_ACTIONS, { required: true }) },
    body: reason,
  }).returns<BackofficePlayerActionResponse>(),
  addNote: defineCall({
    url: `${CONSOLE_API}/players`,
    method: 'POST',
    path: { id: str({ required: true }), notes: oneOf(['notes'] as const, { required: true }) },
    body: { text: str({ required: true }) },
  }).returns<unknown>(),

  withdrawals: defineCall({
    url: `${CONSOLE_API}/withdrawals`,
    query: { state: oneOf(WITHDRAWAL_STATES) },
  }).returns<BackofficeWithdrawalsResponse>(),
  decideWithdrawal: defineCall({
    url: `${CONSOLE_API}/withdrawals`,
    method: 'POST',
    path: { id: str({ required: true }), decision: oneOf(['approve', 'reject'] as const, { required: true }) },
    body: reason,
  }).returns<BackofficeWithdrawalDecisionResponse>(),

  submissions: defineCall({
    url: `${CONSOLE_API}/verification`,
    query: { state: oneOf(SUBMISSION_STATES) },
  }).returns<BackofficeVerificationQueueResponse>(),
  decideVerification: defineCall({
    url: `${CONSOLE_API}/verification`,
    method: 'POST',
    path: { accountId: str({ required: true }), decide: oneOf(['decide'] as const, { required: true }) },
    body: { decision: oneOf(['verified', 'rejected'] as const, { required: true }), ...reason },
  }).returns<BackofficeVerificationDecideResponse>(),

  audit: defineCall({
    url: `${CONSOLE_API}/audit`,
    query: { q: str(), operator: str(), from: str(), to: str(), page: int({ default: 1 }) },
  }).returns<BackofficeAuditResponse>(),

  brands: defineCall({ url: `${CONSOLE_API}/brands` }).returns<BackofficeBrandsResponse>(),
};

/** The address of a document's bytes (the viewer loads it with the session cookie; every view is audited). */
export function documentUrl(accountId: string, documentId: string): string {
  return `${CONSOLE_API}/verification/${encodeURIComponent(accountId)}/documents/${encodeURIComponent(documentId)}`;
}

/** The audit export's address for the same filters as the table (the browser downloads it). */
export function auditCsvUrl(filters: { q?: string; operator?: string; from?: string; to?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return `${CONSOLE_API}/audit.csv${query ? `?${query}` : ''}`;
}
