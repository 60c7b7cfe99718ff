import type { PhoneSendCodeResponse } from '@tessera/shared/contract-api';
import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import {
  isConfirmCodeWellFormed,
  isPhoneLengthValid,
  phoneDigits,
  toSecurityError,
  type SecurityError,
} from './security-error';

/**
 * What the machine reads of the calls that send a code: updatePhoneNumber/sendCode (current phone),
 * update-phone-number (new number); their answer is PhoneSendCodeResponse (schemas/api/account).
 */
export type SendCodeResponse = Partial<Pick<PhoneSendCodeResponse, 'message' | 'code_length'>>;

/** The injected server calls of the phone change (spec section 7, "Phone"). */
export interface PhoneChangeApi {
  /** POST .../updatePhoneNumber/sendCode: an SMS with a confirm code to the current phone. */
  sendCode(signal: AbortSignal): Promise<SendCodeResponse>;
  /** POST .../update/check-confirm-code {confirm_code} (spends a try of the code, so never a GET). */
  checkConfirmCode(request: { confirm_code: string }, signal: AbortSignal): Promise<void>;
  /** POST .../update/check-user-answer {user_answer} (a wrong answer counts toward the lockout). */
  checkUserAnswer(request: { user_answer: string }, signal: AbortSignal): Promise<void>;
  /** POST /api/internal/v2/phone-actions/update-phone-number: the new number, proven by the current phone's code and the answer; sends a code to it. */
  changePhone(
    request: { phone_number: string; confirm_code: string; user_answer: string },
    signal: AbortSignal,
  ): Promise<SendCodeResponse>;
  /** POST /api/internal/v1/phoneActions/updatePhoneNumber/confirm: the new number's code; the phone is changed (libs/server/accounts README, "Second-step lockout, proving the new phone"). */
  confirmNewPhone(request: { confirm_code: string }, signal: AbortSignal): Promise<void>;
}

/** Input of phoneChangeMachine. */
export interface PhoneChangeInput {
  api: PhoneChangeApi;
  /** Whether the account has a secure question to answer; without one that step is skipped. */
  hasSecureQuestion: boolean;
  /** Wait before the code can be sent again; default 60000 ms. */
  resendCooldownMs?: number;
}

/** Context of phoneChangeMachine. */
export interface PhoneChangeContext {
  api: PhoneChangeApi;
  hasSecureQuestion: boolean;
  resendCooldownMs: number;
  /** The current cool-down: the configured one, or longer when the server rate-limited us. */
  cooldownMs: number;
  codeLength: number | null;
  /** True once a code went out; a failed resend then stays at the code entry. */
  codeSent: boolean;
  confirmCode: string;
  userAnswer: string;
  phoneNumber: string;
  /** True once a code went to the new number; a failed resend then stays at its code entry. */
  newCodeSent: boolean;
  /** The code the new number received (the current phone's code stays in confirmCode for a resend). */
  newCode: string;
  error: SecurityError | null;
}

/** Events of phoneChangeMachine. */
export type PhoneChangeEvent =
  | { type: 'code.send' }
  | { type: 'code.resend' }
  | { type: 'code.submit'; code: string }
  | { type: 'answer.submit'; answer: string }
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'phone.edit' }
  | { type: 'flow.cancel' };

/**
 * Phone change: send code by SMS, check the confirm code, answer the secure question, the new number, then the code
 * the new number received (libs/server/accounts README, "Second-step lockout, proving the new phone"): the phone is changed only when that last code is checked.
 */
