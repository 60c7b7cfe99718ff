import { describeEachDatabase } from '@tessera/server/db';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALTCHA_BASE_MAX_COUNTER, ALTCHA_CHALLENGES_PER_STEP } from '@tessera/server/captcha';
import { Browser, buildAccountsApp, testClock, type TestClock } from './testing/accounts-test-kit';

const CHALLENGE = '/web-api/captcha/altcha/challenge';
const VERIFY = '/web-api/captcha/altcha/verify';

/** What the altcha widget does in the browser: find the counter, and hand back base64 of { challenge, solution }. */
async function solve(challenge: Challenge): Promise<{ payload: string; counter: number }> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return {
    payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    counter: solution.counter,
  };
}

// puzzlebet (painPuzzle) offers ALTCHA as the puzzle's accessible path; otherbet's hCaptcha has no secret on this
// server, so ALTCHA stands in for it; accountbet has no captcha at all.
describeEachDatabase('the built-in ALTCHA proof-of-work check', (ctx) => {
  let app: FastifyInstance;
  let clock: TestClock;
  let ipSeq = 0;
  const browser = (host = 'puzzlebet.example') => new Browser(app, host, 'Vitest browser', `10.14.0.${(ipSeq += 1)}`);

  beforeAll(async () => {
    clock = testClock();
    app = await buildAccountsApp(ctx.db, clock, { environment: {} });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  async function challenge(on: Browser): Promise<{ challenge: Challenge; max_counter: number }> {
    const res = await on.post(CHALLENGE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as { challenge: Challenge; max_counter: number };
  }

  const login = (on: Browser, token?: string) =>
    on.post(
      '/web-api/user/auth',
      { login: 'nobody@example.com', password: 'Wrong-pass-1' },
      token === undefined ? {} : { 'x-captcha-token': token },
    );

  it('item 14: a solution found by altcha-lib’s solver earns a token that assertCaptcha accepts once', async () => {
    const bettor = browser();
    const issued = await challenge(bettor);
    expect(issued.max_counter).toBe(ALTCHA_BASE_MAX_COUNTER);
    const { payload, counter } = await solve(issued.challenge);
    expect(counter).toBeLessThanOrEqual(ALTCHA_BASE_MAX_COUNTER);
    const verified = await bettor.post(VERIFY, { payload });
    expect(verified.statusCode).toBe(200);
    const token = (verified.json() as { token: string }).token;
    expect(token).toMatch(/^pz1\./);
    expect((await login(bettor)).statusCode).toBe(400);
    // The captcha passes (the password is what is wrong), once; the same token again is refused.
    expect((await login(bettor, token)).statusCode).toBe(401);
    expect((await login(bettor, token)).statusCode).toBe(403);
  });

  it('item 14: a wrong, replayed, tampered, late or foreign solution is refused', async () => {
    const bettor = browser();
    // Wrong: a derived key that is not the hidden one.
    const wrong = await challenge(bettor);
    const solved = await solve(wrong.challenge);
    const forged = JSON.parse(Buffer.from(solved.payload, 'base64').toString()) as { solution: { derivedKey: string } };
    forged.solution.derivedKey = 'ab'.repeat(32);
    const wrongAnswer = await bettor.post(VERIFY, { payload: Buffer.from(JSON.stringify(forged)).toString('base64') });
    expect(wrongAnswer.statusCode).toBe(403);
    expect(wrongAnswer.json()).toEqual({
      message: 'Captcha check failed',
      detail: 'The check did not pass. Run it again.',
    });
    // The first answer spent the challenge: the right solution afterwards is refused too.
    expect((await bettor.post(VERIFY, { payload: solved.payload })).statusCode).toBe(403);

    // Replayed: a right solution counts once.
    const once = await solve((await challenge(bettor)).challenge);
    expect((await bettor.post(VERIFY, { payload: once.payload })).statusCode).toBe(200);
    const replay = await bettor.post(VERIFY, { payload: once.payload });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toEqual({
      message: 'Captcha check failed',
      detail: 'This check has expired or was already used. Run it again.',
    });

    // Tampered: easier parameters break the signature.
    const hard = (await challenge(bettor)).challenge;
    const easy: Challenge = { ...hard, parameters: { ...hard.parameters, keyPrefix: '0' } };
    const easySolution = await solve(easy);
    expect((await bettor.post(VERIFY, { payload: easySolution.payload })).statusCode).toBe(403);

    // Late: past the 120 s a challenge lives.
    const late = await solve((await challenge(bettor)).challenge);
    clock.advance(121_000);
    expect((await bettor.post(VERIFY, { payload: late.payload })).statusCode).toBe(403);

    // Foreign: otherbet's challenge, solved, is not puzzlebet's.
    const foreign = await solve((await challenge(browser('otherbet.example'))).challenge);
    expect((await bettor.post(VERIFY, { payload: foreign.payload })).statusCode).toBe(403);

    // Not a payload at all.
    expect((await bettor.post(VERIFY, { payload: 'bm90IGpzb24=' })).statusCode).toBe(403);
    expect((await bettor.post(VERIFY, { payload: 'not base64!' })).statusCode).toBe(400);
  });

  it('item 14: the work rises for one address under load and stays low for another', async () => {
    const busy = browser();
    const first = await challenge(busy);
    for (let i = 1; i < ALTCHA_CHALLENGES_PER_STEP; i += 1)
      expect((await challenge(busy)).max_counter).toBe(ALTCHA_BASE_MAX_COUNTER);
    const loaded = await challenge(busy);
    expect(loaded.max_counter).toBe(2 * ALTCHA_BASE_MAX_COUNTER);
    // Not only the number shown: the hidden counter of the loaded challenge lies beyond anything a fresh one asks for.
    expect((await solve(first.challenge)).counter).toBeLessThanOrEqual(ALTCHA_BASE_MAX_COUNTER);
    expect((await solve(loaded.challenge)).counter).toBeGreaterThan(ALTCHA_BASE_MAX_COUNTER);
    for (let i = 1; i < ALTCHA_CHALLENGES_PER_STEP; i += 1) await challenge(busy);
    expect((await challenge(busy)).max_counter).toBe(4 * ALTCHA_BASE_MAX_COUNTER);
    // The count is per address across brands: the same address on another site pays the same.
    const sameAddressElsewhere = new Browser(app, 'otherbet.example', 'Vitest browser', busy.ip);
    expect((await challenge(sameAddressElsewhere)).max_counter).toBe(4 * ALTCHA_BASE_MAX_COUNTER);
    expect((await challenge(browser())).max_counter).toBe(ALTCHA_BASE_MAX_COUNTER);
    // A minute later the address is back to the base.
    clock.advance(61_000);
    expect((await challenge(busy)).max_counter).toBe(ALTCHA_BASE_MAX_COUNTER);
  });

  it('is offered where a built-in check is used, and refused elsewhere', async () => {
    expect((await browser('huntbet.example').post(CHALLENGE)).statusCode).toBe(200);
    expect((await browser('otherbet.example').post(CHALLENGE)).statusCode).toBe(200);
    expect((await browser('accountbet.example').post(CHALLENGE)).statusCode).toBe(403);
  });
});
