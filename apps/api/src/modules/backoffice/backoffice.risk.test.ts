import { randomUUID } from 'node:crypto';
import { verifyAuditChain } from '@tessera/server/backoffice';
import { ConsoleVipDesk } from '@tessera/server/bets';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import {
  buildBetsApp,
  eurBalance as balance,
  fund,
  GAME_IDS,
  outcome,
  signUp,
  until,
} from '../bets/testing/bets-test-kit';
import { type ConsoleBrowser, signedInOperator } from './testing/backoffice-test-kit';

const BID = '/service-api/LiveBet/Secure/MakeBetBidWeb';
const STATUS = '/service-api/LiveBet/Secure/GetBetStatus';

describeEachDatabase('console risk desk: VIP bets decided by a trader, bet search, liability', (ctx) => {
  let app: FastifyInstance;
  let risk: ConsoleBrowser;
  let support: ConsoleBrowser;
  let viewer: ConsoleBrowser;
  let nextGame = 0;
  const now = () => new Date();
  const game = (): number => {
    const id = GAME_IDS[nextGame++];
    if (id === undefined) throw new Error('out of scripted games');
    return id;
  };

  beforeAll(async () => {
    ({ app } = await buildBetsApp(ctx.db, { vipDesk: new ConsoleVipDesk() }));
    risk = (await signedInOperator(app, now, 'risk')).browser;
    support = (await signedInOperator(app, now, 'support')).browser;
    viewer = (await signedInOperator(app, now, 'viewer')).browser;
  });
  afterAll(() => app.close());

  /** A bettor with 5,000 EUR who asks for a VIP bet of `summ` EUR at 2.0 on a fresh game; held for the console. */
  async function heldBid(summ = 3000): Promise<{ browser: Browser; userId: string; betId: string; guid: string }> {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 5000);
    const g = game();
    const placed = await browser.post(BID, {
      betGUID: randomUUID(),
      vid: 0,
      VIPBetSumm: summ,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(placed.json(), placed.body).toMatchObject({ status: 'waiting', reason: 'vipApproval' });
    return { browser, userId, betId: placed.json().betId as string, guid: placed.json().betGuid as string };
  }

  const statusOf = async (browser: Browser, guid: string) =>
    (await browser.post(STATUS, { betGUID: guid })).json() as { status: string };
  const decide = (browser: ConsoleBrowser, betId: string, body: object) =>
    browser.post(`/backoffice/api/vip-bets/${betId}/decide`, body);
  const auditOf = async (betId: string) =>
    (
      await ctx.db.query<{ action: string; reason: string; before: object; after: object }>(
        `select action, reason, before, after from backoffice_audit where target_type = 'bet' and target_id = $1
          order by seq`,
        [betId],
      )
    ).rows;

  it('holds a bid for the console (no desk is asked), lists it with its deadline, and a risk officer accepts it', async () => {
    const { browser, userId, betId, guid } = await heldBid();
    const queue = await risk.get('/backoffice/api/vip-bets');
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = (queue.json() as { bets: Array<{ bet: { id: string }; decideBy: string }> }).bets.find(
      (b) => b.bet.id === betId,
    );
    // The brand's ordinary limit is 1,000 EUR; the player has 5,000 and nothing is charged while the bid is held.
    expect(listed).toMatchObject({ bet: { id: betId, playerId: userId, stake: 3000, odds: 2 }, maxBet: 1000 });
    expect(listed).toMatchObject({ balance: 5000 });
    expect(Date.parse(listed?.decideBy ?? '') - Date.now()).toBeGreaterThan(60_000);
    expect(await balance(browser)).toBe(5000);

    const accepted = await decide(risk, betId, { decision: 'accept', reason: 'known customer, within appetite' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ outcome: 'accepted', bet: { status: 'accepted', stake: 3000, odds: 2 } });
    // What the bettor's slip polls for, and the money.
    expect(await statusOf(browser, guid)).toMatchObject({ status: 'accepted' });
    expect(await balance(browser)).toBe(2000);
    expect(await auditOf(betId)).toEqual([
      {
        action: 'vip.accept',
        reason: 'known customer, within appetite',
        before: { status: 'waiting', stake: 3000, odds: 2, currency: 'EUR' },
        after: { status: 'accepted', stake: 3000, odds: 2, currency: 'EUR' },
      },
    ]);
    // A second decision changes nothing.
    const again = await decide(risk, betId, { decision: 'reject', reason: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(await balance(browser)).toBe(2000);
    expect(
      (await risk.get('/backoffice/api/vip-bets')).json().bets.map((b: { bet: { id: string } }) => b.bet.id),
    ).not.toContain(betId);
  });

  it('places a counter-offer of a lower stake and lower odds at once, with the return scaled to both', async () => {
    const { browser, betId, guid } = await heldBid(4000);
    const higher = await decide(risk, betId, { decision: 'counter', stake: 4500, reason: 'more than asked' });
    expect(higher.statusCode).toBe(422);
    const same = await decide(risk, betId, { decision: 'counter', stake: 4000, odds: 2, reason: 'nothing lower' });
    expect(same.statusCode).toBe(422);
    const countered = await decide(risk, betId, { decision: 'counter', stake: 2500, odds: 1.8, reason: 'exposure' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({
      outcome: 'accepted',
      bet: { stake: 2500, odds: 1.8, potentialWin: 4500, selections: [{ odds: 1.8 }] },
    });
    expect(await statusOf(browser, guid)).toMatchObject({ status: 'accepted' });
    expect(await balance(browser)).toBe(2500);
    expect((await auditOf(betId)).map((a) => a.action)).toEqual(['vip.counter']);
  });

  it('rejects with nothing charged; the bettor hears it declined', async () => {
    const { browser, betId, guid } = await heldBid();
    const rejected = await decide(risk, betId, { decision: 'reject', reason: 'stake too large for this market' });
    expect(rejected.json()).toMatchObject({ outcome: 'rejected', bet: { status: 'rejected', payout: 0 } });
    await until(async () => (await statusOf(browser, guid)).status === 'rejected', 'the bettor to see the decline');
    expect(await balance(browser)).toBe(5000);
  });

  it('lets a viewer see the queue but decide nothing, and gives a support agent no risk desk', async () => {
    const { betId } = await heldBid();
    expect((await viewer.get('/backoffice/api/vip-bets')).statusCode).toBe(200);
    expect((await decide(viewer, betId, { decision: 'accept', reason: 'trying' })).statusCode).toBe(403);
    expect((await support.get('/backoffice/api/vip-bets')).statusCode).toBe(403);
    expect((await decide(support, betId, { decision: 'accept', reason: 'trying' })).statusCode).toBe(403);
    expect(await auditOf(betId)).toEqual([]);
  });

  it('finds bets by player and by status, and sums the open bets per event and market', async () => {
    const { userId, betId } = await heldBid(2000);
    await decide(risk, betId, { decision: 'accept', reason: 'fine' });
    const byPlayer = await risk.get(`/backoffice/api/bets?q=${userId}`);
    expect(byPlayer.json().bets).toMatchObject([{ id: betId, playerId: userId, status: 'accepted', stake: 2000 }]);
    const gameId = byPlayer.json().bets[0].selections[0].gameId as number;
    const open = await risk.get(`/backoffice/api/bets?game=${gameId}&status=accepted`);
    expect(open.json().bets.map((b: { id: string }) => b.id)).toEqual([betId]);
    expect((await risk.get(`/backoffice/api/bets?game=${gameId}&status=lost`)).json().bets).toEqual([]);

    const markets = (await risk.get('/backoffice/api/liability')).json().markets as Array<{
      gameId: number;
      liability: number;
      stakes: number;
      bets: number;
    }>;
    // One bet of 2,000 at 2.0: the house pays 4,000 if it wins, having taken 2,000.
    expect(markets.find((m) => m.gameId === gameId)).toMatchObject({ bets: 1, stakes: 2000, liability: 2000 });
  });

  /** An accepted VIP bet of 3,000 EUR at 2.0 (balance 2,000 after it). */
  async function openBet() {
    const held = await heldBid();
    await decide(risk, held.betId, { decision: 'accept', reason: 'fine' });
    return held;
  }
  const correct = (betId: string, body: object) => risk.post(`/backoffice/api/bets/${betId}/correct`, body);

  it('voids an open bet with a reason: the stake back once, whatever the retries, and the feed cannot settle it again', async () => {
    const { browser, betId } = await openBet();
    expect(await balance(browser)).toBe(2000);
    const body = { action: 'void', reason: 'palpable error in the price', requestId: `void-${betId}` };
    const voided = await correct(betId, body);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      replayed: false,
      reversalId: null,
      bet: { status: 'returned', payout: 3000 },
    });
    expect(await balance(browser)).toBe(5000);
    const again = await correct(betId, body);
    expect(again.json()).toMatchObject({ replayed: true, transactionId: voided.json().transactionId });
    expect(await balance(browser)).toBe(5000);
    // The game finishes with the bet's side winning: the voided bet stays returned and pays nothing more.
    const gameId = voided.json().bet.selections[0].gameId as number;
    const finished = await browser.post('/__dev/feed/finish', { gameIds: [gameId], score: { home: 2, away: 0 } });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await risk.get(`/backoffice/api/bets/${betId}`)).json()).toMatchObject({
      status: 'returned',
      payout: 3000,
    });
    expect(await balance(browser)).toBe(5000);
    expect((await auditOf(betId)).map((a) => [a.action, a.before, a.after])).toContainEqual([
      'bet.void',
      { status: 'accepted', payout: null, currency: 'EUR' },
      expect.objectContaining({ status: 'returned', payout: 3000, reversalId: null }),
    ]);
  });

  it('resettles a settled bet by reversing its settlement, twice over, and refuses to take back winnings already spent', async () => {
    const { browser, userId, betId } = await openBet();
    const gameId = (await risk.get(`/backoffice/api/bets/${betId}`)).json().selections[0].gameId as number;
    await browser.post('/__dev/feed/finish', { gameIds: [gameId], score: { home: 1, away: 0 } });
    expect((await risk.get(`/backoffice/api/bets/${betId}`)).json()).toMatchObject({ status: 'won', payout: 6000 });
    expect(await balance(browser)).toBe(8000);

    const lost = await correct(betId, {
      action: 'resettle',
      outcome: 'lost',
      reason: 'result corrected by the league',
      requestId: `lost-${betId}`,
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ bet: { status: 'lost', payout: 0 } });
    expect(lost.json().reversalId).toEqual(expect.any(String));
    expect(await balance(browser)).toBe(2000);
    const won = await correct(betId, {
      action: 'resettle',
      outcome: 'won',
      reason: 'league reverted its correction',
      requestId: `won-${betId}`,
    });
    expect(won.json()).toMatchObject({ bet: { status: 'won', payout: 6000 } });
    expect(await balance(browser)).toBe(8000);

    // The player spends most of it (an adjustment stands in for a withdrawal); taking 6,000 back would go below zero.
    const admin = (await signedInOperator(app, now, 'admin')).browser;
    const spent = await admin.post(`/backoffice/api/players/${userId}/adjustments`, {
      currency: 'EUR',
      amount: -700_000,
      reason: 'stands in for a withdrawal',
      requestId: `spent-${betId}`,
    });
    expect(spent.statusCode, spent.body).toBe(201);
    // Above the brand's four-eyes amount (ADR 0356): a second admin approves it.
    const second = (await signedInOperator(app, now, 'admin')).browser;
    const approved = await second.post(`/backoffice/api/adjustments/${spent.json().adjustmentId}/approve`, {
      reason: 'stands in for a withdrawal, checked',
    });
    expect(approved.json(), approved.body).toMatchObject({ outcome: 'adjusted', balanceAfter: 1000 });
    const refused = await correct(betId, { action: 'void', reason: 'void after all', requestId: `late-${betId}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error_code: 1317 });
    expect(await balance(browser)).toBe(1000);
    expect((await risk.get(`/backoffice/api/bets/${betId}`)).json()).toMatchObject({ status: 'won', payout: 6000 });
    expect((await auditOf(betId)).map((a) => a.action)).toEqual(['vip.accept', 'bet.resettle', 'bet.resettle']);
    // A held or rejected bet is not corrected; a viewer corrects nothing.
    const { betId: heldId } = await heldBid();
    expect((await correct(heldId, { action: 'void', reason: 'nope', requestId: `held-${heldId}` })).statusCode).toBe(
      409,
    );
    const byViewer = await viewer.post(`/backoffice/api/bets/${betId}/correct`, {
      action: 'void',
      reason: 'x y z',
      requestId: `viewer-${betId}`,
    });
    expect(byViewer.statusCode).toBe(403);
  });

  it('keeps the ledger balanced and the audit chain whole', async () => {
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });
});
