import { fileURLToPath } from 'node:url';
import { type BrandRegistry, loadBrandRegistry } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import { createMessenger, type MessageSender, MessagingError, type OutgoingMessage } from '@tessera/server/messaging';
import { beforeAll, expect, it } from 'vitest';
import { type CorrectionNotice, tellPlayerOfCorrection } from './bet-notice';

const brandsDir = fileURLToPath(new URL('../../../../brands', import.meta.url));
const now = () => new Date(Date.UTC(2026, 10, 26, 12, 0, 0));

/** A gateway that keeps what it is given, on the channels named; `fail` makes it refuse as a real one does. */
function capturing(channels: Array<'email' | 'sms'>, fail = false): MessageSender & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    channels,
    sent,
    async send(message) {
      if (fail) throw new MessagingError('gateway answered 502', 'failed');
      sent.push(message);
    },
  };
}

describeEachDatabase('a voided or resettled bet told to its player', (ctx) => {
  let registry: BrandRegistry;
  const errors: string[] = [];
  const log = { error: (_: object, message: string) => void errors.push(message), warn: () => undefined };
  let nextId = 7_700_000;

  beforeAll(async () => {
    registry = await loadBrandRegistry({ brandsDir });
  });

  async function player(brand: string, country: string, contact: { email?: string; phone?: string }) {
    const id = String(nextId++);
    await ctx.db.query(
      `insert into accounts_users (id, brand_id, email, phone, currency, country, registration_variant, created_at,
         updated_at) values ($1, $2, $3, $4, 'EUR', $5, 'full', $6, $6)`,
      [id, brand, contact.email ?? null, contact.phone ?? null, country, now()],
    );
    return id;
  }
  const notice = (userId: string, brandId: string, extra: Partial<CorrectionNotice> = {}): CorrectionNotice => ({
    betId: '4242',
    userId,
    brandId,
    currency: 'EUR',
    action: 'void',
    status: 'returned',
    payout: 1234.5,
    ...extra,
  });

  it('e-mails a German player on rhein-wetten in German, with the brand’s money format', async () => {
    const sender = capturing(['email', 'sms']);
    const messenger = createMessenger({ sender, database: ctx.db, clock: now });
    const userId = await player('rhein-wetten', 'de', { email: 'Max@Example.com', phone: '+491701234567' });
    const channel = await tellPlayerOfCorrection(
      { db: ctx.db, registry, log, messenger },
      notice(userId, 'rhein-wetten'),
    );
    expect(channel).toBe('email');
    expect(sender.sent).toHaveLength(1);
    const [mail] = sender.sent;
    expect(mail).toMatchObject({ brandId: 'rhein-wetten', channel: 'email', to: 'max@example.com' });
    expect(mail?.subject).toBe('RheinWetten: Ihre Wette 4242 wurde korrigiert');
    expect(mail?.text).toContain('storniert');
    expect(mail?.text).toContain('1.234,50');
  });

  it('tells a resettlement’s outcome in the language, by SMS when the player has no e-mail', async () => {
    const sender = capturing(['email', 'sms']);
    const messenger = createMessenger({ sender, database: ctx.db, clock: now });
    const userId = await player('rhein-wetten', 'de', { phone: '+491701234568' });
    const channel = await tellPlayerOfCorrection(
      { db: ctx.db, registry, log, messenger },
      notice(userId, 'rhein-wetten', { action: 'resettle', status: 'won', payout: 50 }),
    );
    expect(channel).toBe('sms');
    expect(sender.sent[0]).toMatchObject({ channel: 'sms', to: '+491701234568' });
    expect(sender.sent[0]?.subject).toBeUndefined();
    expect(sender.sent[0]?.text).toMatch(/neu abgerechnet: Sie ist jetzt gewonnen und zahlt 50,00/);
  });

  it('names a half-won resettlement in the player’s words', async () => {
    const sender = capturing(['email']);
    const messenger = createMessenger({ sender, database: ctx.db, clock: now });
    const userId = await player('rhein-wetten', 'de', { email: 'half@example.com' });
    await tellPlayerOfCorrection(
      { db: ctx.db, registry, log, messenger },
      notice(userId, 'rhein-wetten', { action: 'resettle', status: 'half_won', payout: 7.5 }),
    );
    expect(sender.sent[0]?.text).toContain('jetzt halb gewonnen');
  });

  it('writes to a player of an Arabic brand in Arabic', async () => {
    const sender = capturing(['email']);
    const messenger = createMessenger({ sender, database: ctx.db, clock: now });
    const userId = await player('sahra-bet', 'tr', { email: 'layla@example.com' });
    await tellPlayerOfCorrection({ db: ctx.db, registry, log, messenger }, notice(userId, 'sahra-bet'));
    expect(sender.sent[0]?.text).toContain('ألغى فريقنا رهانك 4242');
  });

  it('never fails the correction: no channel, or a gateway that refuses, is logged and answered none', async () => {
    const onlySms = capturing(['sms']);
    const emailOnly = await player('rhein-wetten', 'de', { email: 'no-sms@example.com' });
    expect(
      await tellPlayerOfCorrection(
        { db: ctx.db, registry, log, messenger: createMessenger({ sender: onlySms, database: ctx.db, clock: now }) },
        notice(emailOnly, 'rhein-wetten'),
      ),
    ).toBe('none');
    expect(onlySms.sent).toEqual([]);

    const broken = capturing(['email'], true);
    errors.length = 0;
    expect(
      await tellPlayerOfCorrection(
        { db: ctx.db, registry, log, messenger: createMessenger({ sender: broken, database: ctx.db, clock: now }) },
        notice(emailOnly, 'rhein-wetten'),
      ),
    ).toBe('none');
    expect(errors).toEqual(['bet correction: telling the player failed']);
  });
});
