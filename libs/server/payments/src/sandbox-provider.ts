import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/server/db';
import { signCallback, verifyCallbackSignature } from './callback-signature';
import {
  PaymentError,
  type DepositIntent,
  type DepositIntentRequest,
  type DepositStatus,
  type PaymentCallback,
  type PaymentProvider,
  type Payout,
  type PayoutCallback,
  type PayoutRequest,
  type PayoutStatus,
  type RefundRequest,
  type RefundResult,
  type SignedCallback,
} from './payment-provider';
import {
  SANDBOX_CHALLENGE_CODE,
  SANDBOX_PAYOUT_AMOUNTS,
  SANDBOX_PAYOUT_CARDS,
  SANDBOX_TEST_CARDS,
  isLuhnValid,
  type SandboxPayoutScenario,
  type SandboxScenario,
} from './test-cards';

/** Runs work later; the default uses timers, tests pass one they can step through. */
export interface PaymentScheduler {
  schedule(task: () => Promise<void>, delayMs: number): void;
}

/** Options of {@link createSandboxPaymentProvider}. */
export interface SandboxPaymentOptions {
  database: Database;
  /** HMAC key of the callbacks; from the server secrets, never a brand file. */
  callbackSecret: string;
  /** Sends a signed callback to the platform (an HTTP POST, or the handler directly); a throw is retried. */
  deliver: (callback: SignedCallback) => Promise<void>;
  /** Sends a signed payout callback to the platform; without it payouts are only answered when asked (getPayout). */
  deliverPayout?: (callback: SignedCallback) => Promise<void>;
  /** Delay between acceptance and the decision, as a real acquirer has; default 2 s. */
  confirmDelayMs?: number;
  /** When a silent (timeout) payment is given up as expired; default 15 minutes. */
  timeoutMs?: number;
  /** Callback delivery attempts before giving up (the platform can still poll); default 5, backing off 1 s x 2^n. */
  maxDeliveryAttempts?: number;
  /** Accepted currencies; default the platform's. */
  currencies?: readonly string[];
  /** Smallest and largest amount in minor units; default 1.00 to 100,000.00. */
  minAmount?: number;
  maxAmount?: number;
  scheduler?: PaymentScheduler;
  clock?: () => Date;
  /** Failures of background work (delivery exhausted, database errors) go here; default ignored. */
  onError?: (error: unknown) => void;
}

