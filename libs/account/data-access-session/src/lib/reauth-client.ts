import { REAUTH_REQUIRED_ERROR_CODE } from '@tessera/account/data-access-security';
import type { ApiClient } from '@tessera/shared/data-access-api';

/** Whether a thrown error is the server asking for the password again before a security change (ADR 0206). */
export function isReauthRequired(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, errorCode } = error as { status?: unknown; errorCode?: unknown };
  return status === 403 && errorCode === REAUTH_REQUIRED_ERROR_CODE;
}

/**
 * A client that answers the server's demand for a recent sign-in: when a call is refused with `reauth_required`,
 * `confirm` asks the person for the password (and sends it); when it resolves true the call is sent once more,
 * otherwise the refusal stands and the caller shows it.
 */
export function withReauth(client: ApiClient, confirm: () => Promise<boolean>): ApiClient {
  const send: ApiClient['send'] = async (call, ...params) => {
    try {
      return await client.send(call, ...params);
    } catch (error) {
      if (!isReauthRequired(error) || !(await confirm())) throw error;
      return client.send(call, ...params);
    }
  };
  const trySend: ApiClient['trySend'] = async (call, ...params) => {
    const first = await client.trySend(call, ...params);
    if (first.ok || !isReauthRequired(first.error) || !(await confirm())) return first;
    return client.trySend(call, ...params);
  };
  return { send, trySend };
}
