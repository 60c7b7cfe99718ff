import { assign, fromPromise, setup } from 'xstate';
import { endsHalfSession, toSignInErrorKind, type SignInErrorKind, type SignInStep } from './sign-in-error';

/** The first step's answer: the operator still has to enrol an authenticator, or types a code from it. */
export interface PasswordAnswer {
  stage: 'totp-enrol' | 'totp';
}

/** A new authenticator secret, as an otpauth:// link (shown as a QR code) and as text to type by hand. */
export interface Enrolment {
  otpauthUrl: string;
  secret: string;
}

/** The calls of the sign-in flow, injected so tests provide fakes (the app passes the console's API client). */
export interface SignInApi {
  /** POST /backoffice/api/session {email, password}. */
  checkPassword(credentials: { email: string; password: string }, signal: AbortSignal): Promise<PasswordAnswer>;
  /** POST /backoffice/api/session/totp/enrol. */
  startEnrolment(signal: AbortSignal): Promise<Enrolment>;
  /** POST /backoffice/api/session/totp {code}: the session is signed in when this resolves. */
  confirmCode(code: string, signal: AbortSignal): Promise<void>;
}

/** Input of signInMachine. */
export interface SignInInput {
  api: SignInApi;
}

/** Context of signInMachine. */
export interface SignInContext {
  api: SignInApi;
  email: string;
  enrolment: Enrolment | null;
  error: SignInErrorKind | null;
}

/** Events of signInMachine. */
export type SignInEvent =
  | { type: 'password.submit'; email: string; password: string }
  | { type: 'code.submit'; code: string }
  | { type: 'flow.restart' };

/** Six digits, spaces allowed between them (authenticator apps show `123 456`). */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/**
 * Operator sign-in: password, then a TOTP code. Two-factor is mandatory: an operator without an authenticator is
 * enrolled on the spot (QR code and secret, then the first code) before the session is signed in.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    checkPassword: fromPromise<PasswordAnswer, { api: SignInApi; email: string; password: string }>(
      ({ input, signal }) => input.api.checkPassword({ email: input.email, password: input.password }, signal),
    ),
    startEnrolment: fromPromise<Enrolment, { api: SignInApi }>(({ input, signal }) => input.api.startEnrolment(signal)),
    confirmCode: fromPromise<void, { api: SignInApi; code: string }>(({ input, signal }) =>
      input.api.confirmCode(input.code, signal),
    ),
  },
  guards: {
    hasCredentials: ({ event }) =>
      event.type === 'password.submit' && event.email.trim() !== '' && event.password !== '',
    isCodeWellFormed: ({ event }) => event.type === 'code.submit' && /^\d{6}$/.test(normaliseCode(event.code)),
    isEnrolmentNeeded: (_, params: { stage: PasswordAnswer['stage'] }) => params.stage === 'totp-enrol',
    endsHalfSession: (_, params: { error: unknown }) => endsHalfSession(toSignInErrorKind(params.error, 'code')),
  },
  actions: {
    clearError: assign({ error: null }),
    rememberError: assign((_, params: { error: unknown; step: SignInStep }) => ({
      error: toSignInErrorKind(params.error, params.step),
    })),
    rejectMalformedCode: assign({ error: 'format' as const }),
    forgetEnrolment: assign({ enrolment: null }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ api: input.api, email: '', enrolment: null, error: null }),
  initial: 'password',
  states: {
    password: {
      on: {
        'password.submit': {
          guard: 'hasCredentials',
          target: 'checkingPassword',
          actions: [assign({ email: ({ event }) => event.email.trim() }), 'clearError'],
        },
      },
    },
    checkingPassword: {
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        input: ({ context, event }) => ({
          api: context.api,
          email: context.email,
          password: event.type === 'password.submit' ? event.password : '',
        }),
        onDone: [
          {
            guard: { type: 'isEnrolmentNeeded', params: ({ event }) => ({ stage: event.output.stage }) },
            target: 'startingEnrolment',
          },
          { target: 'code' },
        ],
        onError: {
          target: 'password',
          actions: {
            type: 'rememberError',
            params: ({ event }) => ({ error: event.error, step: 'password' as const }),
          },
        },
      },
    },
    startingEnrolment: {
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'enrolment', actions: assign({ enrolment: ({ event }) => event.output }) },
        onError: {
          target: 'password',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error, step: 'code' as const }) },
        },
      },
    },
    enrolment: {
      on: {
        'code.submit': [
          { guard: 'isCodeWellFormed', target: 'confirmingEnrolment', actions: 'clearError' },
          { actions: 'rejectMalformedCode' },
        ],
        'flow.restart': { target: 'password', actions: ['forgetEnrolment', 'clearError'] },
      },
    },
    confirmingEnrolment: {
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context, event }) => ({
          api: context.api,
          code: event.type === 'code.submit' ? normaliseCode(event.code) : '',
        }),
        onDone: { target: 'signedIn' },
        onError: [
          {
            guard: { type: 'endsHalfSession', params: ({ event }) => ({ error: event.error }) },
            target: 'password',
            actions: [
              'forgetEnrolment',
              { type: 'rememberError', params: ({ event }) => ({ error: event.error, step: 'code' as const }) },
            ],
          },
          {
            target: 'enrolment',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error, step: 'code' as const }) },
          },
        ],
      },
    },
    code: {
      on: {
        'code.submit': [
          { guard: 'isCodeWellFormed', target: 'confirmingCode', actions: 'clearError' },
          { actions: 'rejectMalformedCode' },
        ],
        'flow.restart': { target: 'password', actions: 'clearError' },
      },
    },
    confirmingCode: {
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context, event }) => ({
          api: context.api,
          code: event.type === 'code.submit' ? normaliseCode(event.code) : '',
        }),
        onDone: { target: 'signedIn' },
        onError: [
          {
            guard: { type: 'endsHalfSession', params: ({ event }) => ({ error: event.error }) },
            target: 'password',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error, step: 'code' as const }) },
          },
          {
            target: 'code',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error, step: 'code' as const }) },
          },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
