/** A channel messages go out on. */
export type MessageChannel = 'sms' | 'email';

/** One message for the provider to deliver. */
export interface OutgoingMessage {
  brandId: string;
  channel: MessageChannel;
  /** E.164 phone (`+77011234567`) or an e-mail address, lower case. */
  to: string;
  subject?: string;
  text: string;
}

/** The outside world's SMS and e-mail gateways, behind one interface so development and tests need no gateway. */
export interface MessageSender {
  /**
   * The channels this sender can deliver on; absent means every channel. The platform offers a flow that needs a
   * channel only where its sender has it (ADR 0220).
   */
  readonly channels?: readonly MessageChannel[];
  /** Delivers the message or throws {@link MessagingError}. */
  send(message: OutgoingMessage): Promise<void>;
}

/** A gateway refused, failed or did not answer in time: the caller answers 503 and nothing is marked as sent. */
export class MessagingError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout' | 'unconfigured',
  ) {
    super(message);
    this.name = 'MessagingError';
  }
}

/** Used in production when no gateway is configured: every send fails loudly instead of vanishing. */
export function unconfiguredSender(): MessageSender {
  return {
    channels: [],
    send: async () => {
      throw new MessagingError('No messaging gateway is configured', 'unconfigured');
    },
  };
}

/** Runs `send` with a deadline, as a real gateway call must have one. */
export async function sendWithTimeout(
  sender: MessageSender,
  message: OutgoingMessage,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new MessagingError(`Gateway did not answer within ${timeoutMs} ms`, 'timeout')),
      timeoutMs,
    );
  });
  try {
    await Promise.race([sender.send(message), deadline]);
  } catch (error) {
    if (error instanceof MessagingError) throw error;
    throw new MessagingError(error instanceof Error ? error.message : String(error), 'failed');
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `sender` delivers on `channel`. */
export function delivers(sender: MessageSender, channel: MessageChannel): boolean {
  return sender.channels === undefined || sender.channels.includes(channel);
}

/**
 * One sender over a gateway per channel: e-mail to `email`, SMS to `sms`. A channel without a gateway goes to
 * `otherwise` when given (the development outbox), else it fails as unconfigured and is not among `channels`.
 */
export function channelSender(
  gateways: Partial<Record<MessageChannel, MessageSender>>,
  otherwise?: MessageSender,
): MessageSender {
  const all: MessageChannel[] = ['email', 'sms'];
  const senderOf = (channel: MessageChannel): MessageSender | undefined => gateways[channel] ?? otherwise;
  return {
    channels: all.filter((channel) => {
      const sender = senderOf(channel);
      return sender !== undefined && delivers(sender, channel);
    }),
    async send(message: OutgoingMessage): Promise<void> {
      const sender = senderOf(message.channel);
      if (!sender)
        throw new MessagingError(
          `No ${message.channel === 'sms' ? 'SMS' : 'e-mail'} gateway is configured`,
          'unconfigured',
        );
      await sender.send(message);
    },
  };
}
