import { ApiError } from '@tessera/server/api-errors';
import { describeEachDatabase, type Database } from '@tessera/server/db';
import type { SiteConfig } from '@tessera/shared/util-config';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { askRegister, RegisterUnavailableError, SandboxExclusionRegister } from './exclusion-register';
import { periodEnd } from './periods';
import {
  effectiveAmount,
  PlayerProtection,
  PROFILE_TTL_MS,
  type ResponsibleSettings,
} from './player-protection.service';

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

  it('lets an account without limits through with no ceiling, and stops marketing during a lock', async () => {
    const stake = { accountId: account.accountId, brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
    const open = await protection.stakeGate(stake);
    if (open instanceof ApiError) throw open;
    // No ceiling to check; the periods the stake counts in (UTC here) for the running usage (ADR 0295).
    expect(open.ceilings).toEqual([]);
    expect(open.periods).toEqual({
      day: new Date('2026-11-26T00:00:00Z'),
      week: new Date('2026-11-23T00:00:00Z'),
      month: new Date('2026-11-01T00:00:00Z'),
    });
    expect(await protection.marketingAllowed(account.accountId)).toBe(true);
    await protection.lock(account, { kind: 'panic' });
    expect(await protection.marketingAllowed(account.accountId)).toBe(false);
    expect(await protection.stakeGate(stake)).toMatchObject({ extra: { error_code: 1605 } });
    // Withdrawals pass a lock: a locked player may take their money out.
    expect(await protection.cashierGate({ ...account, amountMinor: 1000, kind: 'withdrawal' })).toBeUndefined();
    expect((await protection.cashierGate({ ...account, amountMinor: 1000, kind: 'deposit' }))?.extra).toMatchObject({
      error_code: 1605,
    });
    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    protection.invalidate(account.accountId);
    expect(await protection.marketingAllowed(account.accountId)).toBe(true);
  });

  it('answers bet placement at once from a trusted profile, a promise only when it must read (ADR 0504)', async () => {
    const who = { accountId: '777090', brandId: 'guard', country: 'gb', currency: 'EUR' };
    const stake = { accountId: who.accountId, brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
    const isPromise = (value: unknown): boolean => typeof (value as { then?: unknown })?.then === 'function';
    await protection.setLimit(who, { kind: 'wager', period: 'day', amount: 50 });
    // The write dropped the profile: the first stake reads it.
    const first = protection.answerStake(stake);
    expect(isPromise(first)).toBe(true);
    const read = await first;
    if (read instanceof ApiError) throw read;
    expect(read.ceilings).toEqual([{ kind: 'wager', period: 'day', limit: 5000 }]);
    // Then the same answer at once, with no promise: the placement goes straight on to bet_place.
    const cached = protection.answerStake(stake);
    expect(isPromise(cached)).toBe(false);
    if (cached instanceof ApiError || isPromise(cached)) throw new Error('expected ceilings at once');
    expect((cached as { ceilings: unknown }).ceilings).toEqual(read.ceilings);
    // A lock written through this process is in the profile it keeps: the stake is refused, at once.
    await protection.lock(who, { kind: 'panic' });
    expect(await protection.answerStake(stake)).toMatchObject({ extra: { error_code: 1605 } });
    expect(protection.answerStake(stake)).toMatchObject({ extra: { error_code: 1605 } });
    // A session limit needs the live sessions: a promise even from the cached profile.
    const timed = { accountId: '777091', brandId: 'guard', country: 'gb', currency: 'EUR' };
    await protection.setLimit(timed, { kind: 'session', period: 'session', amount: 60 });
    const timedStake = { ...stake, accountId: timed.accountId };
    await protection.answerStake(timedStake);
    const withSession = protection.answerStake(timedStake);
    expect(isPromise(withSession)).toBe(true);
    expect(await withSession).toMatchObject({ ceilings: [] });
  });

  it('answers a bettor from the cached profile, reading it again once in the background before it expires', async () => {
    // Another process (`protection` here) writes; this one sees it through its refresh, never making a stake wait.
    let reads = 0;
    let held: Promise<void> | undefined;
    const counted = new Proxy(ctx.db, {
      get(target, key) {
        if (key === 'query')
          return async (sql: string, params?: readonly unknown[]) => {
            if (!sql.includes('from responsible_limits')) return target.query(sql, params);
            reads += 1;
            const result = await target.query(sql, params);
            await held;
            return result;
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    let wall = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => wall);
    try {
      const reader = new PlayerProtection({ db: counted, clock: () => now, settingsFor: () => settings });
      const who = { accountId: '777020', brandId: 'guard', country: 'gb', currency: 'EUR' };
      const stake = { accountId: who.accountId, brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
      // The first stakes of a bettor at once share one read.
      const first = await Promise.all(Array.from({ length: 8 }, () => reader.stakeGate(stake)));
      expect(first.every((a) => !(a instanceof ApiError))).toBe(true);
      expect(reads).toBe(1);

      await protection.lock(who, { kind: 'panic' });
      wall += PROFILE_TTL_MS * 0.4;
      expect(await reader.stakeGate(stake)).not.toBeInstanceOf(ApiError);
      expect(reads).toBe(1);

      // Past the refresh time (half to three quarters of the TTL), before the TTL: the stake is answered from the
      // cache while one read runs behind it (held here: a stake that waited for it would never be answered).
      wall += PROFILE_TTL_MS * 0.4;
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => (release = resolve));
      expect(await reader.stakeGate(stake)).not.toBeInstanceOf(ApiError);
      expect(await reader.stakeGate(stake)).not.toBeInstanceOf(ApiError);
      expect(reads).toBe(2);
      release();
      held = undefined;
      await vi.waitFor(async () =>
        expect(await reader.stakeGate(stake)).toMatchObject({ extra: { error_code: 1605 } }),
      );
      expect(reads).toBe(2);

      // A write (and this process's invalidate, as its own writes do) after a read's query, before its answer: the
      // read's answer serves its own stake but is not kept; the next stake reads again and sees the write.
      const other = { ...who, accountId: '777021' };
      const otherStake = { ...stake, accountId: other.accountId };
      held = new Promise<void>((resolve) => (release = resolve));
      const before = reader.stakeGate(otherStake);
      await vi.waitFor(() => expect(reads).toBe(3));
      await protection.setLimit(other, { kind: 'wager', period: 'day', amount: 3 });
      reader.invalidate(other.accountId);
      release();
      held = undefined;
      expect(await before).toMatchObject({ ceilings: [] });
      expect(await reader.stakeGate(otherStake)).toMatchObject({
        ceilings: [{ kind: 'wager', period: 'day', limit: 300 }],
      });
      expect(reads).toBe(4);
    } finally {
      clock.mockRestore();
    }
  });

  it('drops a profile as soon as another server writes its limits or locks, where the database notifies', async () => {
    const reader = new PlayerProtection({ db: ctx.db, clock: () => now, settingsFor: () => settings });
    const stop = await reader.watchProfiles();
    try {
      const who = { accountId: '777030', brandId: 'guard', country: 'gb', currency: 'EUR' };
      const stake = { accountId: who.accountId, brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
      expect(await reader.stakeGate(stake)).toMatchObject({ ceilings: [] });
      await protection.setLimit(who, { kind: 'wager', period: 'day', amount: 3 });
      await protection.lock(who, { kind: 'panic' });
      if (ctx.db.listen) {
        // PostgreSQL: heard at commit (migration 1090), long before the 30 s TTL.
        await vi.waitFor(
          async () => expect(await reader.stakeGate(stake)).toMatchObject({ extra: { error_code: 1605 } }),
          { timeout: 5_000, interval: 50 },
        );
      } else {
        // PGlite (one process, no notifications): the cached profile stands until its TTL, as without watching.
        expect(await reader.stakeGate(stake)).toMatchObject({ ceilings: [] });
      }
    } finally {
      await stop();
    }
  });

  it("drops a profile when the account's country changes, as a verification corrects it, where the database notifies", async () => {
    await ctx.db.query(
      `insert into accounts_users (id, brand_id, currency, country, registration_variant, created_at, updated_at)
       values (777050, 'guard', 'EUR', 'gb', 'fast', $1, $1)`,
      [now],
    );
    // The verified country asks for a wager limit before play; the declared one does not.
    const reader = new PlayerProtection({
      db: ctx.db,
      clock: () => now,
      settingsFor: (_brand, country) => (country === 'de' ? { ...settings, limitsBeforePlay: ['wager'] } : settings),
    });
    const stop = await reader.watchProfiles();
    try {
      const stake = { accountId: '777050', brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
      expect(await reader.stakeGate(stake)).toMatchObject({ ceilings: [] });
      await ctx.db.query(`update accounts_users set country = 'de', updated_at = $2 where id = $1`, [777050, now]);
      if (ctx.db.listen) {
        // PostgreSQL: heard at commit (migration 1100), not when the profile's 5 min run out.
        await vi.waitFor(
          async () => expect(await reader.stakeGate(stake)).toMatchObject({ extra: { error_code: 1612 } }),
          { timeout: 5_000, interval: 50 },
        );
      } else {
        expect(await reader.stakeGate(stake)).toMatchObject({ ceilings: [] });
      }
    } finally {
      await stop();
    }
  });

  it("applies a change to the site's configuration at the next stake, however long the profile is trusted", async () => {
    // A compliance officer asks for a wager limit before play: the account's cached profile must not hide it.
    await ctx.db.query(
      `insert into accounts_users (id, brand_id, currency, country, registration_variant, created_at, updated_at)
       values (777040, 'guard', 'EUR', 'gb', 'fast', $1, $1)`,
      [now],
    );
    let current: ResponsibleSettings = settings;
    const reader = new PlayerProtection({ db: ctx.db, clock: () => now, settingsFor: () => current });
    const stake = { accountId: '777040', brandId: 'guard', currency: 'EUR', stakeMinor: 500 };
    expect(await reader.stakeGate(stake)).toMatchObject({ ceilings: [] });
    current = { ...settings, limitsBeforePlay: ['wager'] };
    expect(await reader.stakeGate(stake)).toMatchObject({ extra: { error_code: 1612 } });
    expect(
      await reader.cashierGate({
        accountId: '777040',
        brandId: 'guard',
        country: 'gb',
        currency: 'EUR',
        amountMinor: 1000,
        kind: 'deposit',
      }),
    ).toMatchObject({ extra: { error_code: 1612 } });
    current = settings;
    expect(await reader.stakeGate(stake)).toMatchObject({ ceilings: [] });
  });

  it('answers the wager and loss limits in force as ceilings, and words their refusal as the page explains it', async () => {
    const who = { accountId: '777003', brandId: 'guard', country: 'gb', currency: 'EUR' };
    await protection.setLimit(who, { kind: 'wager', period: 'day', amount: 20 });
    await protection.setLimit(who, { kind: 'loss', period: 'week', amount: 50 });
    // A raise waits the cooling-off: the ceiling stays the lower amount until then.
    expect(await protection.setLimit(who, { kind: 'wager', period: 'day', amount: 30 })).toMatchObject({
      applied: 'pending',
    });
    const answer = await protection.stakeGate({
      accountId: who.accountId,
      brandId: 'guard',
      currency: 'EUR',
      stakeMinor: 600,
    });
    if (answer instanceof ApiError) throw answer;
    expect([...answer.ceilings].sort((a, b) => a.limit - b.limit)).toEqual([
      { kind: 'wager', period: 'day', limit: 2000 },
      { kind: 'loss', period: 'week', limit: 5000 },
    ]);
    const wager = answer.ceilings.find((c) => c.kind === 'wager');
    if (!wager) throw new Error('no wager ceiling');
    expect(answer.refuse(wager, 1500).extra).toMatchObject({
      error_code: 1603,
      detail: expect.stringMatching(
        /^wager_limit_reached: the stake would pass the daily wager limit of 20.00 EUR; 5.00 is left/,
      ),
      responsible: {
        reason: 'wager',
        period: 'day',
        limit: 20,
        remaining: 5,
        currency: 'EUR',
        resetsAt: periodEnd('day', now).toISOString(),
      },
    });
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
