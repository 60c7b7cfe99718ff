import { describeEachDatabase } from '@tessera/server/db';
import type { TestClock } from '@tessera/server/responsible';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildGuardApp, signUpGuard } from '../responsible/testing/responsible-test-kit';
import { type ConsoleBrowser, signedInOperator } from './testing/backoffice-test-kit';

describeEachDatabase('console players desk: limits set on the player’s behalf', (ctx) => {
  let app: FastifyInstance;
  let clock: TestClock;
  let compliance: ConsoleBrowser;
  let support: ConsoleBrowser;

  beforeAll(async () => {
    ({ app, clock } = await buildGuardApp(ctx.db));
    compliance = (await signedInOperator(app, clock.now, 'compliance')).browser;
    support = (await signedInOperator(app, clock.now, 'support')).browser;
  });
  afterAll(() => app.close());

  const auditOf = async (playerId: string) =>
    (
      await ctx.db.query<{ action: string; reason: string; before: object; after: object }>(
        `select action, reason, before, after from backoffice_audit
          where action = 'player.limit' and target_id = $1 order by seq`,
        [playerId],
      )
    ).rows;

  it('sets a lower limit at once and a raise after the cooling-off, by the player’s own rules, audited', async () => {
    const { browser, userId } = await signUpGuard(app);
    const url = `/backoffice/api/players/${userId}/limits`;
    const set = await compliance.post(url, { kind: 'deposit', period: 'week', amount: 100, reason: 'asked by phone' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ applied: 'now' });
    // The player's own page shows the limit the operator set.
    expect((await browser.get('/web-api/responsible')).json()).toMatchObject({
      limits: [{ kind: 'deposit', period: 'week', amount: 100 }],
    });
    const raised = await compliance.post(url, { kind: 'deposit', period: 'week', amount: 300, reason: 'asked again' });
    expect(raised.json()).toMatchObject({ applied: 'pending' });
    expect((await browser.get('/web-api/responsible')).json()).toMatchObject({
      limits: [{ kind: 'deposit', period: 'week', amount: 100, pending: { amount: 300 } }],
    });
    expect(await auditOf(userId)).toEqual([
      {
        action: 'player.limit',
        reason: 'asked by phone',
        before: { kind: 'deposit', period: 'week', amount: null, pending: null },
        after: { kind: 'deposit', period: 'week', amount: 100, pending: null, applied: 'now' },
      },
      expect.objectContaining({
        reason: 'asked again',
        after: expect.objectContaining({ amount: 100, pending: expect.objectContaining({ amount: 300 }) }),
      }),
    ]);
  });

  it('refuses a mismatched period and a support agent, and writes nothing', async () => {
    const { userId } = await signUpGuard(app);
    const url = `/backoffice/api/players/${userId}/limits`;
    const mismatched = await compliance.post(url, { kind: 'session', period: 'day', amount: 60, reason: 'typo' });
    expect(mismatched.statusCode).toBe(422);
    const byAgent = await support.post(url, { kind: 'deposit', period: 'day', amount: 10, reason: 'trying' });
    expect(byAgent.statusCode).toBe(403);
    expect(await auditOf(userId)).toEqual([]);
  });
});
