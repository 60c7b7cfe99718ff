import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { blackjack, FairRandom, hashServerSeed, newServerSeed, SLOTS } from '@tessera/server/casino-games';
import { describeEachDatabase, type Database } from '@tessera/server/db';
import {
  findTransactionByKey,
  getAccountBalance,
  platformAccount,
  recordDeposit,
  userAccount,
  verifyLedger,
} from '@tessera/server/ledger';
import { PlayerProtection } from '@tessera/server/responsible';
import { expect, it } from 'vitest';
import { CasinoRounds, type RoundView } from './casino-rounds.service';
import { insertSeed, lockActiveSeed, revealSeed } from './casino.repository';

const currency = 'EUR';
const slot = SLOTS[0]?.info.id ?? 'aurora-gems';

let nextUser = Date.now() * 1000;

/** A player with an account id shaped as the accounts module's (numeric), unique per test. */
function player() {
  nextUser += 1;
  return { brandId: `casino-${randomUUID().slice(0, 8)}`, userId: String(nextUser), currency };
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.statusCode, code: String(error.extra.detail ?? '').split(':')[0] ?? '' };
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('casino rounds', (ctx) => {
  const rounds = () => new CasinoRounds({ db: ctx.db });
  const balance = (userId: string) => getAccountBalance(ctx.db, userAccount(userId, currency));
  const fund = async (p: ReturnType<typeof player>, amount: number) =>
    recordDeposit(ctx.db, { ...p, amount, provider: 'test', reference: randomUUID() });
  /** Waits until `n` sessions of this (PostgreSQL) test database wait for a lock. */
  const lockWaiters = async (n: number) => {
    for (let i = 0; i < 500; i++) {
      const { rows } = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.n ?? 0) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`fewer than ${n} sessions waited for a lock within 5 s`);
  };

  /** Plays blackjack hands until one is dealt open (a natural settles at the deal). */
  async function openHand(service: CasinoRounds, p: ReturnType<typeof player>): Promise<RoundView> {
    for (;;) {
      const round = await service.play(p, { roundId: randomUUID(), gameId: 'blackjack', bet: { stake: 100 } });
      if (round.status === 'open') return round;
    }
  }

  /** An open hand past any insurance offer, waiting for the player's decision. */
  async function decisionHand(service: CasinoRounds, p: ReturnType<typeof player>): Promise<RoundView> {
    for (;;) {
      let round = await openHand(service, p);
      if ((round.outcome as { allowed: string[] }).allowed.includes('noInsurance'))
        round = await service.act(p, { roundId: round.roundId, step: 0, action: 'noInsurance' });
      if (round.status === 'open') return round;
    }
  }

  it('an instant round is one ledger transaction of stake and win, once per round id', async () => {
    const p = player();
    await fund(p, 10_000);
    const service = rounds();
    const seed = await service.seed(p.userId);
    const roundId = randomUUID();
    const round = await service.play(p, { roundId, gameId: slot, bet: { stake: 200 } });
    expect(round).toMatchObject({
      status: 'settled',
      stake: 200,
      nonce: 0,
      serverSeedHash: seed.serverSeedHash,
      replayed: false,
    });
    expect(await balance(p.userId)).toBe(10_000 - 200 + (round.win ?? 0));
    const tx = await findTransactionByKey(ctx.db, `casino.round:${roundId}`);
    expect(tx?.kind).toBe('casino.round');
    const again = await service.play(p, { roundId, gameId: slot, bet: { stake: 200 } });
    expect(again).toMatchObject({ ...round, replayed: true });
    expect(await balance(p.userId)).toBe(10_000 - 200 + (round.win ?? 0));
    expect((await service.seed(p.userId)).nextNonce).toBe(1);
    expect(await refusal(service.play(p, { roundId, gameId: slot, bet: { stake: 400 } }))).toEqual({
      status: 409,
      code: 'round_id_taken',
    });
    expect(await refusal(service.play(player(), { roundId, gameId: slot, bet: { stake: 200 } }))).toMatchObject({
      code: 'round_id_taken',
    });
  });

  it('refuses a stake above the balance, even for a round that would win, and writes nothing', async () => {
    const p = player();
    await fund(p, 100);
    const service = rounds();
    expect(
      await refusal(service.play(p, { roundId: randomUUID(), gameId: 'crash', bet: { stake: 200, target: 101 } })),
    ).toEqual({
      status: 422,
      code: 'above_balance',
    });
    expect(await balance(p.userId)).toBe(100);
    expect((await service.seed(p.userId)).nextNonce).toBe(0);
    expect(await refusal(service.play(p, { roundId: randomUUID(), gameId: slot, bet: { stake: 30 } }))).toEqual({
      status: 422,
      code: 'invalid_bet',
    });
    expect(await refusal(service.play(p, { roundId: randomUUID(), gameId: 'poker', bet: {} }))).toEqual({
      status: 404,
      code: 'game_not_found',
    });
  });

  it('asks the responsible-gambling stake gate before every stake: a locked player cannot play', async () => {
    const p = player();
    await fund(p, 1_000);
    const protection = new PlayerProtection({
      db: ctx.db,
      clock: () => new Date(),
      settingsFor: () => {
        throw new Error('the stake gate reads no brand settings here');
      },
    });
    const asked: number[] = [];
    const service = new CasinoRounds({
      db: ctx.db,
      stakeGates: [
        (input) => {
          asked.push(input.stakeMinor);
          return protection.stakeGate(input);
        },
      ],
    });
    await service.play(p, {
      roundId: randomUUID(),
      gameId: 'european-roulette',
      bet: { bets: [{ type: 'red', amount: 100 }] },
    });
    expect(asked).toEqual([100]);
    // A 24-hour time-out, as the office's lock writes it.
    await ctx.db.query(
      `insert into responsible_blocks (id, user_id, brand_id, kind, starts_at, ends_at, created_at)
       values ($1, $2, $3, 'timeout', now() - interval '1 minute', now() + interval '1 day', now())`,
      [randomUUID(), p.userId, p.brandId],
    );
    protection.invalidate(p.userId);
    const before = await balance(p.userId);
    expect(
      await refusal(
        service.play(p, {
          roundId: randomUUID(),
          gameId: 'european-roulette',
          bet: { bets: [{ type: 'red', amount: 100 }] },
        }),
      ),
    ).toEqual({
      status: 403,
      code: 'play_locked',
    });
    expect(await balance(p.userId)).toBe(before);
  });

  it('a blackjack hand holds its stakes until it ends, then settles once', async () => {
    const p = player();
    await fund(p, 10_000);
    const service = rounds();
    const dealt = await openHand(service, p);
    const afterDeal = await balance(p.userId);
    expect(await getAccountBalance(ctx.db, platformAccount(p.brandId, currency, 'casino_held'))).toBe(100);
    let round = dealt;
    while (round.status === 'open') {
      const view = round.outcome as { allowed: string[] };
      const action = view.allowed.includes('noInsurance')
        ? 'noInsurance'
        : view.allowed.includes('double')
          ? 'double'
          : 'stand';
      round = await service.act(p, { roundId: round.roundId, step: round.step, action });
    }
    expect(await getAccountBalance(ctx.db, platformAccount(p.brandId, currency, 'casino_held'))).toBe(0);
    expect(await balance(p.userId)).toBe(afterDeal - (round.stake - 100) + (round.win ?? 0));
    expect(await findTransactionByKey(ctx.db, `casino.settle:${round.roundId}`)).toBeDefined();
    expect(await refusal(service.act(p, { roundId: round.roundId, step: round.step, action: 'hit' }))).toEqual({
      status: 409,
      code: 'round_settled',
    });
  });

  it('a double asks the stake gates for its extra stake; a refusal leaves the hand as it was', async () => {
    const p = player();
    await fund(p, 10_000);
    let refuse = false;
    const asked: number[] = [];
    const service = new CasinoRounds({
      db: ctx.db,
      stakeGates: [
        async (input) => {
          asked.push(input.stakeMinor);
          return refuse
            ? new ApiError(403, 'Play is locked on this account', { detail: 'play_locked: test' })
            : undefined;
        },
      ],
    });
    const round = await decisionHand(service, p);
    refuse = true;
    expect(await refusal(service.act(p, { roundId: round.roundId, step: round.step, action: 'double' }))).toEqual({
      status: 403,
      code: 'play_locked',
    });
    expect(await service.round(p.userId, round.roundId)).toMatchObject({ step: round.step, stake: 100 });
    refuse = false;
    const doubled = await service.act(p, { roundId: round.roundId, step: round.step, action: 'double' });
    expect(doubled.stake).toBe(200);
    expect(asked.slice(-2)).toEqual([100, 100]);
    // A stand adds no stake and asks no gate.
    expect(asked.every((s) => s === 100)).toBe(true);
  });

  it('a decision retried at the same step answers the round as it stands; another decision there is refused', async () => {
    const p = player();
    await fund(p, 10_000);
    const service = rounds();
    const round = await decisionHand(service, p);
    const step = round.step;
    const first = await service.act(p, { roundId: round.roundId, step, action: 'stand' });
    const retry = await service.act(p, { roundId: round.roundId, step, action: 'stand' });
    expect(retry).toMatchObject({ ...first, replayed: true });
    expect(await refusal(service.act(p, { roundId: round.roundId, step, action: 'hit' }))).toEqual({
      status: 409,
      code: 'round_step_mismatch',
    });
  });

  it('a crash between the stake and the round row loses neither: nothing is written, and the retry plays the same draw once', async () => {
    const p = player();
    await fund(p, 10_000);
    let crash = true;
    const failing = new CasinoRounds({
      db: ctx.db,
      faults: {
        afterPosting: () => {
          if (crash) throw new Error('process killed');
        },
      },
    });
    const roundId = randomUUID();
    await expect(failing.play(p, { roundId, gameId: slot, bet: { stake: 200 } })).rejects.toThrow('process killed');
    expect(await balance(p.userId)).toBe(10_000);
    expect(await findTransactionByKey(ctx.db, `casino.round:${roundId}`)).toBeUndefined();
    crash = false;
    // After the restart the client retries the same round id: the nonce was not used, so the draw is the same.
    const round = await rounds().play(p, { roundId, gameId: slot, bet: { stake: 200 } });
    expect(round.nonce).toBe(0);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('an open hand survives a restart: a new service resumes it, and a crash mid-decision is retried once', async () => {
    const p = player();
    await fund(p, 10_000);
    const dealt = await decisionHand(rounds(), p);
    // A fresh service is a restarted server: the hand comes back from the database with the hole card hidden.
    const restarted = rounds();
    const [open] = await restarted.openRounds(p.userId);
    expect(open).toMatchObject({ roundId: dealt.roundId, status: 'open', step: dealt.step, outcome: dealt.outcome });
    expect((open?.outcome as { dealer: (string | null)[] }).dealer[1]).toBeNull();
    const round = open as RoundView;
    const failing = new CasinoRounds({
      db: ctx.db,
      faults: { afterPosting: () => Promise.reject(new Error('killed')) },
    });
    await expect(failing.act(p, { roundId: round.roundId, step: round.step, action: 'stand' })).rejects.toThrow(
      'killed',
    );
    expect((await restarted.round(p.userId, round.roundId)).step).toBe(round.step);
    const settled = await restarted.act(p, { roundId: round.roundId, step: round.step, action: 'stand' });
    expect(settled.status).toBe('settled');
    const held = await getAccountBalance(ctx.db, platformAccount(p.brandId, currency, 'casino_held'));
    expect(held).toBe(0);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('rotating the seed pair reveals it, and every round played with it verifies', async () => {
    const p = player();
    await fund(p, 100_000);
    const service = rounds();
    const played = [
      await service.play(p, { roundId: randomUUID(), gameId: 'aurora-gems', bet: { stake: 100 } }),
      await service.play(p, { roundId: randomUUID(), gameId: 'harbour-fruits', bet: { stake: 100 } }),
      await service.play(p, {
        roundId: randomUUID(),
        gameId: 'european-roulette',
        bet: { bets: [{ type: 'split', numbers: [0, 2], amount: 50 }] },
      }),
      await service.play(p, { roundId: randomUUID(), gameId: 'crash', bet: { stake: 100, target: 200 } }),
    ];
    let hand = await openHand(service, p);
    expect(await refusal(service.rotateSeed(p.userId))).toEqual({ status: 409, code: 'round_open' });
    while (hand.status === 'open') {
      const allowed = (hand.outcome as { allowed: string[] }).allowed;
      hand = await service.act(p, {
        roundId: hand.roundId,
        step: hand.step,
        action: allowed.includes('noInsurance') ? 'insurance' : 'hit',
      });
    }
    played.push(hand);
    expect(await refusal(service.verify(p.userId, hand.roundId))).toEqual({ status: 409, code: 'seed_not_revealed' });
    const before = await service.seed(p.userId);
    const { revealed, next } = await service.rotateSeed(p.userId, 'my-own-seed');
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(revealed.rounds).toBe(before.nextNonce);
    expect(next).toMatchObject({ clientSeed: 'my-own-seed', nextNonce: 0 });
    expect(next.serverSeedHash).not.toBe(before.serverSeedHash);
    for (const round of played) {
      const check = await service.verify(p.userId, round.roundId);
      expect(check.verified, round.gameId).toBe(true);
      expect(check.recomputed.win).toBe(round.win);
    }
    // The stored blackjack hand is the one the revealed seed deals.
    const replayed = blackjack.replay(
      new FairRandom({ serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: hand.nonce }),
      { stake: 100 },
      (await service.verify(p.userId, hand.roundId)).actions,
    );
    expect(replayed.settlement?.win).toBe(hand.win);
    // A round whose stored result was altered no longer verifies.
    await ctx.db.query('update casino_rounds set win = win + 1 where id = $1', [played[0]?.roundId]);
    expect((await service.verify(p.userId, played[0]?.roundId ?? '')).verified).toBe(false);
    await ctx.db.query('update casino_rounds set win = win - 1 where id = $1', [played[0]?.roundId]);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('a rotation that waited while other requests rotated the pair twice rotates the newest pair', async () => {
    // The bad-input drill sends a player's valid rotations at once. On PostgreSQL a rotation that waited for the
    // pair's lock finds the row revealed (the new pair is outside its snapshot), its insert meets the new pair, and
    // when a third request rotated that one meanwhile, the look after the insert found no pair either: a 500, which
    // the drill re-sent among the refused requests, where it then wrote casino_seeds.
    const p = player();
    await rounds().rotateSeed(p.userId, 'start');
    let rivalsDone = 0;
    /** Another request's rotation in its own transaction: locks the active pair, reveals it, opens the next. */
    const rival = (whileHeld: () => Promise<void>) =>
      ctx.db.transaction(async (tx) => {
        const held = await lockActiveSeed(tx, p.userId);
        if (!held) throw new Error('no active pair');
        await whileHeld();
        await revealSeed(tx, held.id, new Date());
        const serverSeed = newServerSeed();
        await insertSeed(tx, {
          userId: p.userId,
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          clientSeed: `rival-${++rivalsDone}`,
          at: new Date(),
        });
      });
    let rotation: Awaited<ReturnType<CasinoRounds['rotateSeed']>>;
    if (ctx.engine === 'postgres') {
      // Before each of the rotation's first two looks for the pair, a rival locks the pair; the look waits for it,
      // and the rival rotates the pair under the waiting look.
      const rivals: Promise<void>[] = [];
      let looks = 0;
      const beforeLook = async (): Promise<void> => {
        if (++looks > 2) return;
        let locked!: () => void;
        const held = new Promise<void>((resolve) => (locked = resolve));
        rivals.push(
          rival(async () => {
            locked();
            await lockWaiters(1);
          }),
        );
        await held;
      };
      const gated: Database = {
        ...ctx.db,
        transaction: (work) =>
          ctx.db.transaction((tx) =>
            work({
              exec: (sql) => tx.exec(sql),
              query: async (sql, params) => {
                if (/from casino_seeds .* for update/s.test(sql)) await beforeLook();
                return tx.query(sql, params);
              },
            }),
          ),
      };
      const answer = await Promise.allSettled([new CasinoRounds({ db: gated }).rotateSeed(p.userId, 'mine')]);
      await Promise.all(rivals);
      if (answer[0].status === 'rejected') throw answer[0].reason;
      rotation = answer[0].value;
      expect(looks).toBeGreaterThanOrEqual(3);
    } else {
      // PGlite runs one transaction at a time: the rivals' rotations come whole before or after, never under a look.
      await rival(async () => undefined);
      await rival(async () => undefined);
      rotation = await rounds().rotateSeed(p.userId, 'mine');
    }
    expect(rotation.revealed).toMatchObject({ clientSeed: 'rival-2', rounds: 0 });
    expect(rotation.next).toMatchObject({ clientSeed: 'mine', nextNonce: 0 });
    const { rows } = await ctx.db.query<{ active: number; pairs: number }>(
      `select count(*) filter (where revealed_at is null)::int as active, count(*)::int as pairs
       from casino_seeds where user_id = $1`,
      [p.userId],
    );
    // The first rotation's two pairs, one per rival, and this rotation's new one: only that one active.
    expect(rows[0]).toEqual({ active: 1, pairs: 5 });
  });

  it('lists the casino history newest first, paged', async () => {
    const p = player();
    await fund(p, 10_000);
    let at = Date.parse('2026-11-26T08:00:00Z');
    const service = new CasinoRounds({ db: ctx.db, clock: () => new Date((at += 1000)) });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await service.play(p, { roundId: randomUUID(), gameId: 'crash', bet: { stake: 10, target: 300 } });
      ids.push(r.roundId);
    }
    const first = await service.history(p.userId, { limit: 3 });
    expect(first.map((r) => r.roundId)).toEqual(ids.slice(2).reverse());
    const rest = await service.history(p.userId, { limit: 3, before: first[2]?.roundId });
    expect(rest.map((r) => r.roundId)).toEqual(ids.slice(0, 2).reverse());
  });
});
