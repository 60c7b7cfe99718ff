import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUZZLE_REQUESTS_PER_MINUTE } from '@tessera/server/captcha';
import { Browser, buildAccountsApp, testClock, type TestClock } from './testing/accounts-test-kit';

const CHALLENGE = '/web-api/captcha/puzzle/challenge';
const VERIFY = '/web-api/captcha/puzzle/verify';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// puzzlebet configures painPuzzle and huntbet huntCaptcha, each protecting login, registration and password change;
// accountbet configures no captcha. The test-mode server reads a puzzle's answer through GET /__dev/captcha.
describeEachDatabase('built-in puzzle captcha', (ctx) => {
  let app: FastifyInstance;
  let clock: TestClock;
  let ipSeq = 0;
  // Each test its own client address, so the per-client rate limit of one test never reaches another.
  const browser = (host = 'puzzlebet.example') => new Browser(app, host, 'Vitest browser', `10.9.0.${(ipSeq += 1)}`);

  beforeAll(async () => {
    clock = testClock();
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  async function challenge(on: Browser): Promise<{ id: string; gap: number }> {
    const res = await on.post(CHALLENGE);
    expect(res.statusCode).toBe(200);
    const id = (res.json() as { challenge_id: string }).challenge_id;
    const answer = await app.inject({ url: `/__dev/captcha?challenge_id=${id}`, headers: { host: on.host } });
    return { id, gap: (answer.json() as { gap_x: number }).gap_x };
  }

  async function solve(on: Browser): Promise<string> {
    const { id, gap } = await challenge(on);
    const res = await on.post(VERIFY, { challenge_id: id, position: gap + 2, moves: 12 });
    expect(res.statusCode).toBe(200);
    return (res.json() as { token: string }).token;
  }

  const login = (on: Browser, token?: string) =>
    on.post(
      '/web-api/user/auth',
      { login: 'nobody@example.com', password: 'Wrong-pass-1' },
      token === undefined ? {} : { 'x-captcha-token': token },
    );

  it('issues a puzzle whose answer is only in its image', async () => {
    const res = await browser().post(CHALLENGE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['challenge_id', 'expires_in', 'image', 'piece_width', 'track_width']);
    expect(body).toMatchObject({ track_width: 280, piece_width: 40, expires_in: 120 });
    const image = String(body['image']);
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(image.slice('data:image/png;base64,'.length), 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // The database keeps a hash of the id, not the id the browser holds.
    const stored = await ctx.db.query<{ id_hash: string; brand_id: string }>(
      'select id_hash, brand_id from accounts_captcha_challenges',
    );
    expect(stored.rows.map((r) => r.id_hash)).not.toContain(body['challenge_id']);
    expect(stored.rows.some((r) => r.brand_id === 'puzzlebet')).toBe(true);
  });

  it('a right answer earns a token that opens the protected call once', async () => {
    const bettor = browser();
    const token = await solve(bettor);
    // The captcha passes; the credentials then fail as they should.
    expect((await login(bettor, token)).statusCode).toBe(401);
    const replayed = await login(bettor, token);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toEqual({ message: 'Captcha check failed', detail: 'Solve the captcha again' });
  });

  it('refuses the protected call without a token, and with a made-up or tampered one', async () => {
    const bettor = browser();
    const missing = await login(bettor);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Captcha required',
      validation_errors: [{ field: 'x-captcha-token', message: 'required' }],
    });
    expect((await login(bettor, 'pz1.abc.99999999999.forged')).statusCode).toBe(403);
    const token = await solve(bettor);
    const [version, id, expires, signature] = token.split('.');
    expect((await login(bettor, [version, id, String(Number(expires) + 600), signature].join('.'))).statusCode).toBe(
      403,
    );
    // The tampered attempts did not use the real token up.
    expect((await login(bettor, token)).statusCode).toBe(401);
  });

  it('a wrong answer is refused and spends the puzzle: the right answer afterwards is refused too', async () => {
    const bettor = browser();
    const { id, gap } = await challenge(bettor);
    const wrong = await bettor.post(VERIFY, { challenge_id: id, position: gap + 20, moves: 5 });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: 'Captcha check failed' });
    expect((await bettor.post(VERIFY, { challenge_id: id, position: gap, moves: 5 })).statusCode).toBe(403);
  });

  it('refuses a piece that never moved, even at the right place', async () => {
    const bettor = browser();
    const { id, gap } = await challenge(bettor);
    expect((await bettor.post(VERIFY, { challenge_id: id, position: gap, moves: 0 })).statusCode).toBe(403);
  });

  it('refuses an expired puzzle and an expired token', async () => {
    const bettor = browser();
    const { id, gap } = await challenge(bettor);
    clock.advance(121_000);
    const late = await bettor.post(VERIFY, { challenge_id: id, position: gap, moves: 3 });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ detail: 'This puzzle has expired or was already answered. Solve a new one.' });

    const token = await solve(bettor);
    clock.advance(121_000);
    expect((await login(bettor, token)).statusCode).toBe(403);
  });

  it("refuses another brand's token and another brand's puzzle", async () => {
    const hunter = browser('huntbet.example');
    const huntToken = await solve(hunter);
    expect((await login(browser(), huntToken)).statusCode).toBe(403);
    // It was not used up by the refusal on the other brand.
    expect((await login(hunter, huntToken)).statusCode).toBe(401);

    const { id, gap } = await challenge(browser('huntbet.example'));
    expect((await browser().post(VERIFY, { challenge_id: id, position: gap, moves: 3 })).statusCode).toBe(403);
  });

  it('protects registration on a huntCaptcha brand: refused without a token, registered with one', async () => {
    const guest = browser('huntbet.example');
    const body = { variant: 'fast', age_confirmed: true };
    const refused = await guest.post('/web-api/user/registration', body);
    expect(refused.statusCode).toBe(400);
    expect(await ctx.db.query("select 1 from accounts_users where brand_id = 'huntbet'")).toMatchObject({
      rowCount: 0,
    });
    const registered = await guest.post('/web-api/user/registration', body, { 'x-captcha-token': await solve(guest) });
    expect(registered.statusCode).toBe(201);
  });

  it('asks for a token before a phone registration sends its code; the code then proves the registration', async () => {
    const guest = browser();
    const phone = { phone: '7021114455', country_code: 'KZ' };
    expect((await guest.post('/web-api/user/registration/send-code', phone)).statusCode).toBe(400);
    expect(
      (await guest.post('/web-api/user/registration/send-code', phone, { 'x-captcha-token': await solve(guest) }))
        .statusCode,
    ).toBe(200);
    const outbox = await app.inject({ url: '/__dev/outbox?to=%2B77021114455', headers: { host: 'puzzlebet.example' } });
    const code =
      /\b(\d{6})\b/.exec((outbox.json() as { messages: Array<{ text: string }> }).messages[0]?.text ?? '')?.[1] ?? '';
    const registered = await guest.post('/web-api/user/registration', {
      variant: 'phone',
      age_confirmed: true,
      ...phone,
      confirm_code: code,
      password: 'Secret-pass-1',
    });
    expect(registered.statusCode).toBe(201);
  });

  it('serves no puzzle to a site without the puzzle captcha, and the answer reader only in test mode', async () => {
    const plain = await browser('accountbet.example').post(CHALLENGE);
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ message: 'The puzzle captcha is not used on this site' });
    const production = await buildAccountsApp(ctx.db, clock, {
      mode: 'production',
      accountSecretKey: 'p'.repeat(64),
      logger: false,
    });
    try {
      const issued = await production.inject({
        method: 'POST',
        url: CHALLENGE,
        remoteAddress: '10.9.1.1',
        headers: { host: 'puzzlebet.example', origin: 'https://puzzlebet.example' },
        payload: {},
      });
      expect(issued.statusCode).toBe(200);
      const id = (issued.json() as { challenge_id: string }).challenge_id;
      expect(
        (await production.inject({ url: `/__dev/captcha?challenge_id=${id}`, headers: { host: 'puzzlebet.example' } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });

  it(`limits challenges and answers to ${PUZZLE_REQUESTS_PER_MINUTE} a minute per client`, async () => {
    const busy = browser();
    for (let i = 0; i < PUZZLE_REQUESTS_PER_MINUTE; i += 1) expect((await busy.post(CHALLENGE)).statusCode).toBe(200);
    const limited = await busy.post(CHALLENGE);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: 'Too many requests' });
    const answers = browser();
    for (let i = 0; i < PUZZLE_REQUESTS_PER_MINUTE; i += 1) {
      expect(
        (await answers.post(VERIFY, { challenge_id: `unknown-challenge-${i}-xxxxxx`, position: 100, moves: 1 }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await answers.post(VERIFY, { challenge_id: 'unknown-challenge-last-xxxxxx', position: 100, moves: 1 }))
        .statusCode,
    ).toBe(429);
  });
});
