export { createDevOutboxSender, readOutbox, type DevOutboxOptions, type OutboxEntry } from './dev-outbox';
export { DEFAULT_GATEWAY_TIMEOUT_MS, readMessagingEnv, type MessageGateways } from './gateway-env';
export { gatewaySender, type GatewaySenderOptions } from './gateway-sender';
export {
  createHttpSmsSender,
  E164,
  SMS_MAX_TEXT_LENGTH,
  type HttpSmsSenderOptions,
  type SmsGatewaySettings,
} from './http-sms-sender';
export {
  channelSender,
  delivers,
  MessagingError,
  sendWithTimeout,
  unconfiguredSender,
  type MessageChannel,
  type MessageSender,
  type OutgoingMessage,
} from './message-sender';
export { createMessenger, RecipientRateLimitedError, type Messenger, type MessengerOptions } from './messenger';
export { createSmtpSender, type SmtpSenderOptions, type SmtpSettings } from './smtp-sender';
