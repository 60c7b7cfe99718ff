import type { TwoFactorQrResponse } from '@tessera/shared/contract-api';
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { toSecurityError, type SecurityError } from './security-error';

/** What the machine reads of POST /officeapi/gettwofactorqrcodeurl: image, otpauth link and the secret as text. */
export type TwoFactorQrCode = Pick<TwoFactorQrResponse, 'qr_code_url' | 'qr_link' | 'code'>;

/** The injected server calls of two-factor authentication (spec section 7, "Office"). */
export interface TwoFactorApi {
  /** POST /officeapi/gettwofactorqrcodeurl. */
  getQrCode(signal: AbortSignal): Promise<TwoFactorQrCode>;
  /** POST /officeapi/sendSmsForTwoFactorActivation. */
  sendSmsCode(signal: AbortSignal): Promise<void>;
  /** POST /officeapi/twofactorauthenable {app_code, sms_code?}. */
  enable(request: { app_code: string; sms_code?: string }, signal: AbortSignal): Promise<void>;
  /** POST /officeapi/twofactorauthdisable {hash}. */
  disable(request: { hash: string }, signal: AbortSignal): Promise<void>;
}

/** Input of twoFactorMachine. */
export interface TwoFactorInput {
  api: TwoFactorApi;
  /** Whether two-factor is on for the user now. */
  enabled: boolean;
  /** Whether enabling also asks for an SMS code (per site or account setting). */
  smsRequired?: boolean;
  /** Wait before another SMS can be requested; default 60000 ms. */
  smsCooldownMs?: number;
}

/** Context of twoFactorMachine. */
export interface TwoFactorContext {
  api: TwoFactorApi;
  enabled: boolean;
  smsRequired: boolean;
  smsCooldownMs: number;
  qr: TwoFactorQrCode | null;
  appCode: string;
  smsCode: string;
  hash: string;
  error: SecurityError | null;
}

/** Events of twoFactorMachine. */
export type TwoFactorEvent =
  | { type: 'twoFactor.start' }
  | { type: 'twoFactor.cancel' }
  | { type: 'sms.send' }
  | { type: 'code.submit'; appCode: string; smsCode?: string }
  | { type: 'hash.submit'; hash: string };

/** error_code 2 on enabling means the SMS code was wrong (spec section 8). */
export const TWO_FACTOR_WRONG_SMS_CODE = 2;

/**
 * Maps a failed enable: error_code 2 is a wrong SMS code; any other failure shows under the app code
 * (spec section 8), except transport problems, which keep their own kind.
 */
export function toEnableError(error: unknown): SecurityError {
  const classified = toSecurityError(error, 'code', 'appCode');
  if (classified.errorCode === TWO_FACTOR_WRONG_SMS_CODE) return { ...classified, kind: 'wrongCode', field: 'smsCode' };
  return classified;
}

