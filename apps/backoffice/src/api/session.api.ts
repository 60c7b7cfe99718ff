import type {
  BackofficeMeResponse,
  BackofficeSessionResponse,
  BackofficeTotpEnrolResponse,
} from '@tessera/shared/contract-api';
import { defineCall, str, type ApiClient } from '@tessera/shared/data-access-api';
import type { SignInApi } from '../sign-in/sign-in.machine';

/** Where every console call lives (apps/api serves it on operator hosts only). */
export const CONSOLE_API = '/backoffice/api';

/** The session calls: sign-in steps, sign-out, who is signed in. */
export const sessionCalls = {
  signIn: defineCall({
    url: `${CONSOLE_API}/session`,
    method: 'POST',
    body: { email: str({ required: true }), password: str({ required: true }) },
  }).returns<BackofficeSessionResponse>(),
  startEnrolment: defineCall({
    url: `${CONSOLE_API}/session/totp/enrol`,
    method: 'POST',
  }).returns<BackofficeTotpEnrolResponse>(),
  confirmCode: defineCall({
    url: `${CONSOLE_API}/session/totp`,
    method: 'POST',
    body: { code: str({ required: true }) },
  }).returns<unknown>(),
  signOut: defineCall({ url: `${CONSOLE_API}/session`, method: 'DELETE' }).returns<unknown>(),
  me: defineCall({ url: `${CONSOLE_API}/me` }).returns<BackofficeMeResponse>(),
};

/** The sign-in machine's calls over the console's API client. */
export function signInApi(client: ApiClient): SignInApi {
  return {
    checkPassword: (credentials, signal) => client.send(sessionCalls.signIn, credentials, { signal }),
    startEnrolment: (signal) => client.send(sessionCalls.startEnrolment, {}, { signal }),
    confirmCode: async (code, signal) => {
      await client.send(sessionCalls.confirmCode, { code }, { signal });
    },
  };
}
