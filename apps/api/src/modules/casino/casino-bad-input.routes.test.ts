import { describeEachDatabase, type Database } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import { buildGuardApp, GUARD_HOST, signUpGuard } from '../responsible/testing/responsible-test-kit';

// What the bad-input drill (tools/bench/src/drills) found on PostgreSQL, pinned: it sends a player's seed rotations
// at once, valid and malformed together. Valid rotations that waited for the pair while others rotated it answered
// 500 (libs/server/casino README, "Rounds and money"); the drill re-sent them among the refused requests, where they
// rotated, so casino_seeds looked written by refused requests. Every malformed request is a 400 in the spec's error
// shape (section 8) and writes nothing.

const ROTATE = '/web-api/casino/seeds/rotate';

function expectErrorShape(body: unknown): void {
  expect(body).toMatchObject({ message: expect.any(String) });
  const issues = (body as { validation_errors?: unknown[] }).validation_errors;
  if (issues)
    for (const issue of issues) expect(issue).toEqual({ field: expect.any(String), message: expect.any(String) });
}

/** Row count and an md5 of every row of casino_seeds: any write changes it. */
async function seedsFingerprint(db: Database): Promise<string> {
  const { rows } = await db.query<{ n: number; h: string | null }>(
    `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from casino_seeds t`,
  );
  return `${rows[0]?.n ?? NaN}:${rows[0]?.h ?? ''}`;
}

/** Sends a raw body as the signed-in browser's page would (its session cookie and origin), as the drill does. */
function sendAs(app: FastifyInstance, browser: Browser, method: 'POST', url: string, body: string) {
  return app.inject({
    method,
    url,
    headers: {
      host: GUARD_HOST,
      origin: `https://${GUARD_HOST}`,
      'content-type': 'application/json',
      cookie: `tessera_session=${browser.cookie('tessera_session') ?? ''}`,
    },
    payload: body,
  });
}

describeEachDatabase('casino bad input over HTTP', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildGuardApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('rotations sent at once: the valid all rotate, the malformed are 400 and, sent again alone, write nothing', async () => {
    const { browser, userId } = await signUpGuard(app);
    // Valid by the schema and the client seed rule (1 to 64 printable characters without spaces): the drill's
    // "malformed" cases that are rightly acted on, and a few more so that several wait for the pair at once.
    const valid = [
      '{}',
      '{"clientSeed":"<script>alert(1)</script>"}',
      '{"clientSeed":"../../etc/passwd"}',
      '{"clientSeed":"%00%ff%fe"}',
      `{"clientSeed":"${'x'.repeat(64)}"}`,
      '{"clientSeed":"lucky-7"}',
      '{"clientSeed":"lucky-8"}',
      '{"clientSeed":"lucky-9"}',
    ];
    const malformed = [
      '{',
      'null',
      '[{}]',
      '"text"',
      '{"clientSeed":7}',
      '{"clientSeed":null}',
      '{"clientSeed":""}',
      `{"clientSeed":"${'x'.repeat(65)}"}`,
      '{"clientSeed":"has space"}',
      '{"clientSeed":"a\\u0000b"}',
      '{"clientSeed":"раураl"}',
      '{"clientSeed":"a","unexpected_field":1}',
    ];
    const before = await seedsFingerprint(ctx.db);
    const all = [...valid, ...malformed].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(all.map((body) => sendAs(app, browser, 'POST', ROTATE, body)));
    const statusOf = new Map(all.map((body, i) => [body, answers[i]?.statusCode]));
    expect(valid.map((body) => [body, statusOf.get(body)])).toEqual(valid.map((body) => [body, 200]));
    expect(malformed.map((body) => [body, statusOf.get(body)])).toEqual(malformed.map((body) => [body, 400]));
    for (const [i, body] of all.entries()) if (!valid.includes(body)) expectErrorShape(answers[i]?.json());
    const { rows } = await ctx.db.query<{ active: number; pairs: number }>(
      `select count(*) filter (where revealed_at is null)::int as active, count(*)::int as pairs
       from casino_seeds where user_id = $1`,
      [userId],
    );
    // The first rotation opens a pair and reveals it; each rotation opens one more: one active.
    expect(rows[0]).toEqual({ active: 1, pairs: valid.length + 1 });
    expect(await seedsFingerprint(ctx.db)).not.toBe(before);

    // The refused requests alone, as the drill sends them again between two fingerprints.
    const between = await seedsFingerprint(ctx.db);
    const again = await Promise.all(malformed.map((body) => sendAs(app, browser, 'POST', ROTATE, body)));
    expect(again.map((res) => res.statusCode)).toEqual(malformed.map(() => 400));
    for (const res of again) expectErrorShape(res.json());
    expect(await seedsFingerprint(ctx.db)).toBe(between);
  });

  it("a launch or round of a game the site does not have is refused before the player's pair is opened", async () => {
    const { browser } = await signUpGuard(app);
    const before = await seedsFingerprint(ctx.db);
    // The drill's paths name every path parameter 1: game "1" is no game.
    const refused = await Promise.all([
      sendAs(app, browser, 'POST', '/web-api/casino/games/1/launch', '{"mode":"real"}'),
      sendAs(app, browser, 'POST', '/web-api/casino/rounds', '{"roundId":"aaaaaaaa","gameId":"aaaaaaaa","bet":{}}'),
      sendAs(app, browser, 'POST', '/web-api/casino/games/aurora-gems/launch', '{"mode":"live"}'),
    ]);
    expect(refused.map((res) => res.statusCode)).toEqual([404, 404, 400]);
    for (const res of refused) expectErrorShape(res.json());
    expect(refused[0]?.json()).toMatchObject({ error_code: 1807 });
    expect(await seedsFingerprint(ctx.db)).toBe(before);
    // A launch of a game that exists opens the pair (a write the request asked for).
    expect(
      (await sendAs(app, browser, 'POST', '/web-api/casino/games/aurora-gems/launch', '{"mode":"real"}')).statusCode,
    ).toBe(200);
    expect(await seedsFingerprint(ctx.db)).not.toBe(before);
  });
});
