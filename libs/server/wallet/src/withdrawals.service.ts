import { randomUUID } from 'node:crypto';
import { BetRefusal, type Bettor } from '@tessera/server/bets';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import type { Database, Queryable } from '@tessera/server/db';
import {
  cancelWithdrawal,
  confirmWithdrawal,
  getAccountBalance,
  reserveWithdrawal,
  userAccount,
  type LedgerTransaction,
} from '@tessera/server/ledger';
import { PaymentError, type PaymentProvider, type Payout } from '@tessera/server/payments';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { cashierRefusal } from './cashier-errors';
import { checkCashierGates, type CashierGate } from './cashier-gate';
import { playerCountry } from './player';

/**
 * Where a withdrawal stands (README, "Withdrawals"): requested (reserved, waiting for a person) → approved → sent (handed
 * to the payment provider) → paid; or rejected (by a person), cancelled (by the player, before it is sent) or failed
 * (the provider declined it, it failed or timed out). Only paid, rejected, cancelled and failed are final.
 */
export type WithdrawalState = 'requested' | 'approved' | 'sent' | 'paid' | 'rejected' | 'cancelled' | 'failed';

/** A withdrawal as stored. Amounts are integer minor units. */
export interface Withdrawal {
  id: string;
  brandId: string;
  userId: string;
  currency: string;
  amount: number;
  requestId: string;
  method: 'deposit';
  methodReference: string | null;
  methodLast4: string;
  state: WithdrawalState;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One state change of a withdrawal, as the audit trail keeps it. */
export interface WithdrawalEvent {
  fromState: WithdrawalState | null;
  toState: WithdrawalState;
  actor: string;
  reason: string | null;
  ledgerTransactionId: string | null;
  createdAt: Date;
}

/** A card the player deposited with: where the closed loop pays back to (the newest deposit of that card). */
export interface WithdrawalMethod {
  type: 'deposit';
  reference: string;
  last4: string;
}

/** What the player may take out now, and why the rest is not (minor units). */
export interface Withdrawable {
  currency: string;
  /** The main account's balance. */
  main: number;
  /** Bonus money: never withdrawable. */
  bonus: number;
  /** Stakes of advance bets waiting for their cover: the balance that arrives is theirs first. */
  advanceHeld: number;
  /** Already reserved by withdrawals not yet paid. */
  reserved: number;
  /** main − advanceHeld, never below 0. */
  withdrawable: number;
}

/** What a withdrawal request carries (amount in major units, as the player types it). */
export interface WithdrawalInput {
  amount: number;
  /** The client's id for this request: the same id again answers the first withdrawal. */
  requestId: string;
  /** The deposit whose card is paid back (a reference of {@link WithdrawalMethod}). */
  methodReference: string;
}

/** Where the service logs what it cannot answer to anyone (background sends, callbacks). */
export interface WithdrawalsLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What {@link createWithdrawals} needs. */
export interface WithdrawalsDependencies {
  db: Database;
  provider: PaymentProvider | undefined;
  clock: () => Date;
  gates?: readonly CashierGate[];
  log?: WithdrawalsLogger;
}

/** The bettor and the configuration of their brand and country. */
export interface WithdrawalOwner {
  bettor: Bettor;
  config: ResolvedBrand['config'];
}

/** What handling a payout answer (callback or re-query) did. */
export type PayoutOutcome = 'paid' | 'failed' | 'pending' | 'unknown' | 'ignored';

/** The withdrawal service (README, "Withdrawals"). */
export interface Withdrawals {
  withdrawable(bettor: Bettor): Promise<Withdrawable>;
  methods(bettor: Bettor): Promise<WithdrawalMethod[]>;
  request(who: WithdrawalOwner, input: WithdrawalInput): Promise<Withdrawal>;
  cancel(who: WithdrawalOwner, id: string): Promise<Withdrawal>;
  list(bettor: Bettor, options?: { limit?: number }): Promise<Withdrawal[]>;
  /** The player's own withdrawal (404 for another's). */
  own(bettor: Bettor, id: string): Promise<Withdrawal>;
  /** A person's decision on a waiting withdrawal (`tessera withdrawal approve|reject`), recorded with who and why. */
  decide(id: string, decision: 'approve' | 'reject', by: { actor: string; reason: string }): Promise<Withdrawal>;
  /** Hands an approved withdrawal to the payment provider. */
  send(id: string): Promise<void>;
  /** The provider's signed payout callback; re-reads the payout from the provider and settles once. */
  handleCallback(raw: string, signature: string | undefined): Promise<{ outcome: PayoutOutcome }>;
  /**
   * Start-up recovery and the periodic sweep: approved withdrawals are sent, sent ones are re-queried from the provider
   * (and sent again when it never received them), finished payouts are settled. Answers how many it looked at.
   */
  resume(): Promise<number>;
  events(id: string): Promise<WithdrawalEvent[]>;
}

interface WithdrawalRow {
  id: string;
  brand_id: string;
  user_id: string;
  currency: string;
  amount: string;
  request_id: string;
  method: 'deposit';
  method_reference: string | null;
  method_last4: string;
  state: WithdrawalState;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    brandId: row.brand_id,
    userId: row.user_id,
    currency: row.currency,
    amount: Number(row.amount),
    requestId: row.request_id,
    method: row.method,
    methodReference: row.method_reference,
    methodLast4: row.method_last4,
    state: row.state,
    reason: row.reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The main balance less the stakes of advance bets waiting for their cover; bonus money never counts. */
export async function withdrawableOf(db: Queryable, bettor: Bettor): Promise<Withdrawable> {
  const { userId, brandId, currency } = bettor;
  const [main, bonus, reserved, held] = await Promise.all([
    getAccountBalance(db, userAccount(userId, currency)),
    getAccountBalance(db, userAccount(userId, currency, 'bonus')),
    getAccountBalance(db, userAccount(userId, currency, 'withdrawal_hold')),
    db.query<{ total: string }>(
      `select coalesce(sum(stake), 0)::text as total from bets
        where user_id = $1 and brand_id = $2 and currency = $3 and status = 'waiting' and hold_reason = 'advance'`,
      [userId, brandId, currency],
    ),
  ]);
  const advanceHeld = Number(held.rows[0]?.total ?? 0);
  return { currency, main, bonus, advanceHeld, reserved, withdrawable: Math.max(0, main - advanceHeld) };
}

/**
 * Serialises a player's withdrawals with the funding of their advance bets (the same advisory lock the bets module
 * takes, `advance:<userId>`), so a withdrawal never takes money an advance bet is about to be placed with.
 */
async function lockPlayer(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`advance:${userId}`]);
}