interface PayoutRow {
  id: string;
  payout_reference: string;
  amount: string;
  currency: string;
  destination_last4: string;
  scenario: SandboxPayoutScenario;
  status: PayoutStatus;
  failure_reason: string | null;
  metadata: Record<string, string>;
  callback_attempts: number;
  callback_delivered_at: Date | null;
  completes_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    payoutReference: row.payout_reference,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    failureReason: row.failure_reason,
    destinationLast4: row.destination_last4,
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** The sandbox provider plus what development and operations need beyond the interface. */
export interface SandboxPaymentProvider extends PaymentProvider {
  /** Re-schedules decisions and undelivered callbacks after a restart (state lives in the database). */
  resumePending(): Promise<number>;
}

const defaultCurrencies = ['RUB', 'BYN', 'UAH', 'USD', 'EUR', 'GBP', 'CAD', 'TRY', 'KZT', 'INR', 'USDT'];

const timerScheduler: PaymentScheduler = {
  schedule(task, delayMs) {
    // unref: pending sandbox work never keeps a stopping server alive; resumePending picks it up after restart.
    setTimeout(() => void task(), delayMs).unref();
  },
};

interface IntentRow {
  id: string;
  merchant_reference: string;
  amount: string;
  currency: string;
  card_last4: string;
  scenario: SandboxScenario;
  status: DepositStatus;
  decline_reason: string | null;
  metadata: Record<string, string>;
  refunded_amount: string;
  callback_attempts: number;
  callback_delivered_at: Date | null;
  completes_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toIntent(row: IntentRow): DepositIntent {
  return {
    id: row.id,
    merchantReference: row.merchant_reference,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    declineReason: row.decline_reason,
    nextAction:
      row.status === 'requires_action' ? { type: 'challenge', prompt: 'Enter the code sent by your bank' } : null,
    cardLast4: row.card_last4,
    refundedAmount: Number(row.refunded_amount),
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The development payment provider. It behaves like a real one: validates amount, currency and card, accepts only
 * the test cards of {@link SANDBOX_TEST_CARDS}, decides asynchronously after a delay and tells the platform through an
 * HMAC-signed callback (retried when delivery fails), is idempotent by merchant reference, and keeps its state in
 * `payment_sandbox_intents` so a restart loses nothing.
 */
export function createSandboxPaymentProvider(options: SandboxPaymentOptions): SandboxPaymentProvider {
  const db = options.database;
  const clock = options.clock ?? (() => new Date());
  const scheduler = options.scheduler ?? timerScheduler;
  const confirmDelayMs = options.confirmDelayMs ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const maxAttempts = options.maxDeliveryAttempts ?? 5;
  const currencies = new Set(options.currencies ?? defaultCurrencies);
  const minAmount = options.minAmount ?? 100;
  const maxAmount = options.maxAmount ?? 10_000_000;
  const onError = options.onError ?? (() => undefined);

  async function load(where: 'id' | 'merchant_reference', value: string): Promise<IntentRow | undefined> {
    const { rows } = await db.query<IntentRow>(`select * from payment_sandbox_intents where ${where} = $1`, [value]);
    return rows[0];
  }

  function validate(request: DepositIntentRequest): SandboxScenario {
    const ref = request.merchantReference;
    if (typeof ref !== 'string' || !/^[\w.:-]{1,100}$/.test(ref))
      throw new PaymentError('Invalid merchant reference', 'validation', 'merchantReference');
    if (!currencies.has(request.currency))
      throw new PaymentError(`Currency ${request.currency} is not accepted`, 'validation', 'currency');
    if (!Number.isSafeInteger(request.amount) || request.amount < minAmount || request.amount > maxAmount) {
      throw new PaymentError(
        `Amount must be an integer of minor units from ${minAmount} to ${maxAmount}`,
        'validation',
        'amount',
      );
    }
    const number = request.card.number.replace(/[\s-]/g, '');
    if (!isLuhnValid(number)) throw new PaymentError('Invalid card number', 'validation', 'card.number');
    const card = SANDBOX_TEST_CARDS[number];
    if (!card) throw new PaymentError('The sandbox accepts only its test cards', 'validation', 'card.number');
    if (request.refusedFunding?.includes(card.funding))
      throw new PaymentError(`${card.funding} cards are not accepted here`, 'validation', 'card.number');
    const { expiryMonth: m, expiryYear: y } = request.card;
    const now = clock();
    if (
      !Number.isInteger(m) ||
      m < 1 ||
      m > 12 ||
      !Number.isInteger(y) ||
      y * 12 + m < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
    ) {
      throw new PaymentError('The card has expired', 'validation', 'card.expiry');
    }
    if (!/^\d{3,4}$/.test(request.card.cvc)) throw new PaymentError('Invalid security code', 'validation', 'card.cvc');
    return card.scenario;
  }

  function scheduleDecision(id: string, delayMs: number): void {
    scheduler.schedule(() => decide(id).catch(onError), Math.max(0, delayMs));
  }

  function scheduleDelivery(id: string, delayMs: number): void {
    scheduler.schedule(() => deliver(id).catch(onError), Math.max(0, delayMs));
  }

  /** The acquirer's answer: runs once per intent, under a row lock, whatever the number of schedules. */
  async function decide(id: string): Promise<void> {
    const now = clock();
    const decided = await db.transaction(async (tx) => {
      const { rows } = await tx.query<IntentRow>(`select * from payment_sandbox_intents where id = $1 for update`, [
        id,
      ]);
      const row = rows[0];
      if (!row || row.status !== 'processing') return false;
      let status: DepositStatus;
      let reason: string | null = null;
      switch (row.scenario) {
        case 'succeed':
        case 'challenge':
          status = 'succeeded';
          break;
        case 'decline':
          status = 'declined';
          reason = 'card_declined';
          break;
        case 'insufficient_funds':
          status = 'declined';
          reason = 'insufficient_funds';
          break;
        case 'timeout':
          // The issuer never answers: only the timeout ends it.
          if (now.getTime() < new Date(row.created_at).getTime() + timeoutMs) return 'wait';
          status = 'expired';
          reason = 'issuer_timeout';
          break;
      }
      await tx.query(
        `update payment_sandbox_intents set status = $2, decline_reason = $3, updated_at = $4 where id = $1`,
        [id, status, reason, now],
      );
      return true;
    });
    if (decided === 'wait') scheduleDecision(id, timeoutMs);
    else if (decided) await deliver(id);
  }

  async function deliver(id: string): Promise<void> {
    const row = await load('id', id);
    if (!row || row.callback_delivered_at || !['succeeded', 'declined', 'expired'].includes(row.status)) return;
    const now = clock();
    const attempt = row.callback_attempts + 1;
    await db.query(`update payment_sandbox_intents set callback_attempts = $2 where id = $1`, [id, attempt]);
    const callback = { eventId: `${id}:${row.status}`, type: `deposit.${row.status}`, intent: toIntent(row) };
    const body = JSON.stringify(callback);
    try {
      await options.deliver({ body, signature: signCallback(options.callbackSecret, body, now) });
    } catch (error) {
      if (attempt < maxAttempts) scheduleDelivery(id, 1_000 * 2 ** (attempt - 1));
      else
        onError(
          new PaymentError(`Callback for ${row.merchant_reference} undelivered after ${attempt} attempts`, 'state'),
        );
      onError(error);
      return;
    }
    await db.query(`update payment_sandbox_intents set callback_delivered_at = $2 where id = $1`, [id, clock()]);
  }

  async function loadPayout(where: 'id' | 'payout_reference', value: string): Promise<PayoutRow | undefined> {
    const { rows } = await db.query<PayoutRow>(`select * from payment_sandbox_payouts where ${where} = $1`, [value]);
    return rows[0];
  }

  /** Checks a payout as an acquirer would and answers what the sandbox will do with it, and the card's last digits. */
  async function validatePayout(request: PayoutRequest): Promise<{ scenario: SandboxPayoutScenario; last4: string }> {
    const ref = request.payoutReference;
    if (typeof ref !== 'string' || !/^[\w.:-]{1,100}$/.test(ref))
      throw new PaymentError('Invalid payout reference', 'validation', 'payoutReference');
    if (!currencies.has(request.currency))
      throw new PaymentError(`Currency ${request.currency} is not accepted`, 'validation', 'currency');
    if (!Number.isSafeInteger(request.amount) || request.amount < minAmount || request.amount > maxAmount) {
      throw new PaymentError(
        `Amount must be an integer of minor units from ${minAmount} to ${maxAmount}`,
        'validation',
        'amount',
      );
    }
    let scenario: SandboxPayoutScenario;
    let last4: string;
    if (request.destination.type === 'deposit') {
      // Closed loop: only a card that really paid a deposit in this currency can be paid back.
      const deposit = await load('merchant_reference', request.destination.merchantReference);
      if (!deposit || deposit.status !== 'succeeded' || deposit.currency !== request.currency)
        throw new PaymentError('No succeeded deposit in this currency to pay back to', 'validation', 'method');
      scenario = 'pay';
      last4 = deposit.card_last4;
    } else {
      const number = request.destination.card.number.replace(/[\s-]/g, '');
      if (!isLuhnValid(number)) throw new PaymentError('Invalid card number', 'validation', 'card.number');
      const card = SANDBOX_PAYOUT_CARDS[number];
      if (!card) throw new PaymentError('The sandbox pays out only to its test cards', 'validation', 'card.number');
      scenario = card;
      last4 = number.slice(-4);
    }
    if (scenario === 'pay') scenario = SANDBOX_PAYOUT_AMOUNTS[request.amount % 100] ?? 'pay';
    return { scenario, last4 };
  }

  function schedulePayoutDecision(id: string, delayMs: number): void {
    scheduler.schedule(() => decidePayout(id).catch(onError), Math.max(0, delayMs));
  }

  function schedulePayoutDelivery(id: string, delayMs: number): void {
    scheduler.schedule(() => deliverPayoutCallback(id).catch(onError), Math.max(0, delayMs));
  }

  /** The bank's answer to a payout: once per payout, under a row lock. */
  async function decidePayout(id: string): Promise<void> {
    const now = clock();
    const decided = await db.transaction(async (tx) => {
      const { rows } = await tx.query<PayoutRow>(`select * from payment_sandbox_payouts where id = $1 for update`, [
        id,
      ]);
      const row = rows[0];
      if (!row || row.status !== 'processing') return false;
      let status: PayoutStatus;
      let reason: string | null = null;
      switch (row.scenario) {
        case 'pay':
          status = 'paid';
          break;
        case 'decline':
          status = 'declined';
          reason = 'payout_declined';
          break;
        case 'fail':
          status = 'failed';
          reason = 'beneficiary_account_closed';
          break;
        case 'timeout':
          if (now.getTime() < new Date(row.created_at).getTime() + timeoutMs) return 'wait';
          status = 'expired';
          reason = 'provider_timeout';
          break;
      }
      await tx.query(
        `update payment_sandbox_payouts set status = $2, failure_reason = $3, updated_at = $4 where id = $1`,
        [id, status, reason, now],
      );
      return true;
    });
    if (decided === 'wait') schedulePayoutDecision(id, timeoutMs);
    else if (decided) await deliverPayoutCallback(id);
  }

  async function deliverPayoutCallback(id: string): Promise<void> {
    const send = options.deliverPayout;
    const row = await loadPayout('id', id);
    if (!send || !row || row.callback_delivered_at || row.status === 'processing') return;
    const attempt = row.callback_attempts + 1;
    await db.query(`update payment_sandbox_payouts set callback_attempts = $2 where id = $1`, [id, attempt]);
    const callback: PayoutCallback = {
      eventId: `${id}:${row.status}`,
      type: `payout.${row.status as Exclude<PayoutStatus, 'processing'>}`,
      payout: toPayout(row),
    };
    const body = JSON.stringify(callback);
    try {
      await send({ body, signature: signCallback(options.callbackSecret, body, clock()) });
    } catch (error) {
      if (attempt < maxAttempts) schedulePayoutDelivery(id, 1_000 * 2 ** (attempt - 1));
      else
        onError(new PaymentError(`Callback for payout ${row.payout_reference} undelivered after ${attempt}`, 'state'));
      onError(error);
      return;
    }
    await db.query(`update payment_sandbox_payouts set callback_delivered_at = $2 where id = $1`, [id, clock()]);
  }

  /** Parses a signed callback body of the expected family (a deposit's body is no payout's, and the reverse). */
  function parseSigned<T>(body: string, signature: string | undefined, family: 'deposit' | 'payout'): T {
    verifyCallbackSignature(options.callbackSecret, body, signature, clock());
    const parsed = JSON.parse(body) as { type?: unknown };
    if (typeof parsed.type !== 'string' || !parsed.type.startsWith(`${family}.`))
      throw new PaymentError(`Not a ${family} callback`, 'validation', 'type');
    return parsed as T;
  }

  return {
    id: 'sandbox',

    async createDepositIntent(request) {
      const scenario = validate(request);
      const now = clock();
      const last4 = request.card.number.replace(/[\s-]/g, '').slice(-4);
      const status: DepositStatus = scenario === 'challenge' ? 'requires_action' : 'processing';
      const { rows } = await db.query<IntentRow>(
        `insert into payment_sandbox_intents
           (id, merchant_reference, amount, currency, card_last4, scenario, status, metadata, completes_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $10)
         on conflict (merchant_reference) do nothing
         returning *`,
        [
          randomUUID(),
          request.merchantReference,
          request.amount,
          request.currency,
          last4,
          scenario,
          status,
          JSON.stringify(request.metadata ?? {}),
          status === 'processing' ? new Date(now.getTime() + confirmDelayMs) : null,
          now,
        ],
      );
      const created = rows[0];
      if (created) {
        if (status === 'processing') scheduleDecision(created.id, confirmDelayMs);
        return toIntent(created);
      }
      // The same merchant reference again: the first intent, provided it is the same payment.
      const existing = await load('merchant_reference', request.merchantReference);
      if (!existing) throw new PaymentError('Intent vanished', 'state');
      if (
        Number(existing.amount) !== request.amount ||
        existing.currency !== request.currency ||
        existing.card_last4 !== last4
      ) {
        throw new PaymentError(
          `Merchant reference ${request.merchantReference} was used for another payment`,
          'idempotency',
          'merchantReference',
        );
      }
      return toIntent(existing);
    },

    async completeChallenge(merchantReference, code) {
      const now = clock();
      const passed = code === SANDBOX_CHALLENGE_CODE;
      const { rows } = await db.query<IntentRow>(
        `update payment_sandbox_intents
         set status = $2, decline_reason = $3, completes_at = $4, updated_at = $5
         where merchant_reference = $1 and status = 'requires_action' returning *`,
        [
          merchantReference,
          passed ? 'processing' : 'declined',
          passed ? null : 'authentication_failed',
          passed ? new Date(now.getTime() + confirmDelayMs) : null,
          now,
        ],
      );
      const row = rows[0];
      if (!row) {
        const existing = await load('merchant_reference', merchantReference);
        if (!existing) throw new PaymentError(`No deposit ${merchantReference}`, 'not_found');
        throw new PaymentError(
          `Deposit ${merchantReference} is ${existing.status}, not waiting for a challenge`,
          'state',
        );
      }
      if (passed) scheduleDecision(row.id, confirmDelayMs);
      else scheduleDelivery(row.id, 0);
      return toIntent(row);
    },

    async getDepositIntent(merchantReference) {
      const row = await load('merchant_reference', merchantReference);
      return row ? toIntent(row) : undefined;
    },

    verifyCallback(body, signature): PaymentCallback {
      const parsed = parseSigned<
        PaymentCallback & {
          intent: DepositIntent & { createdAt: string; updatedAt: string };
        }
      >(body, signature, 'deposit');
      return {
        ...parsed,
        intent: {
          ...parsed.intent,
          createdAt: new Date(parsed.intent.createdAt),
          updatedAt: new Date(parsed.intent.updatedAt),
        },
      };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
        throw new PaymentError('Refund amount must be a positive integer', 'validation', 'amount');
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<IntentRow>(
          `select * from payment_sandbox_intents where merchant_reference = $1 for update`,
          [request.merchantReference],
        );
        const row = rows[0];
        if (!row) throw new PaymentError(`No deposit ${request.merchantReference}`, 'not_found');
        const previous = await tx.query<{ id: string; amount: string; intent_id: string }>(
          `select id, amount, intent_id from payment_sandbox_refunds where refund_reference = $1`,
          [request.refundReference],
        );
        const done = previous.rows[0];
        if (done) {
          if (done.intent_id !== row.id || Number(done.amount) !== request.amount) {
            throw new PaymentError(
              `Refund reference ${request.refundReference} was used for another refund`,
              'idempotency',
              'refundReference',
            );
          }
          return {
            refundId: done.id,
            refundReference: request.refundReference,
            amount: request.amount,
            refundedAmount: Number(row.refunded_amount),
          };
        }
        if (row.status !== 'succeeded')
          throw new PaymentError(
            `Deposit ${request.merchantReference} is ${row.status}; only succeeded deposits are refunded`,
            'state',
          );
        const refunded = Number(row.refunded_amount) + request.amount;
        if (refunded > Number(row.amount))
          throw new PaymentError('Refunds would exceed the deposit', 'validation', 'amount');
        const refundId = randomUUID();
        const now = clock();
        await tx.query(
          `insert into payment_sandbox_refunds (id, intent_id, refund_reference, amount, created_at) values ($1, $2, $3, $4, $5)`,
          [refundId, row.id, request.refundReference, request.amount, now],
        );
        await tx.query(`update payment_sandbox_intents set refunded_amount = $2, updated_at = $3 where id = $1`, [
          row.id,
          refunded,
          now,
        ]);
        return { refundId, refundReference: request.refundReference, amount: request.amount, refundedAmount: refunded };
      });
    },

    async createPayout(request) {
      const { scenario, last4 } = await validatePayout(request);
      const now = clock();
      const { rows } = await db.query<PayoutRow>(
        `insert into payment_sandbox_payouts
           (id, payout_reference, amount, currency, destination_last4, scenario, status, metadata, completes_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'processing', $7::jsonb, $8, $9, $9)
         on conflict (payout_reference) do nothing
         returning *`,
        [
          randomUUID(),
          request.payoutReference,
          request.amount,
          request.currency,
          last4,
          scenario,
          JSON.stringify(request.metadata ?? {}),
          new Date(now.getTime() + confirmDelayMs),
          now,
        ],
      );
      const created = rows[0];
      if (created) {
        schedulePayoutDecision(created.id, confirmDelayMs);
        return toPayout(created);
      }
      const existing = await loadPayout('payout_reference', request.payoutReference);
      if (!existing) throw new PaymentError('Payout vanished', 'state');
      if (Number(existing.amount) !== request.amount || existing.currency !== request.currency) {
        throw new PaymentError(
          `Payout reference ${request.payoutReference} was used for another payout`,
          'idempotency',
          'payoutReference',
        );
      }
      return toPayout(existing);
    },

    async getPayout(payoutReference) {
      const row = await loadPayout('payout_reference', payoutReference);
      return row ? toPayout(row) : undefined;
    },

    verifyPayoutCallback(body, signature): PayoutCallback {
      const parsed = parseSigned<PayoutCallback & { payout: Payout & { createdAt: string; updatedAt: string } }>(
        body,
        signature,
        'payout',
      );
      return {
        ...parsed,
        payout: {
          ...parsed.payout,
          createdAt: new Date(parsed.payout.createdAt),
          updatedAt: new Date(parsed.payout.updatedAt),
        },
      };
    },

    async resumePending() {
      const payouts = await db.query<{ id: string; status: PayoutStatus; completes_at: Date | null }>(
        `select id, status, completes_at from payment_sandbox_payouts
         where status = 'processing' or callback_delivered_at is null`,
      );
      const at = clock().getTime();
      for (const row of payouts.rows) {
        if (row.status === 'processing')
          schedulePayoutDecision(row.id, row.completes_at ? new Date(row.completes_at).getTime() - at : 0);
        else schedulePayoutDelivery(row.id, 0);
      }
      const { rows } = await db.query<{ id: string; status: DepositStatus; completes_at: Date | null }>(
        `select id, status, completes_at from payment_sandbox_intents
         where status = 'processing' or (status in ('succeeded', 'declined', 'expired') and callback_delivered_at is null)`,
      );
      const now = clock().getTime();
      for (const row of rows) {
        if (row.status === 'processing')
          scheduleDecision(row.id, row.completes_at ? new Date(row.completes_at).getTime() - now : 0);
        else scheduleDelivery(row.id, 0);
      }
      return rows.length + payouts.rows.length;
    },
  };
}
