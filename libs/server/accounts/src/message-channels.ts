import { NO_EMAIL_GATEWAY_REASON, NO_SMS_GATEWAY_REASON } from '@tessera/server/brand-registry';
import { ApiError } from '@tessera/server/api-errors';
import type { MessageChannel } from '@tessera/server/messaging';
import type { AccountsContext } from './context';

/** error_code of a refusal because the server lacks what a feature needs (as bets and wallet answer feature_disabled). */
export const FEATURE_DISABLED = 1002;

/**
 * Refuses a flow that must send on `channel` where this server has no gateway for it (ADR 0220): 403 with the
 * platform's reason, before any captcha, code or limit is spent, instead of a 503 that says to try again in a minute.
 */
export function assertDelivers(ctx: AccountsContext, channel: MessageChannel, flow: string): void {
  if (ctx.messenger.delivers(channel)) return;
  throw new ApiError(403, `${flow} is not available on this server`, {
    detail: channel === 'sms' ? NO_SMS_GATEWAY_REASON : NO_EMAIL_GATEWAY_REASON,
    error_code: FEATURE_DISABLED,
  });
}
