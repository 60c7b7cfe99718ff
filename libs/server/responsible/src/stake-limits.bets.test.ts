// Wager and loss limits enforced inside bet placement's transaction (ADR 0295): player protection's stake gate with
// the real placement of @tessera/server/bets, bet_place's check under the bettor's usage lock, and the running usage
// kept by settlement, sale and void. (Here, not in libs/server/bets: bets may not depend on player protection.)
import { ApiError } from '@tessera/server/api-errors';
import { describeEachDatabase } from '@tessera/server/db';
import { recordDeposit, verifyLedger } from '@tessera/server/ledger';
import { PlayerProtection, type ResponsibleSettings } from './player-protection.service';
import { platformDefaults } from '@tessera/shared/util-config';
import { beforeAll, expect, it } from 'vitest';
import {
  BetSettlement,
  place,
  planSingle,
  sell,
  siteOfferFor,
  type BetRules,
  type PlacementContext,
} from '@tessera/server/bets';
import { footballLine } from '@tessera/server/bets/testing';

const settings: ResponsibleSettings = {
  ...platformDefaults().responsible,
  limitsVisible: true,
  limitTypes: ['deposit', 'loss', 'wager', 'timeout'],
  coolingOffHours: 24,
};
const brandId = 'limits-brand';
const currency = 'EUR';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A brand selling bets whole and in part, EUR minimum 0.50, no maximum stake, no taxes. */
function testRules(): BetRules {
  const off = {
    vipBet: false,
    powerBet: false,
    expressBoost: false,
    lobby: false,
    insurance: false,
    advanceBet: false,
  };
  return {
    coupon: { minStake: { EUR: 0.5 } },
    features: {
      ...off,
      oneClick: true,
      autoBet: true,
      sale: true,
      partSale: true,
      saveLoad: true,
      print: true,
      promoCode: true,
      delete: true,
      multiBet: true,
      system: true,
    },
    maxBet: {},
    saleMarginPercent: 5,
    historyDays: 7,
    checkCf: 0,
    vipDecisionMinutes: 10,
    insuranceMarginPercent: 10,
    liveBetDelaySeconds: 0,
    advance: { sharePercent: 50, maxAmount: {} },
    offer: siteOfferFor({}),
  };
}

