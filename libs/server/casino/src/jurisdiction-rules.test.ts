import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '@tessera/server/api-errors';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { SLOTS } from '@tessera/server/casino-games';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { beforeAll, expect, it } from 'vitest';
import { CasinoRounds } from './casino-rounds.service';
import { slotRulesOf, type SlotRules } from './jurisdiction-rules';
import type { CasinoPlayer } from './round-ledger';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const slot = SLOTS[0]?.info.id ?? 'aurora-gems';

let nextUser = Date.now() * 1000 + 500;

function player(currency: string): CasinoPlayer {
  nextUser += 1;
  return { brandId: 'rules', userId: String(nextUser), currency };
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      status: error.statusCode,
      code: String(error.extra.detail ?? '').split(':')[0],
      errorCode: error.extra.error_code,
      retryAfter: error.headers?.['retry-after'],
    };
  }
  throw new Error('expected a refusal');
}

/** The slot rules the demo brands resolve to: albion-odds in gb (uk-gc), rhein-wetten in de (de-ggl), polar-bet (none). */
const rules: Record<'gb' | 'de' | 'none', SlotRules> = {} as Record<'gb' | 'de' | 'none', SlotRules>;

beforeAll(async () => {
  const registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
  rules.gb = slotRulesOf(registry.resolve('albion-odds', 'gb', 'en').config);
  rules.de = slotRulesOf(registry.resolve('rhein-wetten', 'de', 'de').config);
  rules.none = slotRulesOf(registry.resolve('polar-bet', 'kz', 'en').config);
});

it('the demo brands take their slot rules from their jurisdictions', () => {
  expect(rules.gb).toEqual({ minSpinSeconds: 2.5, maxStake: {} });
  expect(rules.de).toEqual({ minSpinSeconds: 5, maxStake: { EUR: 1 } });
  expect(rules.none).toEqual({ minSpinSeconds: 0, maxStake: {} });
});

describeEachDatabase('slot rules of the casino round (jurisdiction-rules.ts)', (ctx) => {
  /** Rounds on a clock the test moves, for a player whose rules are those of `country`. */
  function table(country: keyof typeof rules) {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const service = new CasinoRounds({ db: ctx.db, clock: () => new Date(now), slotRules: () => rules[country] });
    return {
      service,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }
  const fund = (p: CasinoPlayer, amount: number) =>
    recordDeposit(ctx.db, { ...p, amount, provider: 'test', reference: randomUUID() });
  const balance = (p: CasinoPlayer) => getAccountBalance(ctx.db, userAccount(p.userId, p.currency));
  const spin = (service: CasinoRounds, p: CasinoPlayer, stake = 100, roundId = randomUUID()) =>
    service.play(p, { roundId, gameId: slot, bet: { stake } });

  it('UKGC-SLOT-1: a slot spin sooner than 2.5 s after the last is refused with Retry-After; at 2.5 s it plays', async () => {
    const p = player('GBP');
    await fund(p, 10_000);
    const { service, advance } = table('gb');
    const first = await spin(service, p);
    const after = await balance(p);
    advance(2_000);
    const roundId = randomUUID();
    expect(await refusal(spin(service, p, 100, roundId))).toEqual({
      status: 429,
      code: 'slot_spin_too_soon',
      errorCode: 1850,
      retryAfter: '1',
    });
    expect(await balance(p)).toBe(after);
    expect(await service.history(p.userId)).toHaveLength(1);
    advance(500);
    const second = await spin(service, p, 100, roundId);
    expect(second).toMatchObject({ status: 'settled', nonce: first.nonce + 1, replayed: false });
    // A retry of a round already played answers it, whatever the clock says: it is not a new spin.
    expect(await spin(service, p, 100, roundId)).toMatchObject({ roundId, replayed: true });
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('DEGGL-SLOT-1: in Germany the next spin waits 5 s, and two spins sent at once play one', async () => {
    const p = player('EUR');
    await fund(p, 10_000);
    const { service, advance } = table('de');
    await spin(service, p);
    advance(4_999);
    expect(await refusal(spin(service, p))).toMatchObject({ code: 'slot_spin_too_soon', retryAfter: '1' });
    advance(1);
    const both = await Promise.allSettled([spin(service, p), spin(service, p)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((refused?.reason as ApiError).extra.error_code).toBe(1850);
    expect(await service.history(p.userId)).toHaveLength(2);
  });

  it('DEGGL-SLOT-2: in Germany a slot spin stakes at most 1 euro; above it nothing is written', async () => {
    const p = player('EUR');
    await fund(p, 10_000);
    const { service } = table('de');
    expect(await refusal(spin(service, p, 200))).toEqual({
      status: 422,
      code: 'slot_stake_above_maximum',
      errorCode: 1851,
      retryAfter: undefined,
    });
    expect(await balance(p)).toBe(10_000);
    expect(await service.history(p.userId)).toEqual([]);
    expect(await spin(service, p, 100)).toMatchObject({ stake: 100, status: 'settled' });
  });

  it('other games and jurisdictions without slot rules are not held to them', async () => {
    const p = player('EUR');
    await fund(p, 100_000);
    const de = table('de');
    await spin(de.service, p);
    // Roulette right after a spin, with a stake above the slot maximum: the slot rules do not apply.
    const roulette = await de.service.play(p, {
      roundId: randomUUID(),
      gameId: 'european-roulette',
      bet: { bets: [{ type: 'red', amount: 500 }] },
    });
    expect(roulette.status).toBe('settled');
    const q = player('EUR');
    await fund(q, 100_000);
    const none = table('none');
    await spin(none.service, q, 5_000);
    expect(await spin(none.service, q, 5_000)).toMatchObject({ status: 'settled', stake: 5_000 });
  });
});
