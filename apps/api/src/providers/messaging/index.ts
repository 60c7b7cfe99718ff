export { createDevOutboxSender, readOutbox, type DevOutboxOptions, type OutboxEntry } from './dev-outbox';
export {
  MessagingError,
  sendWithTimeout,
  unconfiguredSender,
  type MessageChannel,
  type MessageSender,
  type OutgoingMessage,
} from './message-sender';
export { createMessenger, RecipientRateLimitedError, type Messenger, type MessengerOptions } from './messenger';