/** Cents of 2 decimals, as a sentence shows them. */
const major = (minor: number) => fromMinorUnits(minor).toFixed(2);

/** The withdrawals over a payment provider (or none: requests answer 503). */
export function createWithdrawals(deps: WithdrawalsDependencies): Withdrawals {
  const { db, clock } = deps;
  const log = deps.log ?? { info: () => undefined, error: () => undefined };

  function requireProvider(): PaymentProvider {
    if (!deps.provider) throw new BetRefusal('payments_unavailable', 'no payment provider is configured');
    return deps.provider;
  }

  async function load(q: Queryable, id: string, lock = false): Promise<Withdrawal | undefined> {
    if (!uuid.test(id)) return undefined;
    const { rows } = await q.query<WithdrawalRow>(
      `select * from cashier_withdrawals where id = $1${lock ? ' for update' : ''}`,
      [id],
    );
    return rows[0] ? toWithdrawal(rows[0]) : undefined;
  }

  async function byRequest(q: Queryable, userId: string, requestId: string): Promise<Withdrawal | undefined> {
    const { rows } = await q.query<WithdrawalRow>(
      `select * from cashier_withdrawals where user_id = $1 and request_id = $2`,
      [userId, requestId],
    );
    return rows[0] ? toWithdrawal(rows[0]) : undefined;
  }

  /** One state change: the row and its event (with the ledger transaction written beside it), in the caller's transaction. */
  async function change(
    tx: Queryable,
    w: Withdrawal,
    to: WithdrawalState,
    actor: string,
    reason: string | null,
    ledger?: LedgerTransaction,
  ): Promise<void> {
    const now = clock();
    // The row keeps the reason the player is shown (why rejected or failed); every reason is in the event.
    const shown = to === 'rejected' || to === 'failed' ? reason : null;
    await tx.query(
      `update cashier_withdrawals set state = $2, reason = coalesce($3, reason), updated_at = $4 where id = $1`,
      [w.id, to, shown, now],
    );
    await tx.query(
      `insert into cashier_withdrawal_events (withdrawal_id, from_state, to_state, actor, reason, ledger_transaction_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [w.id, w.state, to, actor, reason, ledger?.id ?? null, now],
    );
  }

  async function methods(bettor: Bettor): Promise<WithdrawalMethod[]> {
    const provider = deps.provider;
    if (!provider) return [];
    const { rows } = await db.query<{ reference: string }>(
      `select t.metadata->>'reference' as reference
         from ledger_accounts a
         join ledger_postings p on p.account_id = a.id
         join ledger_transactions t on t.id = p.transaction_id
        where a.owner_kind = 'user' and a.owner_id = $1 and a.currency = $2 and a.purpose = 'main'
          and t.kind = 'deposit' and t.metadata->>'provider' = $3
        order by t.id desc limit 50`,
      [bettor.userId, bettor.currency, provider.id],
    );
    const found = new Map<string, WithdrawalMethod>();
    for (const { reference } of rows) {
      const intent = await provider.getDepositIntent(reference);
      if (!intent || intent.status !== 'succeeded' || found.has(intent.cardLast4)) continue;
      found.set(intent.cardLast4, { type: 'deposit', reference, last4: intent.cardLast4 });
    }
    return [...found.values()];
  }

  /** The outcome of a payout the provider finished, applied once under the withdrawal's row lock. */
  async function applyPayout(payout: Payout, actor: string): Promise<PayoutOutcome> {
    if (payout.status === 'processing') return 'pending';
    return db.transaction(async (tx) => {
      const w = await load(tx, payout.payoutReference, true);
      if (!w) return 'unknown';
      if (w.state !== 'sent') return 'ignored';
      if (payout.amount !== w.amount || payout.currency !== w.currency) {
        log.error({ withdrawalId: w.id, payout }, 'payout does not match its withdrawal; left for a person');
        return 'ignored';
      }
      const at = clock();
      if (payout.status === 'paid') {
        const ledger = await confirmWithdrawal(tx, { withdrawalId: w.id, at });
        await change(tx, w, 'paid', actor, null, ledger);
        return 'paid';
      }
      const ledger = await cancelWithdrawal(tx, { withdrawalId: w.id, at });
      await change(tx, w, 'failed', actor, payout.failureReason ?? payout.status, ledger);
      return 'failed';
    });
  }

  /** Asks the provider to pay; a refusal it will never change its mind on fails the withdrawal and releases the reserve. */
  async function dispatch(w: Withdrawal): Promise<void> {
    const provider = requireProvider();
    let payout: Payout;
    try {
      payout = await provider.createPayout({
        payoutReference: w.id,
        amount: w.amount,
        currency: w.currency,
        destination: { type: 'deposit', merchantReference: w.methodReference ?? '' },
        metadata: { brandId: w.brandId, userId: w.userId },
      });
    } catch (error) {
      if (error instanceof PaymentError && (error.reason === 'validation' || error.reason === 'idempotency')) {
        await db.transaction(async (tx) => {
          const locked = await load(tx, w.id, true);
          if (locked?.state !== 'sent') return;
          const ledger = await cancelWithdrawal(tx, { withdrawalId: w.id, at: clock() });
          await change(tx, locked, 'failed', 'provider', `payout_refused: ${error.message}`, ledger);
        });
        return;
      }
      // Unreachable or slow: the withdrawal stays sent and the sweep asks again.
      log.error({ err: error, withdrawalId: w.id }, 'payout not handed to the provider; the sweep retries');
      return;
    }
    if (payout.status !== 'processing') await applyPayout(payout, 'provider');
  }

  async function send(id: string): Promise<void> {
    requireProvider();
    // Marked sent before the provider is asked, so the player can no longer cancel what may already be paying out;
    // a crash between the two is found by the sweep (sent, unknown to the provider) and sent again under the same id.
    const sent = await db.transaction(async (tx) => {
      const w = await load(tx, id, true);
      if (w?.state !== 'approved') return undefined;
      await tx.query(`update cashier_withdrawals set provider = $2 where id = $1`, [id, deps.provider?.id ?? null]);
      await change(tx, w, 'sent', 'system', null);
      return { ...w, state: 'sent' as const };
    });
    if (sent) await dispatch(sent);
  }

  async function approve(id: string, actor: string, reason: string | null): Promise<Withdrawal> {
    await db.transaction(async (tx) => {
      const w = await load(tx, id, true);
      if (!w) throw cashierRefusal('withdrawal_not_found', 'No such withdrawal');
      if (w.state !== 'requested')
        throw cashierRefusal('withdrawal_not_waiting', `The withdrawal is ${w.state}, not waiting for approval`);
      await change(tx, w, 'approved', actor, reason);
    });
    return (await load(db, id)) as Withdrawal;
  }

  async function release(
    id: string,
    allowed: readonly WithdrawalState[],
    to: 'rejected' | 'cancelled',
    actor: string,
    reason: string | null,
    refuse: (w: Withdrawal) => Error,
  ): Promise<Withdrawal> {
    await db.transaction(async (tx) => {
      const w = await load(tx, id, true);
      if (!w) throw cashierRefusal('withdrawal_not_found', 'No such withdrawal');
      if (!allowed.includes(w.state)) throw refuse(w);
      const ledger = await cancelWithdrawal(tx, { withdrawalId: id, at: clock() });
      await change(tx, w, to, actor, reason, ledger);
    });
    return (await load(db, id)) as Withdrawal;
  }

  async function own(bettor: Bettor, id: string): Promise<Withdrawal> {
    const w = await load(db, id);
    if (!w || w.userId !== bettor.userId || w.brandId !== bettor.brandId)
      throw cashierRefusal('withdrawal_not_found', 'No such withdrawal');
    return w;
  }

  return {
    withdrawable: (bettor) => withdrawableOf(db, bettor),
    methods,
    own,

    async request({ bettor, config }, input) {
      if (config.office.pages['withdraw']?.enabled !== true)
        throw new BetRefusal('feature_disabled', 'withdrawals are switched off for this brand and country');
      requireProvider();
      const previous = await byRequest(db, bettor.userId, input.requestId);
      if (previous) return previous;
      const amount = toMinorUnits(input.amount);
      const settings = config.cashier.withdrawals;
      const minimum = toMinorUnits(settings.minAmount[bettor.currency] ?? 1);
      if (amount < minimum)
        throw cashierRefusal(
          'withdrawal_below_minimum',
          `The smallest withdrawal is ${major(minimum)} ${bettor.currency}`,
          'amount',
        );
      const method = (await methods(bettor)).find((m) => m.reference === input.methodReference);
      if (!method)
        throw cashierRefusal(
          'withdrawal_method_invalid',
          'Withdrawals are paid back to a card you deposited with; choose one of them',
          'methodReference',
        );
      const country = await playerCountry(db, bettor.userId);
      await checkCashierGates(deps.gates, {
        accountId: bettor.userId,
        brandId: bettor.brandId,
        country,
        currency: bettor.currency,
        amountMinor: amount,
        kind: 'withdrawal',
      });
      const threshold = settings.autoApproveMax[bettor.currency];
      const autoApproved = threshold !== undefined && amount <= toMinorUnits(threshold);
      const id = randomUUID();
      const raced = await db.transaction(async (tx) => {
        await lockPlayer(tx, bettor.userId);
        const first = await byRequest(tx, bettor.userId, input.requestId);
        if (first) return first;
        const available = await withdrawableOf(tx, bettor);
        if (amount > available.withdrawable)
          throw cashierRefusal(
            'above_withdrawable',
            `At most ${major(available.withdrawable)} ${bettor.currency} can be withdrawn now`,
            'amount',
          );
        const now = clock();
        await tx.query(
          `insert into cashier_withdrawals
             (id, brand_id, user_id, country, currency, amount, request_id, method, method_reference, method_last4, state, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, 'deposit', $8, $9, 'requested', $10, $10)`,
          [
            id,
            bettor.brandId,
            bettor.userId,
            country,
            bettor.currency,
            amount,
            input.requestId,
            method.reference,
            method.last4,
            now,
          ],
        );
        const ledger = await reserveWithdrawal(tx, { ...bettor, amount, withdrawalId: id, at: now });
        await tx.query(
          `insert into cashier_withdrawal_events (withdrawal_id, from_state, to_state, actor, reason, ledger_transaction_id, created_at)
           values ($1, null, 'requested', 'player', null, $2, $3)`,
          [id, ledger.id, now],
        );
        // Approved in the same transaction: a crash cannot leave a withdrawal under the threshold waiting for a person.
        if (autoApproved) {
          const requested = (await load(tx, id)) as Withdrawal;
          await change(tx, requested, 'approved', 'system', 'within the automatic approval threshold');
        }
        return undefined;
      });
      if (raced) return raced;
      if (autoApproved) await send(id);
      return (await load(db, id)) as Withdrawal;
    },

    async cancel({ bettor, config }, id) {
      await own(bettor, id);
      if (!config.cashier.withdrawals.playerMayCancel)
        throw cashierRefusal('withdrawal_cancel_disabled', 'Withdrawals cannot be cancelled on this site');
      return release(id, ['requested', 'approved'], 'cancelled', 'player', null, (w) =>
        cashierRefusal('withdrawal_not_cancellable', `The withdrawal is ${w.state} and can no longer be cancelled`),
      );
    },

    async list(bettor, options = {}) {
      const limit = Math.min(100, Math.max(1, options.limit ?? 20));
      const { rows } = await db.query<WithdrawalRow>(
        `select * from cashier_withdrawals where user_id = $1 and brand_id = $2 order by created_at desc, id limit $3`,
        [bettor.userId, bettor.brandId, limit],
      );
      return rows.map(toWithdrawal);
    },

    decide(id, decision, by) {
      if (decision === 'approve') return approve(id, by.actor, by.reason);
      return release(id, ['requested'], 'rejected', by.actor, by.reason, (w) =>
        cashierRefusal('withdrawal_not_waiting', `The withdrawal is ${w.state}, not waiting for a decision`),
      );
    },

    send,

    async handleCallback(raw, signature) {
      const provider = requireProvider();
      const callback = provider.verifyPayoutCallback(raw, signature);
      // The callback says something happened; the provider's own record says what.
      const payout = await provider.getPayout(callback.payout.payoutReference);
      if (!payout) return { outcome: 'unknown' };
      return { outcome: await applyPayout(payout, 'provider') };
    },

    async resume() {
      if (!deps.provider) return 0;
      const provider = deps.provider;
      const { rows } = await db.query<WithdrawalRow>(
        `select * from cashier_withdrawals where state in ('approved', 'sent') order by updated_at limit 500`,
      );
      for (const row of rows) {
        const w = toWithdrawal(row);
        try {
          if (w.state === 'approved') {
            await send(w.id);
            continue;
          }
          const payout = await provider.getPayout(w.id);
          if (!payout) await dispatch(w);
          else await applyPayout(payout, 'provider');
        } catch (error) {
          log.error({ err: error, withdrawalId: w.id }, 'withdrawal recovery failed; the next sweep retries');
        }
      }
      return rows.length;
    },

    async events(id) {
      const { rows } = await db.query<{
        from_state: WithdrawalState | null;
        to_state: WithdrawalState;
        actor: string;
        reason: string | null;
        ledger_transaction_id: string | null;
        created_at: Date;
      }>(
        `select from_state, to_state, actor, reason, ledger_transaction_id::text, created_at
           from cashier_withdrawal_events where withdrawal_id = $1 order by id`,
        [id],
      );
      return rows.map((r) => ({
        fromState: r.from_state,
        toState: r.to_state,
        actor: r.actor,
        reason: r.reason,
        ledgerTransactionId: r.ledger_transaction_id,
        createdAt: new Date(r.created_at),
      }));
    },
  };
}
