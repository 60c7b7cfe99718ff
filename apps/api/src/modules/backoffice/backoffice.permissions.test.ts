import { randomUUID } from 'node:crypto';
import { BACKOFFICE_ROUTES, hasPermission, ROLES } from '@tessera/server/backoffice';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBackofficeApp, type ConsoleBrowser, signedInOperator } from './testing/backoffice-test-kit';

/** A body each route's schema accepts, so what answers is the permission check, not validation. */
const BODIES: Readonly<Record<string, () => object>> = {
  // The console layer: a draft changing nothing is refused as such (422), after the permission check.
  'backoffice/config-draft-request': () => ({ brand: 'northbet' }),
  'backoffice/config-restore-request': () => ({ version: 0 }),
  'backoffice/operator-create-request': () => ({
    email: `t-${randomUUID().slice(0, 8)}@ops.example`,
    role: 'viewer',
    brands: ['northbet'],
  }),
  'backoffice/operator-update-request': () => ({ brands: ['northbet'] }),
  'backoffice/reason-request': () => ({ reason: 'table test' }),
  'backoffice/note-request': () => ({ text: 'table test' }),
  'backoffice/player-limit-request': () => ({ kind: 'deposit', period: 'day', amount: 100, reason: 'table test' }),
  'backoffice/vip-decision-request': () => ({ decision: 'reject', reason: 'table test' }),
  'backoffice/bet-correction-request': () => ({
    action: 'void',
    reason: 'table test',
    requestId: `table-${randomUUID()}`,
  }),
  'backoffice/verification-decide-request': () => ({ decision: 'rejected', reason: 'table test' }),
  'backoffice/adjustment-request': () => ({
    currency: 'EUR',
    amount: 100,
    reason: 'table test',
    requestId: `table-${randomUUID()}`,
  }),
};
const QUERIES: Readonly<Record<string, string>> = {
  'backoffice/players-query': '?q=nobody',
  'backoffice/deposits-query': '?reference=nothing-here',
  'backoffice/bets-query': '?q=nothing-here',
};
const PARAMS: Readonly<Record<string, string>> = {
  ':id': '10000001',
  ':accountId': '10000001',
  ':documentId': '00000000-0000-4000-8000-000000000000',
};

describeEachDatabase('console permission matrix', (ctx) => {
  let app: FastifyInstance;
  const now = () => new Date(Date.UTC(2026, 10, 26, 9, 0, 0));
  const browsers = new Map<string, ConsoleBrowser>();

  beforeAll(async () => {
    app = await buildBackofficeApp(ctx.db, { clock: now });
    for (const role of ROLES) browsers.set(role, (await signedInOperator(app, now, role)).browser);
  });
  afterAll(() => app.close());

  const guarded = BACKOFFICE_ROUTES.filter((r) => r.access !== 'public' && r.access !== 'half-session');
  // Signing out ends the session the other calls use: it goes last.
  const ordered = [...guarded.filter((r) => r.path !== 'session'), ...guarded.filter((r) => r.path === 'session')];

  it('covers every console route but the sign-in steps', () => {
    expect(guarded.length).toBe(BACKOFFICE_ROUTES.length - 3);
  });

  for (const route of ordered) {
    it(`${route.method} ${route.path}: ${route.access}`, async () => {
      const url = `/backoffice/api/${route.path.replace(/:\w+/g, (p) => PARAMS[p] ?? p)}${route.query ? (QUERIES[route.query] ?? '') : ''}`;
      for (const role of ROLES) {
        const browser = browsers.get(role) as ConsoleBrowser;
        const body = route.body ? BODIES[route.body]?.() : undefined;
        const res = await browser.request(route.method, url, body);
        const allowed = route.access === 'signed-in' || hasPermission(role, route.access);
        expect({ role, status: res.statusCode === 403 ? 403 : 'not 403' }, res.body).toEqual({
          role,
          status: allowed ? 'not 403' : 403,
        });
        // An allowed call is answered by the route itself: never 401 or a validation error here.
        if (allowed) expect([400, 401], `${role}: ${res.body}`).not.toContain(res.statusCode);
      }
    });
  }
});
