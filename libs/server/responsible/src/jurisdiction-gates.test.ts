import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '@tessera/server/api-errors';
import { loadBrandRegistry, type BrandRegistry } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import { recordDeposit } from '@tessera/server/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityFileGate, SandboxActivityFile } from './activity-file';
import { affordabilityGate, ageAt, recordAffordabilityCheck } from './affordability';
import type { ResponsibleSettings } from './player-protection.service';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let registry: BrandRegistry;
/** RheinWetten's settings: nl under nl-ksa, de under de-ggl (the demo brands, resolved as a server does). */
const settingsFor = (brandId: string, country: string): ResponsibleSettings =>
  registry.resolve(brandId, country, 'de').config.responsible;

beforeAll(async () => {
  registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
});

function answer(refusal: ApiError | undefined) {
  return refusal && { status: refusal.statusCode, code: refusal.extra.error_code, details: refusal.extra.responsible };
}

describe('ageAt', () => {
  it('counts whole years by the calendar: the day before the birthday is a year short', () => {
    expect(ageAt('2002-11-26', new Date('2026-11-26T00:00:00Z'))).toBe(24);
    expect(ageAt('2002-11-27', new Date('2026-11-26T23:59:59Z'))).toBe(23);
    expect(ageAt('2003-01-01', new Date('2026-12-31T12:00:00Z'))).toBe(23);
  });
});

