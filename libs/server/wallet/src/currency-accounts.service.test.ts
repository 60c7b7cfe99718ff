import { randomUUID } from 'node:crypto';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { createSandboxRatesProvider } from '@tessera/server/payments';
import { describe, expect, it } from 'vitest';
import { convertMinor, createCurrencyAccounts } from './currency-accounts.service';

const config = {
  global: {
    currencies: {
      EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro' },
      USD: { id: 10, code: 'USD', symbol: '$', name: 'US dollar' },
    },
  },
  cashier: { currencyAccounts: { enabled: true, quoteSeconds: 30, maxRateAgeSeconds: 300 } },
} as unknown as ResolvedBrand['config'];

describe('convertMinor', () => {
  it('rounds down to the minor unit, so a transfer never credits more than its debit paid for', () => {
    expect(convertMinor(1_001, 1.08)).toBe(1_081); // 10.01 × 1.08 = 10.8108
    expect(convertMinor(999, 0.86)).toBe(859); // 9.99 × 0.86 = 8.5914
    expect(convertMinor(1, 0.5)).toBe(0);
    expect(convertMinor(100_000_000, 540)).toBe(54_000_000_000);
  });
});

describeEachDatabase('transfers between own currency accounts', (ctx) => {
  async function setup(rates = createSandboxRatesProvider(), clock = () => new Date()) {
    const bettor = { brandId: 'fx', userId: randomUUID(), currency: 'EUR' };
    await recordDeposit(ctx.db, { ...bettor, amount: 10_000, provider: 'test', reference: randomUUID() });
    // The account of registration, as migration 0502's trigger writes it with every registered player.
    await ctx.db.query(
      `insert into cashier_currency_accounts (brand_id, user_id, currency, created_at) values ($1, $2, $3, now())`,
      [bettor.brandId, bettor.userId, bettor.currency],
    );
    const service = createCurrencyAccounts({ db: ctx.db, rates, clock });
    const list = await service.create(bettor, config, 'USD');
    const id = (c: string) => list.find((a) => a.currency === c)?.id ?? '';
    return { bettor, service, from: id('EUR'), to: id('USD') };
  }

  it('refuses an expired quote and spends nothing', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const { bettor, service, from, to } = await setup(createSandboxRatesProvider({ clock: () => now }), () => now);
    const quote = await service.quote(bettor, config, { fromAccountId: from, toAccountId: to, amount: 10 });
    expect(quote).toMatchObject({ fromAmount: 1_000, toAmount: 1_080 });
    now = new Date(now.getTime() + 31_000);
    await expect(service.transfer(bettor, config, quote.id)).rejects.toMatchObject({
      statusCode: 409,
      extra: { error_code: 1319 },
    });
    expect(await getAccountBalance(ctx.db, userAccount(bettor.userId, 'EUR'))).toBe(10_000);
  });

  it('refuses clearly when the rates are stale or the feed is down', async () => {
    const stale = await setup(createSandboxRatesProvider({ publishedAt: () => new Date(Date.now() - 301_000) }));
    await expect(
      stale.service.quote(stale.bettor, config, { fromAccountId: stale.from, toAccountId: stale.to, amount: 10 }),
    ).rejects.toMatchObject({
      statusCode: 503,
      extra: { detail: expect.stringMatching(/rate_unavailable: .*out of date/) },
    });
    const down = await setup(createSandboxRatesProvider({ unavailable: () => true }));
    await expect(
      down.service.quote(down.bettor, config, { fromAccountId: down.from, toAccountId: down.to, amount: 10 }),
    ).rejects.toMatchObject({ statusCode: 503, extra: { error_code: 1318 } });
  });

  it('moves money both ways and the ledger stays balanced per currency', async () => {
    const { bettor, service, from, to } = await setup();
    const there = await service.quote(bettor, config, { fromAccountId: from, toAccountId: to, amount: 50 });
    await service.transfer(bettor, config, there.id);
    const back = await service.quote(bettor, config, { fromAccountId: to, toAccountId: from, amount: 54 });
    await service.transfer(bettor, config, back.id);
    expect(await getAccountBalance(ctx.db, userAccount(bettor.userId, 'USD'))).toBe(0);
    // 50.00 EUR → 54.00 USD → 50.00 EUR (54 / 1.08): what the player gets back is never more than they gave.
    expect(await getAccountBalance(ctx.db, userAccount(bettor.userId, 'EUR'))).toBeLessThanOrEqual(10_000);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });
});