export const phoneChangeMachine = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    input: {} as PhoneChangeInput,
  },
  actors: {
    sendCode: fromPromise<SendCodeResponse, { api: PhoneChangeApi }>(({ input, signal }) => input.api.sendCode(signal)),
    checkConfirmCode: fromPromise<void, { api: PhoneChangeApi; confirm_code: string }>(({ input, signal }) =>
      input.api.checkConfirmCode({ confirm_code: input.confirm_code }, signal),
    ),
    checkUserAnswer: fromPromise<void, { api: PhoneChangeApi; user_answer: string }>(({ input, signal }) =>
      input.api.checkUserAnswer({ user_answer: input.user_answer }, signal),
    ),
    changePhone: fromPromise<
      SendCodeResponse,
      { api: PhoneChangeApi; phone_number: string; confirm_code: string; user_answer: string }
    >(({ input, signal }) =>
      input.api.changePhone(
        { phone_number: input.phone_number, confirm_code: input.confirm_code, user_answer: input.user_answer },
        signal,
      ),
    ),
    confirmNewPhone: fromPromise<void, { api: PhoneChangeApi; confirm_code: string }>(({ input, signal }) =>
      input.api.confirmNewPhone({ confirm_code: input.confirm_code }, signal),
    ),
  },
  delays: {
    resendCooldown: ({ context }) => context.cooldownMs,
    retryAfter: ({ context }) => context.error?.retryAfterMs ?? 0,
  },
  guards: {
    isCodeWellFormed: ({ context, event }) =>
      event.type === 'code.submit' && isConfirmCodeWellFormed(event.code, context.codeLength),
    hasAnswer: ({ event }) => event.type === 'answer.submit' && event.answer.trim() !== '',
    isPhoneWellFormed: ({ event }) => event.type === 'phone.submit' && isPhoneLengthValid(event.phoneNumber),
    hasSecureQuestion: ({ context }) => context.hasSecureQuestion,
    hasSentCode: ({ context }) => context.codeSent,
    hasSentNewCode: ({ context }) => context.newCodeSent,
    isExpiredCode: (_, error: SecurityError) => error.kind === 'expiredCode',
    isRateLimitedWithDelay: (_, error: SecurityError) => error.kind === 'rateLimited' && (error.retryAfterMs ?? 0) > 0,
  },
  actions: {
    codeSent: assign(({ context }, params: { response: SendCodeResponse }) => ({
      codeLength: params.response.code_length ?? null,
      codeSent: true,
      cooldownMs: context.resendCooldownMs,
      error: null,
    })),
    setError: assign((_, params: { error: SecurityError }) => ({ error: params.error })),
    resendFailed: assign(({ context }, params: { error: SecurityError }) => ({
      error: params.error,
      cooldownMs: Math.max(context.resendCooldownMs, params.error.retryAfterMs ?? 0),
    })),
    clearError: assign({ error: null }),
    rememberCode: assign({
      confirmCode: ({ event }) => (event.type === 'code.submit' ? event.code.replace(/\s/g, '') : ''),
    }),
    rememberAnswer: assign({ userAnswer: ({ event }) => (event.type === 'answer.submit' ? event.answer.trim() : '') }),
    rememberPhone: assign({
      phoneNumber: ({ event }) => (event.type === 'phone.submit' ? phoneDigits(event.phoneNumber) : ''),
      newCodeSent: false,
    }),
    newCodeSent: assign(({ context }, params: { response: SendCodeResponse }) => ({
      codeLength: params.response.code_length ?? context.codeLength,
      newCodeSent: true,
      cooldownMs: context.resendCooldownMs,
      error: null,
    })),
    rememberNewCode: assign({
      newCode: ({ event }) => (event.type === 'code.submit' ? event.code.replace(/\s/g, '') : ''),
    }),
    forgetNewCode: assign({ newCode: '', newCodeSent: false }),
    forgetSecrets: assign({ confirmCode: '', userAnswer: '', codeSent: false, newCode: '', newCodeSent: false }),
  },
}).createMachine({
  id: 'phoneChange',
  context: ({ input }) => ({
    api: input.api,
    hasSecureQuestion: input.hasSecureQuestion,
    resendCooldownMs: input.resendCooldownMs ?? 60_000,
    cooldownMs: input.resendCooldownMs ?? 60_000,
    codeLength: null,
    codeSent: false,
    confirmCode: '',
    userAnswer: '',
    phoneNumber: '',
    newCodeSent: false,
    newCode: '',
    error: null,
  }),
  initial: 'idle',
  on: { 'flow.cancel': { target: '.cancelled', actions: 'forgetSecrets' } },
  states: {
    idle: {
      initial: 'ready',
      states: {
        ready: { on: { 'code.send': '#phoneChange.sendingCode' } },
        // A 429 with Retry-After before any code was sent: the send button waits.
        coolingDown: { after: { retryAfter: 'ready' } },
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ api: context.api }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'codeSent', params: ({ event }) => ({ response: event.output }) },
        },
        onError: [
          {
            // A failed resend keeps the bettor at the code entry; the next wait follows Retry-After.
            guard: 'hasSentCode',
            target: 'awaitingCode',
            actions: {
              type: 'resendFailed',
              params: ({ event }) => ({ error: toSecurityError(event.error, 'form', 'code') }),
            },
          },
          {
            target: 'idle.coolingDown',
            guard: {
              type: 'isRateLimitedWithDelay',
              params: ({ event }: { event: { error: unknown } }) => toSecurityError(event.error, 'form', 'code'),
            },
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: toSecurityError(event.error, 'form', 'code') }),
            },
          },
          {
            target: 'idle',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: toSecurityError(event.error, 'form', 'code') }),
            },
          },
        ],
      },
    },
    awaitingCode: {
      // Two regions so a wrong code does not restart the resend cool-down.
      type: 'parallel',
      states: {
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: {
                'code.resend': {
                  guard: not(stateIn('#phoneChange.awaitingCode.entry.checking')),
                  target: '#phoneChange.sendingCode',
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
                  target: 'checking',
                  actions: ['rememberCode', 'clearError'],
                },
              },
            },
            checking: {
              invoke: {
                id: 'checkConfirmCode',
                src: 'checkConfirmCode',
                input: ({ context }) => ({ api: context.api, confirm_code: context.confirmCode }),
                onDone: [
                  { guard: 'hasSecureQuestion', target: '#phoneChange.awaitingAnswer' },
                  { target: '#phoneChange.awaitingPhone' },
                ],
                onError: [
                  {
                    // An expired code cannot be fixed by typing: the resend button is offered at once.
                    guard: {
                      type: 'isExpiredCode',
                      params: ({ event }: { event: { error: unknown } }) => toSecurityError(event.error, 'code'),
                    },
                    target: ['editing', '#phoneChange.awaitingCode.resend.ready'],
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
    awaitingAnswer: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'answer.submit': { guard: 'hasAnswer', target: 'checking', actions: ['rememberAnswer', 'clearError'] },
          },
        },
        checking: {
          invoke: {
            id: 'checkUserAnswer',
            src: 'checkUserAnswer',
            input: ({ context }) => ({ api: context.api, user_answer: context.userAnswer }),
            onDone: { target: '#phoneChange.awaitingPhone' },
            onError: {
              target: 'editing',
              actions: { type: 'setError', params: ({ event }) => ({ error: toSecurityError(event.error, 'answer') }) },
            },
          },
        },
      },
    },
    awaitingPhone: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'phone.submit': {
              guard: 'isPhoneWellFormed',
              target: 'changing',
              actions: ['rememberPhone', 'clearError'],
            },
          },
        },
        changing: {
          invoke: {
            id: 'changePhone',
            src: 'changePhone',
            input: ({ context }) => ({
              api: context.api,
              phone_number: context.phoneNumber,
              confirm_code: context.confirmCode,
              user_answer: context.userAnswer,
            }),
            onDone: {
              target: '#phoneChange.awaitingNewCode',
              actions: { type: 'newCodeSent', params: ({ event }) => ({ response: event.output }) },
            },
            onError: [
              {
                // The current phone's code ran out while the bettor typed the new number: start again from a fresh code.
                guard: {
                  type: 'isExpiredCode',
                  params: ({ event }: { event: { error: unknown } }) => toSecurityError(event.error, 'phone'),
                },
                target: '#phoneChange.idle',
                actions: [
                  {
                    type: 'setError',
                    params: ({ event }) => ({ error: toSecurityError(event.error, 'phone', 'code') }),
                  },
                  'forgetSecrets',
                ],
              },
              {
                // A failed resend to the new number keeps its code entry; the next wait follows Retry-After.
                guard: 'hasSentNewCode',
                target: '#phoneChange.awaitingNewCode',
                actions: {
                  type: 'resendFailed',
                  params: ({ event }) => ({ error: toSecurityError(event.error, 'form', 'code') }),
                },
              },
              {
                target: 'editing',
                actions: {
                  type: 'setError',
                  params: ({ event }) => ({ error: toSecurityError(event.error, 'phone') }),
                },
              },
            ],
          },
        },
      },
    },
    awaitingNewCode: {
      // Like the first code entry: a wrong code does not restart the resend cool-down.
      type: 'parallel',
      on: { 'phone.edit': { target: 'awaitingPhone', actions: ['forgetNewCode', 'clearError'] } },
      states: {
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: {
                // Asking for the new number again is what sends it a new code.
                'code.resend': {
                  guard: not(stateIn('#phoneChange.awaitingNewCode.entry.confirming')),
                  target: '#phoneChange.awaitingPhone.changing',
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
                  actions: ['rememberNewCode', 'clearError'],
                },
              },
            },
            confirming: {
              invoke: {
                id: 'confirmNewPhone',
                src: 'confirmNewPhone',
                input: ({ context }) => ({ api: context.api, confirm_code: context.newCode }),
                onDone: { target: '#phoneChange.changed', actions: 'forgetSecrets' },
                onError: [
                  {
                    guard: {
                      type: 'isExpiredCode',
                      params: ({ event }: { event: { error: unknown } }) => toSecurityError(event.error, 'code'),
                    },
                    target: ['editing', '#phoneChange.awaitingNewCode.resend.ready'],
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
    changed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