describeEachDatabase('stake limits in bet placement', (ctx) => {
  // 2026-11-26 is a Thursday; London is on GMT then, so local midnight is 00:00Z.
  let now = new Date('2026-11-26T10:00:00Z');
  const clock = () => now;
  const line = footballLine(50);
  const rules = testRules();
  let protection: PlayerProtection;
  let gated: PlacementContext;
  let settlement: BetSettlement;
  let nextAccount = 990_100;
  let guid = 0;

  beforeAll(() => {
    protection = new PlayerProtection({
      db: ctx.db,
      clock,
      settingsFor: () => settings,
      timeZoneFor: () => 'Europe/London',
    });
    gated = { db: ctx.db, model: () => line, clock, stakeGates: [(input) => protection.stakeGate(input)] };
    settlement = new BetSettlement({ db: ctx.db, clock, log: quiet });
  });

  /** A funded account of the brand, with the limits given (major units). */
  async function account(limits: { kind: 'wager' | 'loss'; period: 'day' | 'week' | 'month'; amount: number }[]) {
    nextAccount += 1;
    const accountId = String(nextAccount);
    await ctx.db.query(
      `insert into accounts_users (id, brand_id, currency, country, registration_variant, created_at, updated_at)
       values ($1::bigint, $2, $3, 'gb', 'fast', $4, $4)`,
      [accountId, brandId, currency, now],
    );
    await recordDeposit(ctx.db, {
      brandId,
      userId: accountId,
      currency,
      amount: 100_000,
      provider: 'test',
      reference: `fund-${accountId}`,
    });
    const who = { accountId, brandId, country: 'gb', currency };
    for (const limit of limits) await protection.setLimit(who, limit);
    return { brandId, userId: accountId, currency };
  }

  /** A single on game `game`'s draw (3.40) for `summ` EUR. */
  const single = (summ: number, game = 1) =>
    planSingle(
      {
        betGUID: `00000000-0000-4000-8000-${String((guid += 1)).padStart(12, '0')}`,
        vid: 0,
        Summ: summ,
        Events: [{ gameId: game, outcomeId: `${game}:1x2:draw`, coef: 3.4 }],
      },
      false,
    );

  /** Places, answering 'accepted' or the refusal's error_code and its responsible details. */
  async function placeAs(bettor: { brandId: string; userId: string; currency: string }, summ: number, game = 1) {
    try {
      const answer = await place(gated, bettor, rules, single(summ, game));
      return answer.status === 'accepted'
        ? { status: 'accepted' as const, betId: answer.bets[0]?.betId ?? '' }
        : answer;
    } catch (error) {
      if (error instanceof ApiError) return { status: 'refused' as const, extra: error.extra };
      throw error;
    }
  }

  async function used(userId: string) {
    const { limits } = await protection.overview(userId, currency);
    return Object.fromEntries(limits.map((l) => [`${l.kind}/${l.period}`, l.used]));
  }

  it('of two bets at once that each fit and together pass a limit, accepts exactly one', async () => {
    const bettor = await account([{ kind: 'wager', period: 'day', amount: 10 }]);
    const answers = await Promise.all([placeAs(bettor, 6, 1), placeAs(bettor, 6, 2)]);
    expect(answers.filter((a) => a.status === 'accepted')).toHaveLength(1);
    expect(answers.find((a) => a.status === 'refused')).toMatchObject({
      extra: {
        error_code: 1603,
        responsible: {
          reason: 'wager',
          period: 'day',
          limit: 10,
          remaining: 4,
          currency,
          resetsAt: '2026-11-27T00:00:00.000Z',
        },
      },
    });
    const stakes = await ctx.db.query<{ n: string }>(`select count(*)::text as n from bets where user_id = $1`, [
      bettor.userId,
    ]);
    expect(stakes.rows[0]?.n).toBe('1');
    expect(await used(bettor.userId)).toEqual({ 'wager/day': 6 });
  });

  it('holds under load: many bets at once never take the wagers past the limit', async () => {
    const bettor = await account([{ kind: 'wager', period: 'week', amount: 25 }]);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => placeAs(bettor, 3, (i % 8) + 1)));
    expect(answers.filter((a) => a.status === 'accepted')).toHaveLength(8);
    expect(await used(bettor.userId)).toEqual({ 'wager/week': 24 });
  });

  it('keeps the running usage equal to the ledger through concurrent placements, settlements and cash-outs', async () => {
    const limits = [
      { kind: 'wager' as const, period: 'day' as const, amount: 10_000 },
      { kind: 'loss' as const, period: 'week' as const, amount: 10_000 },
    ];
    const bettors = [await account(limits), await account(limits), await account(limits)];
    const who = (i: number) => {
      const bettor = bettors[i % bettors.length];
      if (!bettor) throw new Error('no bettor');
      return bettor;
    };
    // Games 22 … 29; stakes 2.00 … 6.00.
    const first = await Promise.all(Array.from({ length: 24 }, (_, i) => placeAs(who(i), 2 + (i % 5), 22 + (i % 8))));
    expect(first.every((a) => a.status === 'accepted')).toBe(true);
    const onGame = (game: number) =>
      first.flatMap((a, i) =>
        a.status === 'accepted' && 22 + (i % 8) === game ? [{ bettor: who(i), betId: a.betId }] : [],
      );
    // Settled won, lost and void, cashed out whole and in part, while more bets are placed.
    await Promise.all([
      settlement.settleGame(22, new Map([['22:1x2:draw', 'won']]), 'lost'),
      settlement.settleGame(23, new Map(), 'lost'),
      settlement.settleGame(24, new Map(), 'returned'),
      ...onGame(25).map(({ bettor, betId }) =>
        sell({ db: ctx.db, model: () => line, clock }, bettor, rules, { SaleBetId: betId }),
      ),
      ...onGame(26).map(({ bettor, betId }) =>
        sell({ db: ctx.db, model: () => line, clock }, bettor, rules, { SaleBetId: betId, Summ: 1 }),
      ),
      ...Array.from({ length: 12 }, (_, i) => placeAs(who(i), 1 + (i % 3), 27 + (i % 3))),
    ]);
    // What the ledger says each bettor staked (bet.stake) and got back (payouts, refunds, cash-outs), this week. A
    // part sale cashes the whole bet out and stakes the rest again under a key of its own (<guid>:<line>:p1): money
    // moved, but nothing newly wagered.
    for (const bettor of bettors) {
      const ledger = await ctx.db.query<{ wager: string; loss: string }>(
        `select coalesce(-sum(p.amount) filter (where t.kind = 'bet.stake' and t.metadata->>'betGuid' !~ ':p[0-9]+$'), 0)::text
                  as wager,
                coalesce(-sum(p.amount), 0)::text as loss
           from ledger_postings p
           join ledger_transactions t on t.id = p.transaction_id
           join ledger_accounts a on a.id = p.account_id
          where a.owner_kind = 'user' and a.owner_id = $1 and a.purpose = 'main'
            and t.kind in ('bet.stake', 'bet.settle', 'bet.cashout')`,
        [bettor.userId],
      );
      const usage = await ctx.db.query<Record<string, string>>(
        `select day_wager::text, week_wager::text, month_wager::text, day_loss::text, week_loss::text, month_loss::text
           from responsible_usage where user_id = $1`,
        [bettor.userId],
      );
      const { wager, loss } = ledger.rows[0] ?? { wager: '?', loss: '?' };
      expect(Number(wager)).toBeGreaterThan(0);
      expect(usage.rows[0]).toEqual({
        day_wager: wager,
        week_wager: wager,
        month_wager: wager,
        day_loss: loss,
        week_loss: loss,
        month_loss: loss,
      });
    }
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('keeps the loss exact as bets are settled won and lost, cashed out and voided', async () => {
    const bettor = await account([
      { kind: 'loss', period: 'week', amount: 50 },
      { kind: 'wager', period: 'month', amount: 1000 },
    ]);
    // Four open bets of 10: each counts as lost until settled.
    const won = await placeAs(bettor, 10, 11);
    const lost = await placeAs(bettor, 10, 12);
    const sold = await placeAs(bettor, 10, 13);
    const voided = await placeAs(bettor, 10, 14);
    expect(await used(bettor.userId)).toEqual({ 'loss/week': 40, 'wager/month': 40 });
    // 10 more would pass the loss limit while they are open.
    expect(await placeAs(bettor, 10.01, 15)).toMatchObject({
      extra: { error_code: 1602, responsible: { reason: 'loss', remaining: 10 } },
    });

    await settlement.settleGame(11, new Map([['11:1x2:draw', 'won']]), 'lost'); // pays 34.00
    await settlement.settleGame(12, new Map(), 'lost');
    // won 10 − 34, lost 10, two open 10 + 10.
    expect(await used(bettor.userId)).toEqual({ 'loss/week': 6, 'wager/month': 40 });
    const net = await ctx.db.query<{ week_loss: string }>(
      `select week_loss::text from responsible_usage where user_id = $1`,
      [bettor.userId],
    );
    expect(net.rows[0]?.week_loss).toBe(String(4000 - 3400));

    // Cash-out at the same odds pays the stake less the 5 % margin.
    if (sold.status !== 'accepted') throw new Error('the bet to sell was not placed');
    await sell({ db: ctx.db, model: () => line, clock }, bettor, rules, { SaleBetId: sold.betId });
    await settlement.settleGame(14, new Map(), 'returned');
    const after = await ctx.db.query<{ week_loss: string; week_wager: string }>(
      `select week_loss::text, week_wager::text from responsible_usage where user_id = $1`,
      [bettor.userId],
    );
    // won 10 − 34, lost 10, sold 10 − 9.50, voided 10 − 10.
    expect(after.rows[0]).toEqual({ week_loss: String(1000 - 3400 + 1000 + 50 + 0), week_wager: '4000' });
    expect(after.rows[0]?.week_loss).toBe(String(await summedLoss(bettor.userId)));
    expect(won.status).toBe('accepted');
    expect(voided.status).toBe('accepted');
    expect(lost.status).toBe('accepted');
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('counts what a part sale paid back, and the rest once settled', async () => {
    const bettor = await account([{ kind: 'loss', period: 'day', amount: 100 }]);
    const bet = await placeAs(bettor, 20, 21);
    if (bet.status !== 'accepted') throw new Error('not placed');
    await sell({ db: ctx.db, model: () => line, clock }, bettor, rules, { SaleBetId: bet.betId, Summ: 5 });
    // 5 of the 20 sold for 4.75: 20 − 4.75 at stake.
    expect(await used(bettor.userId)).toEqual({ 'loss/day': 15.25 });
    await settlement.settleGame(21, new Map([['21:1x2:draw', 'won']]), 'lost'); // the rest, 15, pays 51.00
    const row = await ctx.db.query<{ day_loss: string }>(
      `select day_loss::text from responsible_usage where user_id = $1`,
      [bettor.userId],
    );
    expect(row.rows[0]?.day_loss).toBe(String(2000 - 475 - 5100));
    expect(row.rows[0]?.day_loss).toBe(String(await summedLoss(bettor.userId)));
  });

  it('starts each period afresh at local midnight, and a bet of the last period settled later changes nothing', async () => {
    const bettor = await account([
      { kind: 'wager', period: 'day', amount: 10 },
      { kind: 'loss', period: 'week', amount: 25 },
    ]);
    try {
      expect(await placeAs(bettor, 8, 31)).toMatchObject({ status: 'accepted' });
      expect(await placeAs(bettor, 5, 32)).toMatchObject({
        extra: { error_code: 1603, responsible: { period: 'day', remaining: 2 } },
      });
      now = new Date('2026-11-27T00:00:01Z'); // Friday: a new day, the same week
      expect(await used(bettor.userId)).toEqual({ 'wager/day': 0, 'loss/week': 8 });
      expect(await placeAs(bettor, 9, 33)).toMatchObject({ status: 'accepted' });
      await settlement.settleGame(31, new Map(), 'returned'); // Thursday's bet voided: the week's loss gives it back
      expect(await used(bettor.userId)).toEqual({ 'wager/day': 9, 'loss/week': 9 });
      expect(await placeAs(bettor, 10, 34)).toMatchObject({
        extra: { error_code: 1603, responsible: { period: 'day', remaining: 1, resetsAt: '2026-11-28T00:00:00.000Z' } },
      });
      now = new Date('2026-11-30T09:00:00Z'); // Monday: a new week
      expect(await placeAs(bettor, 10, 35)).toMatchObject({ status: 'accepted' });
      await settlement.settleGame(33, new Map([['33:1x2:draw', 'won']]), 'lost'); // last week's bet won: not this week's
      expect(await used(bettor.userId)).toEqual({ 'wager/day': 10, 'loss/week': 10 });
    } finally {
      now = new Date('2026-11-26T10:00:00Z');
    }
  });

  it('counts the bets placed before the first checked one (an account from before the running usage)', async () => {
    const bettor = await account([]);
    // Placed without player protection: counted nowhere until the account's first gated stake sums them once.
    const plain = { db: ctx.db, model: () => line, clock };
    await place(plain, bettor, rules, single(7, 41));
    await place(plain, bettor, rules, single(4, 42));
    await settlement.settleGame(42, new Map(), 'lost');
    const who = { accountId: bettor.userId, brandId, country: 'gb', currency };
    await protection.setLimit(who, { kind: 'loss', period: 'day', amount: 15 });
    expect(await used(bettor.userId)).toEqual({ 'loss/day': 11 });
    expect(await placeAs(bettor, 5, 43)).toMatchObject({ extra: { error_code: 1602, responsible: { remaining: 4 } } });
    expect(await placeAs(bettor, 4, 43)).toMatchObject({ status: 'accepted' });
    // The bets summed carry their periods now: voiding the first gives its stake back.
    await settlement.settleGame(41, new Map(), 'returned');
    expect(await used(bettor.userId)).toEqual({ 'loss/day': 8 });
  });

  /** The week's net loss of the account's bets, summed from the rows (the reference the running usage must equal). */
  async function summedLoss(userId: string): Promise<number> {
    const res = await ctx.db.query<{ loss: string }>(
      `select coalesce(sum(original_stake - case when status = 'sold' then sold_amount else coalesce(payout, 0) + sold_amount end), 0)::text as loss
         from bets where user_id = $1 and status <> 'rejected'`,
      [userId],
    );
    return Number(res.rows[0]?.loss);
  }
});
