import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import {
  createDevOutboxSender,
  createMessenger,
  MessagingError,
  readOutbox,
  RecipientRateLimitedError,
  unconfiguredSender,
} from './index';

describeEachDatabase('messaging', (ctx) => {
  let at = Date.UTC(2026, 0, 1);
  const clock = () => new Date(at);

  it('keeps messages in the development outbox, newest first, and logs them', async () => {
    const logged: string[] = [];
    const sender = createDevOutboxSender({ database: ctx.db, clock, log: (m) => logged.push(`${m.to}: ${m.text}`) });
    await sender.send({ brandId: 'b', channel: 'sms', to: '+70000000001', text: 'first' });
    await sender.send({ brandId: 'b', channel: 'sms', to: '+70000000001', text: 'second' });
    await sender.send({ brandId: 'b', channel: 'email', to: 'x@example.com', subject: 'Hi', text: 'mail' });
    expect((await readOutbox(ctx.db, '+70000000001')).map((m) => m.text)).toEqual(['second', 'first']);
    expect(await readOutbox(ctx.db, 'x@example.com')).toMatchObject([
      { channel: 'email', subject: 'Hi', status: 'sent', brand_id: 'b' },
    ]);
    expect(logged).toEqual(['+70000000001: first', '+70000000001: second', 'x@example.com: mail']);
  });

  it('fails like a refusing gateway for configured recipients, and times out for hanging ones', async () => {
    const sender = createDevOutboxSender({
      database: ctx.db,
      clock,
      failRecipients: /^\+7999/,
      hangRecipients: /^\+7888/,
    });
    const messenger = createMessenger({ sender, database: ctx.db, clock, timeoutMs: 20 });
    await expect(messenger.send({ brandId: 'b', channel: 'sms', to: '+79990000000', text: 'x' })).rejects.toMatchObject(
      { name: 'MessagingError', reason: 'failed' },
    );
    expect(await readOutbox(ctx.db, '+79990000000')).toMatchObject([{ status: 'failed' }]);
    await expect(messenger.send({ brandId: 'b', channel: 'sms', to: '+78880000000', text: 'x' })).rejects.toMatchObject(
      { reason: 'timeout' },
    );
    await expect(
      unconfiguredSender().send({ brandId: 'b', channel: 'sms', to: '+7', text: 'x' }),
    ).rejects.toBeInstanceOf(MessagingError);
  });

  it('caps messages per recipient per hour, counting only delivered ones', async () => {
    const sender = createDevOutboxSender({ database: ctx.db, clock, failRecipients: /^\+7111/ });
    const messenger = createMessenger({ sender, database: ctx.db, clock, maxPerRecipientPerHour: 2 });
    const to = '+70000000002';
    await messenger.send({ brandId: 'b', channel: 'sms', to, text: '1' });
    at += 10 * 60_000;
    await messenger.send({ brandId: 'b', channel: 'sms', to, text: '2' });
    const error = await messenger.send({ brandId: 'b', channel: 'sms', to, text: '3' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecipientRateLimitedError);
    expect((error as RecipientRateLimitedError).retryAfterSeconds).toBe(50 * 60);
    await messenger.send({ brandId: 'other-brand', channel: 'sms', to, text: 'another brand has its own count' });
    at += 50 * 60_000 + 1000;
    await messenger.send({ brandId: 'b', channel: 'sms', to, text: '4' });
    for (let i = 0; i < 3; i += 1)
      await messenger.send({ brandId: 'b', channel: 'sms', to: '+71110000000', text: 'x' }).catch(() => undefined);
    expect(await readOutbox(ctx.db, '+71110000000')).toHaveLength(3);
  });
});
