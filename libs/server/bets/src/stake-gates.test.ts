// askStakeGates (ADR 0295, 0504): the gates asked in turn, the first refusal, the ceilings together; at once, without a
// promise, when every gate answered at once (a cached profile), so a placement does not give the event loop away.
import { ApiError } from '@tessera/server/api-errors';
import { describe, expect, it } from 'vitest';
import { askStakeGates, type StakeCeilings, type StakeGate } from './bets.service';

const input = { accountId: '1', brandId: 'b', currency: 'EUR', stakeMinor: 500 };
const periods = {
  day: new Date('2026-11-26T00:00:00Z'),
  week: new Date('2026-11-23T00:00:00Z'),
  month: new Date('2026-11-01T00:00:00Z'),
};
const refusedBy = (who: string) => new ApiError(403, `refused by ${who}`);
const ceilings = (who: string, limit: number): StakeCeilings => ({
  periods,
  ceilings: [{ kind: 'wager', period: 'day', limit }],
  refuse: () => refusedBy(who),
});
const isPromise = (value: unknown): boolean => typeof (value as { then?: unknown })?.then === 'function';

describe('askStakeGates', () => {
  it('answers at once without gates, and when every gate answers at once', () => {
    expect(askStakeGates(undefined, input)).toBeUndefined();
    const answer = askStakeGates([() => ceilings('a', 100), () => undefined], input);
    expect(isPromise(answer)).toBe(false);
    expect(answer).toMatchObject({ ceilings: [{ limit: 100 }] });
  });

  it('answers a promise from the first gate that answers one, and asks the rest after it', async () => {
    const asked: string[] = [];
    const gates: StakeGate[] = [
      () => (asked.push('a'), ceilings('a', 100)),
      async () => (asked.push('b'), ceilings('b', 200)),
      () => (asked.push('c'), undefined),
    ];
    const answer = askStakeGates(gates, input);
    expect(isPromise(answer)).toBe(true);
    const counted = await answer;
    expect(asked).toEqual(['a', 'b', 'c']);
    if (!counted || counted instanceof ApiError) throw new Error('expected ceilings');
    expect(counted.ceilings.map((c) => c.limit)).toEqual([100, 200]);
    // Each ceiling's refusal is its own gate's.
    expect(counted.refuse(counted.ceilings[1] as StakeCeilings['ceilings'][number], 0).message).toBe('refused by b');
    expect(counted.refuse(counted.ceilings[0] as StakeCeilings['ceilings'][number], 0).message).toBe('refused by a');
  });

  it('stops at the first refusal, at once or after a promise', async () => {
    const asked: string[] = [];
    const late: StakeGate = () => (asked.push('late'), undefined);
    expect(askStakeGates([() => refusedBy('a'), late], input)).toMatchObject({ message: 'refused by a' });
    expect(await askStakeGates([async () => undefined, async () => refusedBy('b'), late], input)).toMatchObject({
      message: 'refused by b',
    });
    expect(asked).toEqual([]);
  });
});
