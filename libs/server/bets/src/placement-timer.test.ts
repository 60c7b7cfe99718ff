// The placement timer (ADR 0504): what the stake gates add to a placement, reported per bet for the bench's limit-check
// figure, with bet_place's check of the ceilings timed in the placement's own transaction (migration 1110). No bounds
// on the durations here (they are the bench's to judge), only that each is measured and reported when it should be.
import { ApiError } from '@tessera/server/api-errors';
import { describeEachDatabase } from '@tessera/server/db';
import { recordDeposit } from '@tessera/server/ledger';
import { expect, it } from 'vitest';
import {
  place,
  planSingle,
  type GateTiming,
  type PlacementContext,
  type PlacementTimer,
  type StakeCeilings,
  type StakeGate,
} from './bets.service';
import { CRASH_BRAND, CRASH_CURRENCY, crashLine, crashRules } from './testing/crash-placement';

describeEachDatabase('placement timer', (ctx) => {
  const line = crashLine();
  const rules = crashRules();
  const now = new Date('2026-11-26T10:00:00Z');
  let guid = 0;
  let nextUser = 0;

  /** Ceilings as player protection answers them: today's periods, a daily wager limit of `limit` minor units. */
  const ceilings = (limit: number): StakeCeilings => ({
    periods: {
      day: new Date('2026-11-26T00:00:00Z'),
      week: new Date('2026-11-23T00:00:00Z'),
      month: new Date('2026-11-01T00:00:00Z'),
    },
    ceilings: [{ kind: 'wager', period: 'day', limit }],
    refuse: () => new ApiError(403, 'the stake would pass the daily wager limit'),
  });

  /** A context placing through `gates` (none: no gate), recording what its timer reports. */
  function timed(gates?: StakeGate[]) {
    const gate: GateTiming[] = [];
    const written: number[] = [];
    const timer: PlacementTimer = { gate: (t) => gate.push(t), written: (ms) => written.push(ms) };
    const context: PlacementContext = {
      db: ctx.db,
      model: () => line,
      clock: () => now,
      ...(gates ? { stakeGates: gates } : {}),
      timer,
    };
    return { context, gate, written };
  }

  async function bettor() {
    nextUser += 1;
    const who = { brandId: CRASH_BRAND, userId: `timer-user-${nextUser}`, currency: CRASH_CURRENCY };
    await recordDeposit(ctx.db, { ...who, amount: 100_000, provider: 'test', reference: `timer-${nextUser}` });
    return who;
  }

  /** A single of `summ` EUR on game 1's draw; 'refused' when placement throws an ApiError. */
  async function single(context: PlacementContext, who: Awaited<ReturnType<typeof bettor>>, summ: number) {
    const plan = planSingle(
      {
        betGUID: `00000000-0000-4000-9000-${String((guid += 1)).padStart(12, '0')}`,
        vid: 0,
        Summ: summ,
        Events: [{ gameId: 1, outcomeId: '1:1x2:draw', coef: 3.4 }],
      },
      false,
    );
    try {
      return (await place(context, who, rules, plan)).status;
    } catch (error) {
      if (error instanceof ApiError) return 'refused';
      throw error;
    }
  }

  it('reports the gate time of a gated placement: the ask and the usage check in bet_place', async () => {
    const { context, gate, written } = timed([async () => ceilings(1_000_000)]);
    expect(await single(context, await bettor(), 5)).toBe('accepted');
    expect(gate).toHaveLength(1);
    const [t] = gate;
    expect(t?.refused).toBe(false);
    expect(t?.askMs).toBeGreaterThanOrEqual(0);
    // The usage row was taken and checked in the transaction, so its clock moved.
    expect(t?.checkMs).toBeGreaterThan(0);
    expect(t?.ms).toBe((t?.askMs ?? NaN) + (t?.checkMs ?? NaN));
    expect(written).toHaveLength(1);
    // The check is part of the statement it was timed in.
    expect(written[0]).toBeGreaterThanOrEqual(t?.checkMs ?? Infinity);
  });

  it('reports no gate time without a gate, and the write time still', async () => {
    const { context, gate, written } = timed();
    expect(await single(context, await bettor(), 5)).toBe('accepted');
    expect(gate).toEqual([]);
    expect(written).toHaveLength(1);
    expect(written[0]).toBeGreaterThan(0);
  });

  it('reports a bet refused by a ceiling in bet_place, with its check', async () => {
    const { context, gate, written } = timed([async () => ceilings(800)]);
    const who = await bettor();
    expect(await single(context, who, 5)).toBe('accepted');
    expect(await single(context, who, 5)).toBe('refused');
    expect(gate.map((t) => t.refused)).toEqual([false, true]);
    expect(gate[1]?.checkMs).toBeGreaterThan(0);
    expect(written).toHaveLength(2);
  });

  it('reports a bet a gate refused before anything was written: the ask alone', async () => {
    const locked = new ApiError(403, 'betting is locked');
    const { context, gate, written } = timed([async () => ceilings(1_000_000), async () => locked]);
    expect(await single(context, await bettor(), 5)).toBe('refused');
    expect(gate).toHaveLength(1);
    expect(gate[0]).toMatchObject({ refused: true, checkMs: 0 });
    expect(gate[0]?.ms).toBe(gate[0]?.askMs);
    expect(written).toEqual([]);
  });

  it('places as before without a timer', async () => {
    const context: PlacementContext = {
      db: ctx.db,
      model: () => line,
      clock: () => now,
      stakeGates: [async () => ceilings(800)],
    };
    const who = await bettor();
    expect(await single(context, who, 5)).toBe('accepted');
    expect(await single(context, who, 5)).toBe('refused');
  });
});
