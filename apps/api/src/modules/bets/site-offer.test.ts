import { randomUUID } from 'node:crypto';
import { describeEachDatabase, type Database } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import {
  buildBetsApp,
  eurBalance,
  fund,
  GAME_IDS,
  HOST,
  OFFER_GAMES,
  outcome,
  signUp,
  until,
  type ScriptedFeed,
} from './testing/bets-test-kit';

// Issue 12, item 1: one rule (siteOfferFor, ADR 0190) decides what a bettor's brand × country shows and takes bets on.
// betbet in `at` disallows tennis, switches off cyber, virtual and live; in `ch` the pre-match line is off.

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';
const MULTI = '/service-api/LiveBet/Secure/MakeBetWebMulti';
const VIP = '/service-api/LiveBet/Secure/MakeBetBidWeb';
const SAVE = '/service-api/LiveBet/Open/SaveCoupon';
const LOAD = '/service-api/LiveBet/Open/GetCoupon';
const UPDATE = '/service-api/LiveBet/Open/UpdateCoupon';
const SALE_INFO = '/service-api/LiveBet/Secure/GetSaleInfo';
const SALE = '/service-api/LiveBet/Secure/SaleBet';

const TABLES = ['bets', 'bet_selections', 'ledger_transactions', 'ledger_postings', 'ledger_balances', 'saved_coupons'];

/** A fingerprint of every table a bet, a sale or a saved coupon writes: any write changes it. */
async function fingerprint(db: Database): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await db.query<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
    );
    parts.push(`${table}=${rows[0]?.n}:${rows[0]?.h ?? ''}`);
  }
  return parts.join(' ');
}

const event = (g: number, code: 'home' | 'draw' | 'away' = 'home', coef = 2) => ({
  gameId: g,
  outcomeId: outcome(g, code),
  coef,
});

/** Every placement path of the API with the game under test among its events (`other` are visible pre-match games). */
function placements(
  hidden: number,
  other: readonly [number, number],
): Array<[string, string, Record<string, unknown>]> {
  const [a, b] = other;
  const base = { CheckCf: 2 };
  return [
    ['single', MAKE, { ...base, betGUID: randomUUID(), vid: 0, Summ: 5, Events: [event(hidden)] }],
    ['express', MAKE, { ...base, betGUID: randomUUID(), vid: 1, Summ: 5, Events: [event(a), event(hidden)] }],
    [
      'system',
      MAKE,
      { ...base, betGUID: randomUUID(), vid: 2, expressNum: 2, Summ: 5, Events: [event(a), event(b), event(hidden)] },
    ],
    ['anti-express', MAKE, { ...base, betGUID: randomUUID(), vid: 3, Summ: 5, Events: [event(a), event(hidden)] }],
    [
      'auto-bet',
      MAKE,
      { ...base, betGUID: randomUUID(), vid: 0, Summ: 5, isAutoBet: true, autoBetCf: 2.5, Events: [event(hidden)] },
    ],
    ['advance', MAKE, { ...base, betGUID: randomUUID(), vid: 0, Summ: 500, avanceBet: true, Events: [event(hidden)] }],
    [
      'one-click',
      MAKE,
      { ...base, betGUID: randomUUID(), vid: 0, Summ: 5, OneClickBet: true, Events: [event(hidden)] },
    ],
    ['VIP', VIP, { ...base, betGUID: randomUUID(), vid: 0, VIPBetSumm: 5, Events: [event(hidden)] }],
    [
      'multi',
      MULTI,
      {
        ...base,
        betGUID: randomUUID(),
        coupons: [
          { vid: 0, Summ: 5, Events: [event(a)] },
          { vid: 0, Summ: 5, Events: [event(hidden)] },
        ],
      },
    ],
  ];
}

