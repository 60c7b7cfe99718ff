import type { PhoneAddApi, PhoneChangeApi, TwoFactorApi } from '@tessera/account/data-access-security';
import type { ApiClient } from '@tessera/shared/data-access-api';
import { securityCalls } from './account.api';

/** The phone change machine's server calls over the account API (spec section 4, phone change). */
export function phoneChangeAdapter(client: ApiClient, countryCode: string): PhoneChangeApi {
  return {
    sendCode: (signal) => client.send(securityCalls.phoneChangeSendCode, undefined, { signal }),
    checkConfirmCode: async (request, signal) => {
      await client.send(securityCalls.phoneChangeCheckCode, request, { signal });
    },
    checkUserAnswer: async (request, signal) => {
      await client.send(securityCalls.phoneChangeCheckAnswer, request, { signal });
    },
    changePhone: (request, signal) =>
      client.send(
        securityCalls.phoneChange,
        { ...request, user_answer: request.user_answer || undefined, country_code: countryCode },
        { signal },
      ),
    confirmNewPhone: async (request, signal) => {
      await client.send(securityCalls.phoneChangeConfirm, request, { signal });
    },
  };
}

/** The phone add machine's server calls. */
export function phoneAddAdapter(client: ApiClient, countryCode: string): PhoneAddApi {
  return {
    createPhoneNumber: (request, signal) =>
      client.send(securityCalls.phoneCreate, { ...request, country_code: countryCode }, { signal }),
    confirmPhoneNumber: async (request, signal) => {
      await client.send(securityCalls.phoneCreateConfirm, { ...request, country_code: countryCode }, { signal });
    },
  };
}

/**
 * The two-factor machine's server calls. `onHash` receives the disable hash the server answers once on enabling:
 * the machine does not keep it, but the bettor must see it to be able to turn two-factor off later.
 */
export function twoFactorAdapter(client: ApiClient, onHash: (hash: string) => void): TwoFactorApi {
  return {
    getQrCode: (signal) => client.send(securityCalls.twoFactorQrCode, undefined, { signal }),
    sendSmsCode: async (signal) => {
      await client.send(securityCalls.twoFactorSendSms, undefined, { signal });
    },
    enable: async (request, signal) => {
      const answer = await client.send(securityCalls.twoFactorEnable, request, { signal });
      onHash(answer.hash);
    },
    disable: async (request, signal) => {
      await client.send(securityCalls.twoFactorDisable, request, { signal });
    },
  };
}
