import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUZZLE_REQUESTS_PER_MINUTE } from './captcha.routes';
import { makeTextQuestion, normalizeTextAnswer, TEXT_QUESTION_WORDS } from './captcha-text';
import { Browser, buildAccountsApp, testClock, type TestClock } from './testing/accounts-test-kit';

/** Reads a question the way a person would: the two number words and whether they are added or taken away. */
function answerOf(question: string, lng: string): number {
  const words = TEXT_QUESTION_WORDS[lng];
  if (!words) throw new Error(`no words for ${lng}`);
  // Longest words first, so "seven" is not read inside "seventeen"-like words of another language.
  const found = [...words.numbers.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .flatMap(([i, word]) => [...question.matchAll(new RegExp(`(^|[\\s])${word}(?=[\\s?؟]|$)`, 'gu'))].map((m) => ({ at: m.index ?? 0, n: i + 1 })))
    .sort((a, b) => a.at - b.at);
  const [a, b] = found.map((f) => f.n);
  if (a === undefined || b === undefined) throw new Error(`cannot read ${question}`);
  const minus = words.minus('A', 'B').replace('A', '').replace('B', '').trim();
  const minusWord = minus.split(/\s+/).find((w) => !words.plus('A', 'B').includes(w)) ?? '';
  return question.includes(minusWord) ? a - b : a + b;
}

describe('makeTextQuestion', () => {
  it('asks in each translated language, with number words and an answer from 1 to 20', () => {
    for (const lng of ['en', 'de', 'ru', 'ar', 'fa']) {
      for (let i = 0; i < 40; i += 1) {
        const q = makeTextQuestion(lng);
        expect(q.lng).toBe(lng);
        expect(q.question).not.toMatch(/\d/);
        expect(q.answer).toBeGreaterThanOrEqual(1);
        expect(q.answer).toBeLessThanOrEqual(20);
        expect(answerOf(q.question, lng)).toBe(q.answer);
      }
    }
  });

  it('asks in English where the platform has no words for the language', () => {
    expect(makeTextQuestion('kk').lng).toBe('en');
  });

  it('takes the answer in Western, Arabic-Indic and Persian digits, nothing else', () => {
    expect(['12', ' 7 ', '١٢', '۱۲', '012', 'twelve', '1 2', '', '1234'].map(normalizeTextAnswer)).toEqual(['12', '7', '12', '12', '12', null, null, null, null]);
  });
});

const TEXT = '/web-api/captcha/puzzle/text-challenge';
const VERIFY = '/web-api/captcha/puzzle/verify';

describeEachDatabase('the puzzle captcha’s text question', (ctx) => {
  let app: FastifyInstance;
  let clock: TestClock;
  let ipSeq = 0;
  const browser = (host = 'puzzlebet.example') => new Browser(app, host, 'Vitest browser', `10.8.0.${(ipSeq += 1)}`);

  beforeAll(async () => {
    clock = testClock();
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  async function question(on: Browser, lng?: string): Promise<{ id: string; question: string; lng: string }> {
    const res = await on.post(TEXT, lng ? { lng } : {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { challenge_id: string; question: string; lng: string; expires_in: number };
    expect(body.expires_in).toBe(120);
    return { id: body.challenge_id, question: body.question, lng: body.lng };
  }

  const login = (on: Browser, token: string) => on.post('/web-api/user/auth', { login: 'nobody@example.com', password: 'Wrong-pass-1' }, { 'x-captcha-token': token });

  it('asks in the page’s language when the site offers it, else in the site’s default', async () => {
    expect((await question(browser(), 'ru')).lng).toBe('ru');
    expect((await question(browser(), 'de')).lng).toBe('en');
    expect((await question(browser())).lng).toBe('en');
  });

  it('keeps only a keyed hash of the answer, and a right answer earns the same single-use token as the puzzle', async () => {
    const bettor = browser();
    const q = await question(bettor, 'ru');
    const answer = answerOf(q.question, q.lng);
    const stored = await ctx.db.query<{ gap_x: number | null; answer_hash: string }>('select gap_x, answer_hash from accounts_captcha_challenges where answer_hash is not null');
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) {
      expect(row.gap_x).toBeNull();
      expect(row.answer_hash).not.toMatch(/^\d+$/);
    }
    const res = await bettor.post(VERIFY, { challenge_id: q.id, answer: String(answer) });
    expect(res.statusCode).toBe(200);
    const token = (res.json() as { token: string }).token;
    expect(token).toMatch(/^pz1\./);
    expect((await login(bettor, token)).statusCode).toBe(401);
    expect((await login(bettor, token)).statusCode).toBe(403);
    // Another brand's site refuses it like a puzzle token.
    const other = browser();
    const q2 = await question(other);
    const token2 = (await other.post(VERIFY, { challenge_id: q2.id, answer: String(answerOf(q2.question, q2.lng)) })).json().token as string;
    expect((await login(browser('huntbet.example'), token2)).statusCode).toBe(403);
  });

  it('takes one answer: a wrong one spends the question, and the right one afterwards is refused', async () => {
    const bettor = browser();
    const q = await question(bettor);
    const right = answerOf(q.question, q.lng);
    const wrong = await bettor.post(VERIFY, { challenge_id: q.id, answer: String(right + 1) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Captcha check failed', detail: 'Not quite. Answer a new question.' });
    expect((await bettor.post(VERIFY, { challenge_id: q.id, answer: String(right) })).statusCode).toBe(403);
  });

  it('refuses a slider answer to a question, an answer that is not a number, and a late answer', async () => {
    const bettor = browser();
    const slid = await question(bettor);
    expect((await bettor.post(VERIFY, { challenge_id: slid.id, position: answerOf(slid.question, slid.lng), moves: 3 })).statusCode).toBe(403);
    const worded = await question(bettor);
    expect((await bettor.post(VERIFY, { challenge_id: worded.id, answer: 'seven' })).statusCode).toBe(403);
    expect((await bettor.post(VERIFY, { challenge_id: worded.id, answer: '7', position: 7, moves: 1 })).statusCode).toBe(400);
    const late = await question(bettor);
    clock.advance(121_000);
    expect((await bettor.post(VERIFY, { challenge_id: late.id, answer: String(answerOf(late.question, late.lng)) })).statusCode).toBe(403);
  });

  it('is offered only where the puzzle is, and rate limited like it', async () => {
    expect((await browser('accountbet.example').post(TEXT, {})).statusCode).toBe(403);
    const busy = browser();
    for (let i = 0; i < PUZZLE_REQUESTS_PER_MINUTE; i += 1) expect((await busy.post(TEXT, {})).statusCode).toBe(200);
    expect((await busy.post(TEXT, {})).statusCode).toBe(429);
  });
});
