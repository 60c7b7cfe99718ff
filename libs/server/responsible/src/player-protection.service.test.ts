import { describeEachDatabase } from '@tessera/server/db';
import type { SiteConfig } from '@tessera/shared/util-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { askRegister, RegisterUnavailableError, SandboxExclusionRegister } from './exclusion-register';
import { effectiveAmount, PlayerProtection, type ResponsibleSettings } from './player-protection.service';

const settings: ResponsibleSettings = {
  realityCheck: { enabled: true, intervalMinutes: 60 },
  limitsVisible: true,
  limitTypes: ['deposit', 'loss', 'wager', 'session', 'timeout'],
  coolingOffHours: 24,
  defaultLimits: { deposit: { day: {}, week: {}, month: {} } },
  limitsBeforePlay: [],
  selfExclusion: true,
  panicButton: true,
  showSessionTimer: false,
  showNetPosition: false,
  exclusionRegister: { enabled: true, register: 'sandbox', failClosed: true },
  crossOperatorDepositLimit: { enabled: false, failClosed: true },
} satisfies SiteConfig['responsible'];

describe('effectiveAmount', () => {
  const row = { kind: 'wager' as const, period: 'day' as const, currency: 'EUR', amount: 1000 };
  it('is the amount until the pending change is due, then the pending one (null: removed)', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    const raise = { ...row, pendingAmount: 5000, pendingAt: at };
    expect(effectiveAmount(raise, new Date('2026-11-26T09:59:59Z'))).toBe(1000);
    expect(effectiveAmount(raise, at)).toBe(5000);
    expect(effectiveAmount({ ...row, pendingAmount: null, pendingAt: at }, at)).toBeNull();
    expect(effectiveAmount({ ...row, pendingAmount: null, pendingAt: null }, at)).toBe(1000);
  });
});

describe('the sandbox register', () => {
  const register = new SandboxExclusionRegister();
  const person = {
    firstName: 'sam',
    lastName: 'EXCLUDED',
    birthDate: '1985-03-14',
    postcode: null,
    email: null,
    phone: null,
  };
  it('matches name and birth date whatever the case, and not another birth date', async () => {
    expect(await askRegister(register, person, 500)).toEqual({ listed: true, until: null });
    expect(await askRegister(register, { ...person, birthDate: '1985-03-15' }, 500)).toEqual({ listed: false });
    expect(await askRegister(register, { ...person, postcode: 'E1 6AN' }, 500)).toEqual({ listed: false });
  });
  it('fails, and times out within the bound given', async () => {
    await expect(askRegister(register, { ...person, lastName: 'Registerdown' }, 500)).rejects.toThrow(
      RegisterUnavailableError,
    );
    const started = Date.now();
    await expect(askRegister(register, { ...person, lastName: 'Registerslow' }, 50)).rejects.toThrow(
      /no answer in 50 ms/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describeEachDatabase('PlayerProtection', (ctx) => {
  let now = new Date('2026-11-26T10:00:00Z');
  let protection: PlayerProtection;
  const account = { accountId: '777001', brandId: 'guard', country: 'gb', currency: 'EUR' };

  beforeAll(() => {
    protection = new PlayerProtection({ db: ctx.db, clock: () => now, settingsFor: () => settings });
  });

  it('lets an account without limits through with no query, and stops marketing during a lock', async () => {
    const stake = { accountId: account.accountId, brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
    expect(await protection.stakeGate(stake)).toBeUndefined();
    expect(await protection.marketingAllowed(account.accountId)).toBe(true);
    await protection.lock(account, { kind: 'panic' });
    expect(await protection.marketingAllowed(account.accountId)).toBe(false);
    expect((await protection.stakeGate(stake))?.extra).toMatchObject({ error_code: 1605 });
    // Withdrawals pass a lock: a locked player may take their money out.
    expect(await protection.cashierGate({ ...account, amountMinor: 1000, kind: 'withdrawal' })).toBeUndefined();
    expect((await protection.cashierGate({ ...account, amountMinor: 1000, kind: 'deposit' }))?.extra).toMatchObject({
      error_code: 1605,
    });
    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    protection.invalidate(account.accountId);
    expect(await protection.marketingAllowed(account.accountId)).toBe(true);
  });

  it('counts a deposit let through against the limit while the provider has it in flight, not once it is closed', async () => {
    const inFlight = new Map<string, boolean>();
    const guard = new PlayerProtection({
      db: ctx.db,
      clock: () => now,
      settingsFor: () => settings,
      depositInFlight: async (reference) => inFlight.get(reference) ?? false,
    });
    const who = { accountId: '777002', brandId: 'guard', country: 'gb', currency: 'EUR' };
    await guard.setLimit(who, { kind: 'deposit', period: 'day', amount: 50 });
    const deposit = (amountMinor: number, reference: string) =>
      guard.cashierGate({ ...who, amountMinor, kind: 'deposit', reference });
    expect(await deposit(4000, 'hold-1')).toBeUndefined();
    inFlight.set('hold-1', true);
    // Not credited yet, but under way at the provider: 40 of 50 are taken.
    expect((await deposit(2000, 'hold-2'))?.extra).toMatchObject({
      error_code: 1601,
      responsible: { reason: 'deposit', remaining: 10 },
    });
    // Declined by the issuer: the hold is forgotten and the limit is free again.
    inFlight.set('hold-1', false);
    expect(await deposit(2000, 'hold-3')).toBeUndefined();
    expect((await guard.overview(who.accountId, 'EUR')).limits).toMatchObject([{ kind: 'deposit', used: 0 }]);
  });

  it('the register fails closed by default', async () => {
    const none = new PlayerProtection({
      db: ctx.db,
      clock: () => now,
      settingsFor: () => settings,
      registers: () => undefined,
    });
    const refused = await none.registerGate(
      { brandId: 'guard', country: 'gb' },
      { firstName: 'A', lastName: 'B', birthDate: '1990-01-01', postcode: null, email: null, phone: null },
    );
    expect(refused?.statusCode).toBe(503);
    const open = new PlayerProtection({
      db: ctx.db,
      clock: () => now,
      settingsFor: () => ({ ...settings, exclusionRegister: { ...settings.exclusionRegister, failClosed: false } }),
    });
    expect(
      await open.registerGate(
        { brandId: 'guard', country: 'gb' },
        { firstName: 'A', lastName: 'B', birthDate: '1990-01-01', postcode: null, email: null, phone: null },
      ),
    ).toBeUndefined();
  });
});