describeEachDatabase('jurisdiction gates of player protection', (ctx) => {
  const now = new Date('2026-11-26T12:00:00Z');
  let clock = now.getTime();

  /** A RheinWetten account in the country, born on the date (null: not declared). */
  async function account(country: string, birthDate: string | null, email = `p-${randomUUID()}@example.com`) {
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into accounts_users (brand_id, email, password_hash, currency, country, birth_date, registration_variant,
         created_at, updated_at)
       values ('rhein-wetten', $1, null, 'EUR', $2, $3, 'short', $4, $4) returning id::text`,
      [email, country, birthDate, now],
    );
    return rows[0]?.id as string;
  }
  const credit = (userId: string, euros: number) =>
    recordDeposit(ctx.db, {
      brandId: 'rhein-wetten',
      userId,
      currency: 'EUR',
      amount: euros * 100,
      provider: 'test',
      reference: randomUUID(),
      at: now,
    });
  const deposit = (accountId: string, country: string, euros: number, kind: 'deposit' | 'withdrawal' = 'deposit') => ({
    accountId,
    brandId: 'rhein-wetten',
    country,
    currency: 'EUR',
    amountMinor: euros * 100,
    kind,
  });

  describe('NLKSA-NL-1: monthly deposit thresholds by age until an affordability check', () => {
    const gate = () =>
      affordabilityGate({
        db: ctx.db,
        clock: () => now,
        settingsFor,
        timeZoneFor: (brandId, country) => registry.resolve(brandId, country, 'de').config.global.timezone,
      });

    it('NLKSA-NL-1: an adult in the Netherlands deposits up to 700 euros a month, then waits for a check', async () => {
      const adult = await account('nl', '1980-05-01');
      await credit(adult, 650);
      expect(answer(await gate()(deposit(adult, 'nl', 60)))).toEqual({
        status: 422,
        code: 1620,
        details: {
          reason: 'affordability',
          period: 'month',
          limit: 700,
          remaining: 50,
          currency: 'EUR',
          resetsAt: '2026-11-30T23:00:00.000Z',
        },
      });
      expect(await gate()(deposit(adult, 'nl', 50))).toBeUndefined();
      // A withdrawal is never held back.
      expect(await gate()(deposit(adult, 'nl', 5_000, 'withdrawal'))).toBeUndefined();

      await recordAffordabilityCheck(ctx.db, {
        accountId: adult,
        currency: 'EUR',
        monthlyAmount: 1500,
        reason: 'payslips reviewed',
        operator: 'compliance',
        at: now,
      });
      expect(await gate()(deposit(adult, 'nl', 850))).toBeUndefined();
      expect(answer(await gate()(deposit(adult, 'nl', 851)))).toMatchObject({ code: 1620, details: { limit: 1500 } });
    });

    it('NLKSA-NL-1: a player younger than 24, or of unknown age, has 300 euros', async () => {
      const young = await account('nl', '2003-06-15');
      await credit(young, 250);
      expect(answer(await gate()(deposit(young, 'nl', 60)))).toMatchObject({ code: 1620, details: { limit: 300 } });
      expect(await gate()(deposit(young, 'nl', 50))).toBeUndefined();
      const unknown = await account('nl', null);
      expect(answer(await gate()(deposit(unknown, 'nl', 301)))).toMatchObject({
        details: { limit: 300, remaining: 300 },
      });
    });

    it('holds nobody where the profile asks for no threshold (Germany)', async () => {
      const german = await account('de', '2005-01-01');
      await credit(german, 900);
      expect(await gate()(deposit(german, 'de', 900))).toBeUndefined();
    });

    it('refuses a check for an account that does not exist, and one without a reason', async () => {
      const check = { currency: 'EUR', monthlyAmount: 1000, operator: 'c', at: now };
      await expect(recordAffordabilityCheck(ctx.db, { ...check, accountId: '999999999', reason: 'x' })).rejects.toThrow(
        /no account/,
      );
      const adult = await account('nl', '1980-01-01');
      await expect(recordAffordabilityCheck(ctx.db, { ...check, accountId: adult, reason: ' ' })).rejects.toThrow(
        /reason/,
      );
    });
  });

  describe('DEGGL-PP-1: the activity file, no play with two operators at once', () => {
    const file = () => new SandboxActivityFile({ db: ctx.db, clock: () => new Date(clock) });
    const gate = (activity = file()) => activityFileGate({ db: ctx.db, settingsFor, file: activity, timeoutMs: 500 });
    const stake = (accountId: string) => ({ accountId, brandId: 'rhein-wetten' });

    it('DEGGL-PP-1: a German player active with another operator is refused until that play lapses', async () => {
      const email = `pp-${randomUUID()}@example.com`;
      const player = await account('de', '1980-01-01', email);
      clock = now.getTime();
      await file().touch({ playerKey: email, operator: 'another-operator' });
      expect(answer(await gate()(stake(player)))).toEqual({
        status: 403,
        code: 1621,
        details: { reason: 'activity_file', resetsAt: '2026-11-26T12:05:00.000Z' },
      });
      clock += 5 * 60_000;
      expect(await gate()(stake(player))).toBeUndefined();
      // Now the player is active here: the other operator is the one refused.
      expect(await file().touch({ playerKey: email, operator: 'another-operator' })).toEqual({
        active: 'elsewhere',
        until: '2026-11-26T12:10:00.000Z',
      });
    });

    it('DEGGL-PP-1: fails closed when the file cannot answer, or the server has none', async () => {
      const down = await account('de', '1980-01-01', `activity-down-${randomUUID()}@example.com`);
      expect(answer(await gate()(stake(down)))).toEqual({
        status: 503,
        code: 1622,
        details: { reason: 'activity_file' },
      });
      const player = await account('de', '1980-01-01');
      const none = activityFileGate({ db: ctx.db, settingsFor, file: undefined });
      expect(answer(await none(stake(player)))).toMatchObject({ status: 503, code: 1622 });
      const slow = activityFileGate({
        db: ctx.db,
        settingsFor,
        file: { touch: () => new Promise(() => undefined), end: async () => undefined },
        timeoutMs: 50,
      });
      expect(answer(await slow(stake(player)))).toMatchObject({ status: 503, code: 1622 });
    });

    it('asks no file where the profile does not (the Netherlands)', async () => {
      const dutch = await account('nl', '1980-01-01');
      const untouched = {
        touch: () => Promise.reject(new Error('the file must not be asked')),
        end: async () => undefined,
      };
      expect(await activityFileGate({ db: ctx.db, settingsFor, file: untouched })(stake(dutch))).toBeUndefined();
    });
  });
});