describeEachDatabase('bets on games the bettor cannot see', (ctx) => {
  let app: FastifyInstance;
  let feed: ScriptedFeed;
  // Pre-match football games any country but `ch` shows; one more is kicked off as the live game.
  const [visibleA, visibleB, liveGame, saleGame, vipGame, autoGame] = GAME_IDS as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  beforeAll(async () => {
    ({ app, feed } = await buildBetsApp(ctx.db, { offerGames: true }));
    feed.start(liveGame);
  });
  afterAll(async () => {
    await app.close();
  });

  async function refusedEverywhere(
    browser: Browser,
    hidden: number,
    what: string,
    other: readonly [number, number],
  ): Promise<void> {
    for (const [path, url, body] of placements(hidden, other)) {
      const res = await browser.post(url, body);
      expect(res.statusCode, `${what} through ${path}`).toBe(422);
      expect(res.json(), `${what} through ${path}`).toMatchObject({
        message: 'Bet refused',
        error_code: 1020,
        detail: expect.stringMatching(/^game_closed: /),
      });
    }
  }

  it('item 1: every placement path refuses a disallowed sport, cyber, virtual and live game in at, and a pre-match game in ch, changing nothing', async () => {
    const { browser: kz, userId: kzId } = await signUp(app, 'kz');
    const { browser: at, userId: atId } = await signUp(app, 'at');
    const { browser: ch, userId: chId } = await signUp(app, 'ch');
    for (const id of [kzId, atId, chId]) await fund(ctx.db, id, 100);
    const before = await fingerprint(ctx.db);

    for (const [what, hidden] of [
      ['tennis (disallowed in at)', OFFER_GAMES.tennis],
      ['cyber (off in at)', OFFER_GAMES.cyber],
      ['virtual (off in at)', OFFER_GAMES.virtual],
      ['a live game (live off in at)', liveGame],
    ] as const) {
      await refusedEverywhere(at, hidden, what, [visibleA, visibleB]);
    }
    // In ch the line is off: every pre-match game is hidden, the visible ones included.
    await refusedEverywhere(ch, visibleA, 'a pre-match game (line off in ch)', [visibleB, saleGame]);

    expect(await fingerprint(ctx.db)).toBe(before);
    expect(await eurBalance(at)).toBe(100);
    expect(await eurBalance(ch)).toBe(100);

    // The same bets are taken where the brand offers them: from kz on tennis, from at on a pre-match football game.
    const onTennis = await kz.post(MAKE, {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 5,
      CheckCf: 2,
      Events: [event(OFFER_GAMES.tennis)],
    });
    expect(onTennis.json()).toMatchObject({ status: 'accepted' });
    const onCyber = await kz.post(MULTI, {
      betGUID: randomUUID(),
      CheckCf: 2,
      coupons: [
        { vid: 0, Summ: 5, Events: [event(OFFER_GAMES.cyber)] },
        { vid: 1, Summ: 5, Events: [event(visibleA), event(OFFER_GAMES.virtual)] },
      ],
    });
    expect(onCyber.json()).toMatchObject({ status: 'accepted' });
    const atFootball = await at.post(MAKE, {
      betGUID: randomUUID(),
      vid: 1,
      Summ: 5,
      CheckCf: 2,
      Events: [event(visibleA), event(visibleB)],
    });
    expect(atFootball.json()).toMatchObject({ status: 'accepted' });
    expect(await eurBalance(at)).toBe(95);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('item 1: coupons save, load and update only games the bettor can see', async () => {
    const { browser: kz } = await signUp(app, 'kz');
    const { browser: at } = await signUp(app, 'at');
    const before = await fingerprint(ctx.db);

    for (const hidden of [OFFER_GAMES.tennis, OFFER_GAMES.cyber, OFFER_GAMES.virtual, liveGame]) {
      const saved = await at.post(SAVE, { vid: 1, Summ: 5, Events: [event(visibleA), event(hidden)] });
      expect(saved.statusCode, `save ${hidden}`).toBe(422);
      expect(saved.json()).toMatchObject({ error_code: 1020, detail: expect.stringMatching(/^game_closed: /) });
    }
    // A guest of ch (the country cookie) cannot save pre-match games either.
    const guest = await app.inject({
      method: 'POST',
      url: SAVE,
      headers: { host: HOST, origin: `https://${HOST}`, cookie: 'tessera_country=ch' },
      payload: { vid: 0, Summ: 5, Events: [event(visibleA)] },
    });
    expect(guest.statusCode).toBe(422);
    expect(await fingerprint(ctx.db)).toBe(before);

    // A coupon saved in kz with tennis and football, loaded and updated in at: tennis reads as a game the line lacks.
    const code = (await kz.post(SAVE, { vid: 1, Summ: 5, Events: [event(visibleA), event(OFFER_GAMES.tennis)] })).json()
      .CouponCode as string;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const hiddenLine = { gameId: OFFER_GAMES.tennis, finished: true, blocked: true, live: false };
    const loadedAt = (await at.post(LOAD, { CouponCode: code })).json();
    expect(loadedAt.events[0]).toMatchObject({
      gameId: visibleA,
      finished: false,
      blocked: false,
      home: `Home ${visibleA}`,
    });
    expect(loadedAt.events[1]).toMatchObject(hiddenLine);
    expect(loadedAt.events[1]).not.toHaveProperty('home');
    const loadedKz = (await kz.post(LOAD, { CouponCode: code })).json();
    expect(loadedKz.events[1]).toMatchObject({
      gameId: OFFER_GAMES.tennis,
      finished: false,
      blocked: false,
      home: `Home ${OFFER_GAMES.tennis}`,
    });

    const updated = (
      await at.post(UPDATE, { Events: [event(OFFER_GAMES.cyber), event(liveGame), event(visibleB)] })
    ).json();
    expect(updated.events[0]).toMatchObject({ ...hiddenLine, gameId: OFFER_GAMES.cyber });
    expect(updated.events[1]).toMatchObject({ gameId: liveGame, finished: true, blocked: true });
    expect(updated.events[2]).toMatchObject({ gameId: visibleB, finished: false, blocked: false });
    const updatedKz = (await kz.post(UPDATE, { Events: [event(OFFER_GAMES.cyber), event(liveGame)] })).json();
    expect(updatedKz.events).toMatchObject([
      { finished: false, blocked: false },
      { finished: false, live: true },
    ]);
  });

  it('item 1: a bet whose game went live is not sold where live is off, and nothing moves', async () => {
    const { browser: kz, userId: kzId } = await signUp(app, 'kz');
    const { browser: at, userId: atId } = await signUp(app, 'at');
    for (const id of [kzId, atId]) await fund(ctx.db, id, 50);
    const place = async (browser: Browser) => {
      const res = await browser.post(MAKE, {
        betGUID: randomUUID(),
        vid: 0,
        Summ: 10,
        CheckCf: 2,
        Events: [event(saleGame)],
      });
      expect(res.json()).toMatchObject({ status: 'accepted' });
      return (res.json() as { bets: Array<{ betId: string }> }).bets[0]?.betId as string;
    };
    const atBet = await place(at);
    const kzBet = await place(kz);
    expect((await at.post(SALE_INFO, { SaleBetId: atBet })).statusCode).toBe(200);

    feed.start(saleGame);
    const before = await fingerprint(ctx.db);
    for (const [url, body] of [
      [SALE_INFO, { SaleBetId: atBet }],
      [SALE, { SaleBetId: atBet }],
      [SALE, { SaleBetId: atBet, Summ: 5 }],
    ] as const) {
      const res = await at.post(url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 1030, detail: expect.stringMatching(/^sale_unavailable: /) });
    }
    const history = (await at.post('/officeapi/getbetshistory', {})).json() as {
      items: Array<{ betId: string; canSale: boolean }>;
    };
    expect(history.items.find((b) => b.betId === atBet)?.canSale).toBe(false);
    expect(await fingerprint(ctx.db)).toBe(before);
    expect(await eurBalance(at)).toBe(40);

    // In kz, where live is on, the same bet on the same game sells.
    const sold = await kz.post(SALE, { SaleBetId: kzBet });
    expect(sold.json()).toMatchObject({ status: 'sold' });
  });

  it('item 1: a VIP bet or an auto-bet held over the kick-off does not stand where live betting is off', async () => {
    const { browser: kz, userId: kzId } = await signUp(app, 'kz');
    const { browser: at, userId: atId } = await signUp(app, 'at');
    for (const id of [kzId, atId]) await fund(ctx.db, id, 3000);
    const statusOf = async (browser: Browser, betGUID: string) =>
      ((await browser.post('/service-api/LiveBet/Secure/GetBetStatus', { betGUID })).json() as { status: string })
        .status;

    // VIP bids above the maximum stake (1,000) on a pre-match game, decided by the development desk after the kick-off.
    const vip = async (browser: Browser) => {
      const betGUID = randomUUID();
      expect(
        (await browser.post(VIP, { betGUID, vid: 0, VIPBetSumm: 2000, CheckCf: 2, Events: [event(vipGame)] })).json(),
      ).toMatchObject({ status: 'waiting' });
      return betGUID;
    };
    const [atVip, kzVip] = [await vip(at), await vip(kz)];
    feed.start(vipGame);
    await until(
      async () => (await statusOf(kz, kzVip)) !== 'waiting' && (await statusOf(at, atVip)) !== 'waiting',
      'the desk to decide both VIP bets',
      1500,
    );
    expect(await statusOf(kz, kzVip)).toBe('accepted');
    expect(await statusOf(at, atVip)).toBe('rejected');
    expect(await eurBalance(at)).toBe(3000);

    // Auto-bets waiting for 2.5 on a pre-match game; the odds reach it once the game is live.
    const auto = async (browser: Browser) => {
      const betGUID = randomUUID();
      expect(
        (
          await browser.post(MAKE, {
            betGUID,
            vid: 0,
            Summ: 10,
            isAutoBet: true,
            autoBetCf: 2.5,
            Events: [event(autoGame)],
          })
        ).json(),
      ).toMatchObject({ status: 'waiting' });
      return betGUID;
    };
    const [atAuto, kzAuto] = [await auto(at), await auto(kz)];
    feed.start(autoGame);
    feed.setOdds(outcome(autoGame, 'home'), 3);
    await until(async () => (await statusOf(kz, kzAuto)) === 'accepted', 'the kz auto-bet to stand');
    expect(await statusOf(at, atAuto)).toBe('waiting');
    // When the game ends the at bettor's auto-bet, never accepted, gives its stake back.
    feed.finish(autoGame, { home: 1, away: 0 }, { [outcome(autoGame, 'home')]: 'won' });
    await until(async () => (await statusOf(at, atAuto)) === 'rejected', 'the held auto-bet to be returned');
    expect(await eurBalance(at)).toBe(3000);
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });
});
