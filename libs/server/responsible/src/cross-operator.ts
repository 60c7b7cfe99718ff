import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/server/db';

/** A deposit a cross-operator system is asked to authorise. Amounts are integer minor units. */
export interface CrossOperatorDeposit {
  /** The player across operators (the sandbox keys on the e-mail address, else the operator's own account). */
  playerKey: string;
  /** This operator (the brand). */
  operator: string;
  amountMinor: number;
  currency: string;
}

/** The system's answer: authorised (and booked), or refused with what is left this month and when it resets. */
export type CrossOperatorAnswer =
  { authorised: true } | { authorised: false; limitMinor: number; remainingMinor: number; resetsAt: string };

/** A cross-operator deposit-limit system (Germany's LUGAS): authorises each deposit against a monthly limit. */
export interface CrossOperatorLimit {
  /** Throws {@link CrossOperatorUnavailableError} when the system cannot answer. */
  authorise(deposit: CrossOperatorDeposit): Promise<CrossOperatorAnswer>;
}

/** The system failed or did not answer. */
export class CrossOperatorUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrossOperatorUnavailableError';
  }
}

/** Options of {@link SandboxCrossOperatorLimit}. */
export interface SandboxCrossOperatorOptions {
  db: Database;
  clock: () => Date;
  /** The monthly limit across operators, minor units; default 100000 (€1,000, the German default). */
  monthlyLimitMinor?: number;
}

/** Players whose key starts with this are answered "unavailable" (README, "Sandbox cross-operator system"). */
export const SANDBOX_CROSS_OPERATOR_DOWN = 'lugas-down';

/**
 * The development system: books every authorised deposit per player, operator and calendar month (UTC) in its own
 * table and refuses one that would take the month's total across operators past the limit; a player key starting
 * with "lugas-down" finds it unavailable.
 */
export class SandboxCrossOperatorLimit implements CrossOperatorLimit {
  private readonly limit: number;

  constructor(private readonly options: SandboxCrossOperatorOptions) {
    this.limit = options.monthlyLimitMinor ?? 100_000;
  }

  async authorise(deposit: CrossOperatorDeposit): Promise<CrossOperatorAnswer> {
    if (deposit.playerKey.toLowerCase().startsWith(SANDBOX_CROSS_OPERATOR_DOWN))
      throw new CrossOperatorUnavailableError('sandbox cross-operator system: unavailable');
    const now = this.options.clock();
    const month = now.toISOString().slice(0, 7);
    const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    return this.options.db.transaction(async (tx) => {
      // One booking at a time per player, so two operators' deposits cannot both pass the limit.
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [deposit.playerKey]);
      const used = await tx.query<{ total: string | number }>(
        `select coalesce(sum(amount), 0) as total from responsible_sandbox_cross_deposits
          where player_key = $1 and month = $2`,
        [deposit.playerKey, month],
      );
      const total = Number(used.rows[0]?.total ?? 0);
      if (total + deposit.amountMinor > this.limit)
        return { authorised: false, limitMinor: this.limit, remainingMinor: Math.max(0, this.limit - total), resetsAt };
      await tx.query(
        `insert into responsible_sandbox_cross_deposits (id, player_key, operator, amount, currency, month, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), deposit.playerKey, deposit.operator, deposit.amountMinor, deposit.currency, month, now],
      );
      return { authorised: true };
    });
  }
}
