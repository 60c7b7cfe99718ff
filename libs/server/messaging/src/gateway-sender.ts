import type { MessageGateways } from './gateway-env';
import { createHttpSmsSender } from './http-sms-sender';
import { channelSender, type MessageSender } from './message-sender';
import { createSmtpSender } from './smtp-sender';

/** Options of {@link gatewaySender}. */
export interface GatewaySenderOptions {
  /** Sends what no gateway covers (the development outbox); absent in production, where such a channel is off. */
  otherwise?: MessageSender;
  /** A brand's own e-mail sender (server.json messaging.emailFrom). */
  fromFor?: (brandId: string) => string | undefined;
  /** A brand's own SMS sender id (server.json messaging.smsSenderId). */
  senderIdFor?: (brandId: string) => string | undefined;
}

/** The sender of a server: SMTP for e-mail and the HTTP gateway for SMS where configured, `otherwise` for the rest. */
export function gatewaySender(gateways: MessageGateways, options: GatewaySenderOptions = {}): MessageSender {
  return channelSender(
    {
      ...(gateways.smtp
        ? { email: createSmtpSender(gateways.smtp, options.fromFor ? { fromFor: options.fromFor } : {}) }
        : {}),
      ...(gateways.sms
        ? { sms: createHttpSmsSender(gateways.sms, options.senderIdFor ? { senderIdFor: options.senderIdFor } : {}) }
        : {}),
    },
    options.otherwise,
  );
}
