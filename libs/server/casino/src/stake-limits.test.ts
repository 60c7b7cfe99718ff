// Casino rounds count in the wager and loss limits and are refused past them (ADR 0295): the real stake gate of
// player protection answers the ceilings, the round's transaction checks them under the player's usage lock.
import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { SLOTS } from '@tessera/server/casino-games';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { PlayerProtection, type ResponsibleSettings } from '@tessera/server/responsible';
import { platformDefaults } from '@tessera/shared/util-config';
import { beforeAll, expect, it } from 'vitest';
import { CasinoRounds, type RoundView } from './casino-rounds.service';

const currency = 'EUR';
const slot = SLOTS[0]?.info.id ?? 'aurora-gems';
const settings: ResponsibleSettings = {
  ...platformDefaults().responsible,
  limitsVisible: true,
  limitTypes: ['deposit', 'loss', 'wager', 'timeout'],
};

let nextUser = Date.now() * 1000 + 500;

describeEachDatabase('casino rounds against wager and loss limits', (ctx) => {
  const now = new Date();
  let protection: PlayerProtection;
  let service: CasinoRounds;

  beforeAll(() => {
    protection = new PlayerProtection({ db: ctx.db, clock: () => now, settingsFor: () => settings });
    service = new CasinoRounds({ db: ctx.db, clock: () => now, stakeGates: [(input) => protection.stakeGate(input)] });
  });

  /** A funded player holding the limits given (major units). */
  async function player(limits: { kind: 'wager' | 'loss'; period: 'day' | 'week' | 'month'; amount: number }[]) {
    nextUser += 1;
    const p = { brandId: `limits-${randomUUID().slice(0, 8)}`, userId: String(nextUser), currency };
    await recordDeposit(ctx.db, { ...p, amount: 100_000, provider: 'test', reference: randomUUID() });
    for (const limit of limits)
      await protection.setLimit({ accountId: p.userId, brandId: p.brandId, country: 'gb', currency }, limit);
    return p;
  }

  /** A round's answer, or the refusal's error_code and responsible details. */
  async function spin(p: { brandId: string; userId: string; currency: string }, stake: number) {
    try {
      return await service.play(p, { roundId: randomUUID(), gameId: slot, bet: { stake } });
    } catch (error) {
      if (error instanceof ApiError) return { refused: error.extra };
      throw error;
    }
  }

  /** The running usage row of the player, minor units. */
  async function usage(userId: string) {
    const res = await ctx.db.query<Record<string, string>>(
      `select day_wager::text, day_loss::text, month_wager::text, month_loss::text from responsible_usage where user_id = $1`,
      [userId],
    );
    return res.rows[0];
  }

  /** What the player's rounds staked and lost, summed from the rows. */
  async function summed(userId: string) {
    const res = await ctx.db.query<{ wager: string; loss: string }>(
      `select coalesce(sum(stake), 0)::text as wager, coalesce(sum(stake - coalesce(win, 0)), 0)::text as loss
         from casino_rounds where user_id = $1`,
      [userId],
    );
    return res.rows[0];
  }

  it('counts each round in the wager limit and refuses the round that would pass it, taking no money', async () => {
    const p = await player([{ kind: 'wager', period: 'day', amount: 5 }]);
    expect(await spin(p, 200)).toMatchObject({ status: 'settled' });
    expect(await spin(p, 200)).toMatchObject({ status: 'settled' });
    const before = await getAccountBalance(ctx.db, userAccount(p.userId, currency));
    expect(await spin(p, 200)).toEqual({
      refused: expect.objectContaining({
        error_code: 1603,
        responsible: expect.objectContaining({ reason: 'wager', period: 'day', limit: 5, remaining: 1 }),
      }),
    });
    expect(await getAccountBalance(ctx.db, userAccount(p.userId, currency))).toBe(before);
    expect(await spin(p, 100)).toMatchObject({ status: 'settled' });
    expect((await protection.overview(p.userId, currency)).limits).toMatchObject([
      { kind: 'wager', period: 'day', used: 5, remaining: 0 },
    ]);
  });

  it('of two rounds at once that each fit and together pass a limit, plays exactly one', async () => {
    const p = await player([{ kind: 'wager', period: 'month', amount: 3 }]);
    const answers = await Promise.all([spin(p, 200), spin(p, 200)]);
    expect(answers.filter((a) => 'status' in a)).toHaveLength(1);
    expect(answers.find((a) => 'refused' in a)).toMatchObject({ refused: { error_code: 1603 } });
    expect(await summed(p.userId)).toEqual({ wager: '200', loss: expect.any(String) });
  });

  it('keeps the loss as stakes less wins, through a blackjack hand and its extra stakes', async () => {
    const p = await player([{ kind: 'loss', period: 'month', amount: 500 }]);
    for (let i = 0; i < 5; i++) await spin(p, 100);
    let round: RoundView = await service.play(p, { roundId: randomUUID(), gameId: 'blackjack', bet: { stake: 200 } });
    while (round.status === 'open') {
      const view = round.outcome as { allowed: string[] };
      const action = view.allowed.includes('noInsurance')
        ? 'noInsurance'
        : view.allowed.includes('double')
          ? 'double'
          : 'stand';
      round = await service.act(p, { roundId: round.roundId, step: round.step, action });
    }
    const rows = await summed(p.userId);
    expect(await usage(p.userId)).toEqual({
      day_wager: rows?.wager,
      day_loss: rows?.loss,
      month_wager: rows?.wager,
      month_loss: rows?.loss,
    });
    const loss = Math.max(0, Number(rows?.loss));
    expect((await protection.overview(p.userId, currency)).limits).toMatchObject([
      { kind: 'loss', period: 'month', used: loss / 100, remaining: Math.max(0, 50_000 - loss) / 100 },
    ]);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('refuses the extra stake of a double past the limit and leaves the hand as it was', async () => {
    const p = await player([{ kind: 'wager', period: 'day', amount: 1000 }]);
    const who = { accountId: p.userId, brandId: p.brandId, country: 'gb', currency };
    for (;;) {
      const round = await service.play(p, { roundId: randomUUID(), gameId: 'blackjack', bet: { stake: 200 } });
      if (round.status !== 'open') continue;
      const allowed = (round.outcome as { allowed: string[] }).allowed;
      if (!allowed.includes('double')) {
        const action = allowed.includes('noInsurance') ? 'noInsurance' : 'stand';
        await service.act(p, { roundId: round.roundId, step: round.step, action });
        continue;
      }
      // Lowered at once to 1 more than what was staked: the double's 2 more is refused.
      const staked = Number((await usage(p.userId))?.day_wager);
      await protection.setLimit(who, { kind: 'wager', period: 'day', amount: staked / 100 + 1 });
      await expect(
        service.act(p, { roundId: round.roundId, step: round.step, action: 'double' }),
      ).rejects.toMatchObject({ extra: { error_code: 1603, responsible: { remaining: 1 } } });
      expect((await service.round(p.userId, round.roundId)).stake).toBe(200);
      expect(Number((await usage(p.userId))?.day_wager)).toBe(staked);
      return;
    }
  });
});
