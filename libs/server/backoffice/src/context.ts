import { ApiError } from '@tessera/server/api-errors';
import type { VipDecision } from '@tessera/server/bets';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { PaymentProvider } from '@tessera/server/payments';
import type { Database, Queryable } from '@tessera/server/db';
import type { PlayerProtection } from '@tessera/server/responsible';
import type { ServerSecrets } from '@tessera/server/secrets';
import type { VerificationContext } from '@tessera/server/verification';
import type { Withdrawals } from '@tessera/server/wallet';
import type { Messenger } from '@tessera/server/messaging';
import type { BackofficeRole } from '@tessera/shared/contract-api';
import { appendAudit, appendAuditIn, type AuditInput } from './audit';

/** Where the console's services log what they cannot answer to anyone (a background payout send). */
export interface BackofficeLogger {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
}

/** What the console's services need. */
export interface BackofficeContext {
  db: Database;
  registry: Pick<BrandRegistry, 'brands' | 'refused' | 'get' | 'resolve' | 'serverConfig'>;
  secrets: ServerSecrets;
  clock: () => Date;
  /** The wallet's withdrawal service (the one `tessera withdrawal approve|reject` uses). */
  withdrawals: Withdrawals;
  /** The payment provider deposits go through (the deposit lookup asks it); none: states are `unknown`. */
  payments?: PaymentProvider | undefined;
  /** The verification services' context (the one `tessera kyc decide` uses), with the document storage. */
  verification: VerificationContext;
  /** The bets' decision on a held VIP bet (`BettingService.decideVipBet`); none: the VIP desk answers 503. */
  decideVipBet?: ((betId: string, decision: VipDecision) => Promise<'accepted' | 'rejected' | undefined>) | undefined;
  /**
   * Player protection (libs/server/responsible's `PlayerProtection`): its own limit change and overview, for limits set
   * on a player's behalf; none: that route answers 503.
   */
  protection?: Pick<PlayerProtection, 'setLimit' | 'overview'> | undefined;
  /** The platform's messenger (the accounts' own): a voided or resettled bet is told to its player; none: not told. */
  messenger?: Messenger | undefined;
  log: BackofficeLogger;
}

/** From where a request came. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** An operator as stored. */
export interface OperatorRecord {
  id: string;
  email: string;
  role: BackofficeRole;
  brands: string[];
  disabled: boolean;
  totpEnrolled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

/** The signed-in operator of a request, with their session and where the request came from. */
export interface Actor {
  operator: OperatorRecord;
  sessionId: string;
  origin: RequestOrigin;
}

/** Whether the operator may see a brand. */
export function inScope(operator: Pick<OperatorRecord, 'brands'>, brandId: string): boolean {
  return operator.brands.includes('*') || operator.brands.includes(brandId);
}

/** The brands an operator sees as a SQL array parameter; null for every brand. */
export function scopeParam(operator: Pick<OperatorRecord, 'brands'>): string[] | null {
  return operator.brands.includes('*') ? null : operator.brands;
}

/** 404 in the error shape: unknown, or outside the operator's brands (the same answer, so nothing is revealed). */
export function notFound(what: string): ApiError {
  return new ApiError(404, `No such ${what}`);
}

/** The audit fields of an actor: who and from where. */
function byActor(actor: Actor): Pick<AuditInput, 'operatorId' | 'operatorEmail' | 'ip' | 'userAgent'> {
  return {
    operatorId: actor.operator.id,
    operatorEmail: actor.operator.email,
    ip: actor.origin.ip,
    userAgent: actor.origin.userAgent,
  };
}

/** What an actor did, for the audit log: the action, its target, why, before and after. */
export type ActorAction = Omit<AuditInput, 'operatorId' | 'operatorEmail' | 'ip' | 'userAgent'>;

/** Records an actor's action in a transaction of its own. */
export function audit(
  ctx: Pick<BackofficeContext, 'db' | 'clock'>,
  actor: Actor,
  action: ActorAction,
): Promise<string> {
  return appendAudit(ctx.db, ctx.clock(), { ...byActor(actor), ...action });
}

/** Records an actor's action inside the caller's transaction (it commits with the change it records). */
export function auditIn(
  tx: Queryable,
  ctx: Pick<BackofficeContext, 'clock'>,
  actor: Actor,
  action: ActorAction,
): Promise<string> {
  return appendAuditIn(tx, ctx.clock(), { ...byActor(actor), ...action });
}