/** Two-factor: show the QR code, enable with an app code (and an SMS code when asked), disable with the hash. */
export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    input: {} as TwoFactorInput,
  },
  actors: {
    getQrCode: fromPromise<TwoFactorQrCode, { api: TwoFactorApi }>(({ input, signal }) => input.api.getQrCode(signal)),
    sendSmsCode: fromPromise<void, { api: TwoFactorApi }>(({ input, signal }) => input.api.sendSmsCode(signal)),
    enable: fromPromise<void, { api: TwoFactorApi; app_code: string; sms_code?: string }>(({ input, signal }) =>
      input.api.enable(
        input.sms_code === undefined
          ? { app_code: input.app_code }
          : { app_code: input.app_code, sms_code: input.sms_code },
        signal,
      ),
    ),
    disable: fromPromise<void, { api: TwoFactorApi; hash: string }>(({ input, signal }) =>
      input.api.disable({ hash: input.hash }, signal),
    ),
  },
  delays: {
    smsCooldown: ({ context }) =>
      Math.max(context.smsCooldownMs, context.error?.kind === 'rateLimited' ? (context.error.retryAfterMs ?? 0) : 0),
  },
  guards: {
    isEnabled: ({ context }) => context.enabled,
    isSmsRequired: ({ context }) => context.smsRequired,
    // Authenticator apps show six digits; the SMS code is required only when the flow asks for it.
    hasCodes: ({ context, event }) =>
      event.type === 'code.submit' &&
      /^\d{6}$/.test(event.appCode.trim()) &&
      (!context.smsRequired || (event.smsCode ?? '').trim() !== ''),
    isRateLimited: (_, error: SecurityError) => error.kind === 'rateLimited',
    hasHash: ({ event }) => event.type === 'hash.submit' && event.hash.trim() !== '',
  },
  actions: {
    setQr: assign((_, params: { qr: TwoFactorQrCode }) => ({ qr: params.qr, error: null })),
    rememberCodes: assign(({ event }) =>
      event.type === 'code.submit'
        ? { appCode: event.appCode.trim(), smsCode: (event.smsCode ?? '').trim(), error: null }
        : {},
    ),
    rememberHash: assign({ hash: ({ event }) => (event.type === 'hash.submit' ? event.hash.trim() : ''), error: null }),
    setError: assign((_, params: { error: SecurityError }) => ({ error: params.error })),
    markEnabled: assign({ enabled: true, qr: null, appCode: '', smsCode: '' }),
    markDisabled: assign({ enabled: false, hash: '' }),
    resetSetup: assign({ qr: null, appCode: '', smsCode: '', error: null }),
  },
}).createMachine({
  id: 'twoFactor',
  context: ({ input }) => ({
    api: input.api,
    enabled: input.enabled,
    smsRequired: input.smsRequired ?? false,
    smsCooldownMs: input.smsCooldownMs ?? 60_000,
    qr: null,
    appCode: '',
    smsCode: '',
    hash: '',
    error: null,
  }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'isEnabled', target: 'active' }, { target: 'inactive' }] },
    inactive: {
      on: { 'twoFactor.start': 'loadingQr' },
    },
    loadingQr: {
      invoke: {
        id: 'getQrCode',
        src: 'getQrCode',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'setup', actions: { type: 'setQr', params: ({ event }) => ({ qr: event.output }) } },
        onError: {
          target: 'inactive',
          actions: { type: 'setError', params: ({ event }) => ({ error: toSecurityError(event.error, 'form') }) },
        },
      },
    },
    setup: {
      type: 'parallel',
      on: { 'twoFactor.cancel': { target: 'inactive', actions: 'resetSetup' } },
      states: {
        sms: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'sms.send': {
                  guard: and(['isSmsRequired', not(stateIn('#twoFactor.setup.form.enabling'))]),
                  target: 'sending',
                },
              },
            },
            sending: {
              invoke: {
                id: 'sendSmsCode',
                src: 'sendSmsCode',
                input: ({ context }) => ({ api: context.api }),
                onDone: 'coolingDown',
                onError: [
                  {
                    // A 429 still starts the cool-down, stretched to the server's Retry-After.
                    guard: {
                      type: 'isRateLimited',
                      params: ({ event }: { event: { error: unknown } }) =>
                        toSecurityError(event.error, 'code', 'smsCode'),
                    },
                    target: 'coolingDown',
                    actions: {
                      type: 'setError',
                      params: ({ event }) => ({ error: toSecurityError(event.error, 'code', 'smsCode') }),
                    },
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'setError',
                      params: ({ event }) => ({ error: toSecurityError(event.error, 'code', 'smsCode') }),
                    },
                  },
                ],
              },
            },
            coolingDown: { after: { smsCooldown: 'idle' } },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: { on: { 'code.submit': { guard: 'hasCodes', target: 'enabling', actions: 'rememberCodes' } } },
            enabling: {
              invoke: {
                id: 'enable',
                src: 'enable',
                input: ({ context }) =>
                  context.smsRequired
                    ? { api: context.api, app_code: context.appCode, sms_code: context.smsCode }
                    : { api: context.api, app_code: context.appCode },
                onDone: { target: '#twoFactor.active', actions: 'markEnabled' },
                onError: {
                  target: 'editing',
                  actions: { type: 'setError', params: ({ event }) => ({ error: toEnableError(event.error) }) },
                },
              },
            },
          },
        },
      },
    },
    active: {
      on: { 'hash.submit': { guard: 'hasHash', target: 'disabling', actions: 'rememberHash' } },
    },
    disabling: {
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ api: context.api, hash: context.hash }),
        onDone: { target: 'inactive', actions: 'markDisabled' },
        onError: {
          target: 'active',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: toSecurityError(event.error, 'code', 'hash') }),
          },
        },
      },
    },
  },
});
