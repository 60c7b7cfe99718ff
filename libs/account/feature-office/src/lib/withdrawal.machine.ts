import { assign, fromPromise, setup } from 'xstate';
import type { WithdrawalItem } from './wallet.api';

/** What the page knows of the rules when the player types: the server checks them again. */
export interface WithdrawalLimits {
  withdrawable: number;
  minAmount: number;
}

/** Why the form cannot be sent yet (checked in the page; the server has the last word). */
export type WithdrawalIssue = 'amount' | 'minimum' | 'above' | 'method';

/** What the withdrawal flow keeps. */
export interface WithdrawalContext {
  amount: string;
  methodReference: string | null;
  /** The request's id: kept for a retry of the same request (the server answers the first), new when it changes. */
  requestId: string;
  limits: WithdrawalLimits;
  issue: WithdrawalIssue | null;
  /** The API client's error of the last attempt. */
  error: unknown;
  result: WithdrawalItem | null;
}

/** Events the page sends. */
export type WithdrawalEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'method.choose'; reference: string }
  | { type: 'limits.update'; limits: WithdrawalLimits }
  | { type: 'submit' }
  | { type: 'again' };

/** What the submit actor is given. */
export interface WithdrawalSubmission {
  amount: number;
  methodReference: string;
  requestId: string;
}

/** A new request id (the client's idempotency key). */
export function newRequestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** The typed amount as a number of major units with at most 2 decimals, or NaN. */
export function parseAmount(text: string): number {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}

/** The first rule the form breaks, or null. */
export function withdrawalIssue(context: WithdrawalContext): WithdrawalIssue | null {
  const amount = parseAmount(context.amount);
  if (!Number.isFinite(amount) || amount <= 0) return 'amount';
  if (amount < context.limits.minAmount) return 'minimum';
  if (amount > context.limits.withdrawable) return 'above';
  if (!context.methodReference) return 'method';
  return null;
}

/**
 * The withdrawal form's rules: the player types an amount and chooses a deposit card (closed loop); the form is sent
 * only when the amount is a money amount, at least the minimum and at most the withdrawable amount, and a card is
 * chosen. A retry of a failed attempt reuses its request id, so it cannot withdraw twice; changing the amount or the
 * card makes a new request. After success the player may start another.
 */
export const withdrawalMachine = setup({
  types: {} as { context: WithdrawalContext; events: WithdrawalEvent; input: { limits: WithdrawalLimits } },
  actors: {
    submit: fromPromise<WithdrawalItem, WithdrawalSubmission>(async () => {
      throw new Error('withdrawalMachine: provide submit');
    }),
  },
  guards: {
    valid: ({ context }) => withdrawalIssue(context) === null,
  },
}).createMachine({
  id: 'withdrawal',
  initial: 'editing',
  context: ({ input }) => ({
    amount: '',
    methodReference: null,
    requestId: newRequestId(),
    limits: input.limits,
    issue: null,
    error: null,
    result: null,
  }),
  on: {
    'limits.update': { actions: assign({ limits: ({ event }) => event.limits }) },
  },
  states: {
    editing: {
      on: {
        'amount.change': {
          actions: assign({
            amount: ({ event }) => event.value,
            requestId: () => newRequestId(),
            issue: null,
            error: null,
          }),
        },
        'method.choose': {
          actions: assign({
            methodReference: ({ event }) => event.reference,
            requestId: () => newRequestId(),
            issue: null,
            error: null,
          }),
        },
        submit: [
          { guard: 'valid', target: 'submitting' },
          { actions: assign({ issue: ({ context }) => withdrawalIssue(context) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => ({
          amount: parseAmount(context.amount),
          methodReference: context.methodReference ?? '',
          requestId: context.requestId,
        }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, error: null }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {
      on: {
        again: {
          target: 'editing',
          actions: assign({ amount: '', requestId: () => newRequestId(), result: null, issue: null }),
        },
      },
    },
  },
});
