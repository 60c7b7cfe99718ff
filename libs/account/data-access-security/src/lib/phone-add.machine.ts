import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import {
  isConfirmCodeWellFormed,
  isPhoneLengthValid,
  phoneDigits,
  toSecurityError,
  type SecurityError,
} from './security-error';

/** The injected server calls of adding a phone (spec section 7, "Phone"). */
export interface PhoneAddApi {
  /** POST /api/internal/v2/phone-actions/create-phone-number: stores the number and sends a confirm code. */
  createPhoneNumber(request: { phone_number: string }, signal: AbortSignal): Promise<{ code_length?: number } | void>;
  /** POST /api/internal/v1/phoneActions/createPhoneNumber/confirm. */
  confirmPhoneNumber(
    request: { phone_number: string; confirm_code: string; is_send_sms_to_apps: boolean },
    signal: AbortSignal,
  ): Promise<void>;
}

/** Input of phoneAddMachine. */
export interface PhoneAddInput {
  api: PhoneAddApi;
  /** Sent as is_send_sms_to_apps: the code may also go to the bettor's apps. */
  sendSmsToApps?: boolean;
  /** Wait before the code can be sent again; default 60000 ms. */
  resendCooldownMs?: number;
}

/** Context of phoneAddMachine. */
export interface PhoneAddContext {
  api: PhoneAddApi;
  sendSmsToApps: boolean;
  resendCooldownMs: number;
  cooldownMs: number;
  phoneNumber: string;
  confirmCode: string;
  codeLength: number | null;
  /** True once a code went out for phoneNumber; a failed resend then returns to the code entry, not the number. */
  codeSent: boolean;
  error: SecurityError | null;
}

/** Events of phoneAddMachine. */
export type PhoneAddEvent =
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'phone.edit' }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'flow.cancel' };

/** Phone add: create the number (which sends a code), then confirm it with the code. */
export const phoneAddMachine = setup({
  types: {
    context: {} as PhoneAddContext,
    events: {} as PhoneAddEvent,
    input: {} as PhoneAddInput,
  },
  actors: {
    createPhoneNumber: fromPromise<{ code_length?: number } | void, { api: PhoneAddApi; phone_number: string }>(
      ({ input, signal }) => input.api.createPhoneNumber({ phone_number: input.phone_number }, signal),
    ),
    confirmPhoneNumber: fromPromise<
      void,
      { api: PhoneAddApi; phone_number: string; confirm_code: string; is_send_sms_to_apps: boolean }
    >(({ input, signal }) =>
      input.api.confirmPhoneNumber(
        {
          phone_number: input.phone_number,
          confirm_code: input.confirm_code,
          is_send_sms_to_apps: input.is_send_sms_to_apps,
        },
        signal,
      ),
    ),
  },
  delays: {
    resendCooldown: ({ context }) => context.cooldownMs,
  },
  guards: {
    isPhoneWellFormed: ({ event }) => event.type === 'phone.submit' && isPhoneLengthValid(event.phoneNumber),
    isCodeWellFormed: ({ context, event }) =>
      event.type === 'code.submit' && isConfirmCodeWellFormed(event.code, context.codeLength),
    isExpiredCode: (_, error: SecurityError) => error.kind === 'expiredCode',
    hasSentCode: ({ context }) => context.codeSent,
  },
  actions: {
    rememberPhone: assign({
      phoneNumber: ({ event }) => (event.type === 'phone.submit' ? phoneDigits(event.phoneNumber) : ''),
      codeSent: false,
    }),
    rateLimitedCooldown: assign(({ context }, params: { error: SecurityError }) => ({
      error: params.error,
      cooldownMs: Math.max(context.resendCooldownMs, params.error.retryAfterMs ?? 0),
    })),
    rememberCode: assign({
      confirmCode: ({ event }) => (event.type === 'code.submit' ? event.code.replace(/\s/g, '') : ''),
    }),
    numberCreated: assign(({ context }, params: { codeLength: number | null }) => ({
      codeLength: params.codeLength,
      codeSent: true,
      cooldownMs: context.resendCooldownMs,
      error: null,
    })),
    setError: assign((_, params: { error: SecurityError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'phoneAdd',
  context: ({ input }) => ({
    api: input.api,
    sendSmsToApps: input.sendSmsToApps ?? false,
    resendCooldownMs: input.resendCooldownMs ?? 60_000,
    cooldownMs: input.resendCooldownMs ?? 60_000,
    phoneNumber: '',
    confirmCode: '',
    codeLength: null,
    codeSent: false,
    error: null,
  }),
  initial: 'editingPhone',
  on: { 'flow.cancel': '.cancelled' },
  states: {
    editingPhone: {
      on: {
        'phone.submit': { guard: 'isPhoneWellFormed', target: 'creating', actions: ['rememberPhone', 'clearError'] },
      },
    },
    creating: {
      invoke: {
        id: 'createPhoneNumber',
        src: 'createPhoneNumber',
        input: ({ context }) => ({ api: context.api, phone_number: context.phoneNumber }),
        onDone: {
          target: 'awaitingCode',
          actions: {
            type: 'numberCreated',
            params: ({ event }) => ({ codeLength: event.output?.code_length ?? null }),
          },
        },
        onError: [
          {
            // A failed resend (429 included) keeps the bettor at the code entry; the wait follows Retry-After.
            guard: 'hasSentCode',
            target: 'awaitingCode',
            actions: {
              type: 'rateLimitedCooldown',
              params: ({ event }) => ({ error: toSecurityError(event.error, 'phone', 'code') }),
            },
          },
          {
            target: 'editingPhone',
            actions: { type: 'setError', params: ({ event }) => ({ error: toSecurityError(event.error, 'phone') }) },
          },
        ],
      },
    },
    awaitingCode: {
      type: 'parallel',
      on: { 'phone.edit': { target: 'editingPhone', actions: 'clearError' } },
      states: {
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: {
                // Creating the number again is what sends a new code.
                'code.resend': {
                  guard: not(stateIn('#phoneAdd.awaitingCode.entry.confirming')),
                  target: '#phoneAdd.creating',
                },
              },
            },
          },
        },
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'code.submit': {
                  guard: 'isCodeWellFormed',
                  target: 'confirming',
                  actions: ['rememberCode', 'clearError'],
                },
              },
            },
            confirming: {
              invoke: {
                id: 'confirmPhoneNumber',
                src: 'confirmPhoneNumber',
                input: ({ context }) => ({
                  api: context.api,
                  phone_number: context.phoneNumber,
                  confirm_code: context.confirmCode,
                  is_send_sms_to_apps: context.sendSmsToApps,
                }),
                onDone: { target: '#phoneAdd.added' },
                onError: [
                  {
                    guard: {
                      type: 'isExpiredCode',
                      params: ({ event }: { event: { error: unknown } }) => toSecurityError(event.error, 'code'),
                    },
                    target: ['editing', '#phoneAdd.awaitingCode.resend.ready'],
                    actions: {
                      type: 'setError',
                      params: ({ event }) => ({ error: toSecurityError(event.error, 'code') }),
                    },
                  },
                  {
                    target: 'editing',
                    actions: {
                      type: 'setError',
                      params: ({ event }) => ({ error: toSecurityError(event.error, 'code') }),
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
    added: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
