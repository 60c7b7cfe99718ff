import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readEnv } from '../../env';
import { buildTestApp } from '../../testing/test-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const run = promisify(execFile);

/** The environment a production server is started with (no PAYMENT_PROVIDER: none), for the API and the CLI alike. */
const PRODUCTION_ENV = { NODE_ENV: 'production' };

/** The CLI's answers by command line and environment: a run is the same for both engines (see `tessera`). */
const cliRuns = new Map<string, Promise<{ stdout: string; stderr: string }>>();

/**
 * `npx tessera ...` as an operator runs it, in a shell with `env` (and nothing of the test runner's own). The CLI
 * never sees the test's database (no DATABASE_URL in `env`), so one run per command line serves both engines' APIs.
 */
function tessera(args: string[], env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const key = JSON.stringify([args, env]);
  let answer = cliRuns.get(key);
  if (!answer) {
    answer = run(process.execPath, [path.join(root, 'tools/cli/bin/tessera.mjs'), ...args], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', ...env },
    });
    cliRuns.set(key, answer);
  }
  return answer;
}

function field(output: string, name: string): string | undefined {
  return new RegExp(`^  ${name}: +(.*)$`, 'm').exec(output)?.[1];
}

/** The block `tessera config explain` printed for `pointer` (several paths: one block each, a blank line between). */
function block(output: string, pointer: string): string {
  const found = output.split('\n\n').filter((b) => b.split('\n')[0]?.endsWith(`  ${pointer}`));
  expect(found, `one block for ${pointer} in:\n${output}`).toHaveLength(1);
  return found[0] as string;
}

// VIP bets without a desk, deposits without a provider, social sign-in without OAuth clients in server.json.
// ... and, without an SMS or e-mail gateway, phone registration, SMS sign-in and the e-mail variants (ADR 0220).
const OVERRIDDEN = [
  '/coupon/features/vipBet',
  '/office/pages/deposit/enabled',
  '/auth/social/enabled',
  '/registration/variants/social/enabled',
  '/registration/variants/phone/enabled',
  '/auth/methods/sms/enabled',
  '/registration/variants/full/enabled',
];

// Compliance asks the CLI "why is VIP off here?"; the site asks the server. Both must give the same answer (tools/cli README, "Why explain and show apply the server's overrides"):
// the server below is built from the environment main.ts would read, over the demo brands, and the CLI is the real
// command run with that environment.
describeEachDatabase('tessera config explain and show agree with the API', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const env = readEnv(PRODUCTION_ENV, root);
    app = await buildTestApp(ctx.db, {
      mode: env.mode,
      brandsDir: env.brandsDir,
      brandRegistry: await loadBrandRegistry({
        brandsDir: env.brandsDir,
        ...(env.platformLocalesDir ? { platformLocalesDir: env.platformLocalesDir } : {}),
        displayRoot: root,
      }),
      brandOverride: env.brandOverride,
      accountSecretKey: 'k'.repeat(32),
      payments: { provider: env.paymentProvider },
      logger: false,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('explains an overridden pointer as the API does: value, layer platform and reason', async () => {
    for (const pointer of OVERRIDDEN) {
      const api = await app.inject({
        url: `/web-api/site-config/explain?pointer=${pointer}`,
        headers: { host: 'polarbet.example' },
      });
      expect(api.statusCode).toBe(200);
      const answer = api.json() as {
        brand: string;
        country: string;
        language: string;
        value: unknown;
        layer: string;
        reason?: string;
      };
      expect(answer).toMatchObject({ brand: 'polar-bet', layer: 'platform', value: false });

      // One CLI run answers every pointer (the same brand, country and language for all of them).
      const cli = await tessera(
        ['config', 'explain', answer.brand, answer.country, answer.language, ...OVERRIDDEN],
        PRODUCTION_ENV,
      );
      const explained = block(cli.stdout, pointer);
      expect(field(explained, 'value')).toBe(JSON.stringify(answer.value));
      expect(field(explained, 'set by')).toBe(answer.layer);
      expect(field(explained, 'reason')).toBe(answer.reason);
    }
  });

  it('item 13: explains a captcha switched to the built-in check for want of its secret as the API does', async () => {
    // AlbionOdds (hCaptcha) and RheinWetten (reCAPTCHA) name their secrets' variables in server.json; neither is set.
    for (const host of ['albionodds.example', 'rheinwetten.example']) {
      const api = await app.inject({ url: '/web-api/site-config/explain?pointer=/captcha/type', headers: { host } });
      expect(api.statusCode).toBe(200);
      const answer = api.json() as {
        brand: string;
        country: string;
        language: string;
        value: unknown;
        layer: string;
        reason?: string;
      };
      expect(answer).toMatchObject({ layer: 'platform', value: 'altcha' });
      const cli = await tessera(
        ['config', 'explain', answer.brand, answer.country, answer.language, '/captcha/type'],
        PRODUCTION_ENV,
      );
      expect(field(cli.stdout, 'value')).toBe(JSON.stringify(answer.value));
      expect(field(cli.stdout, 'set by')).toBe(answer.layer);
      expect(field(cli.stdout, 'reason')).toBe(answer.reason);
    }
  });

  it('shows the configuration the site receives', async () => {
    const api = await app.inject({ url: '/web-api/site-config', headers: { host: 'polarbet.example' } });
    const site = api.json() as {
      country: string;
      language: string;
      config: {
        coupon: unknown;
        office: unknown;
        auth: { social: { enabled: boolean; providers: string[] } };
        registration: unknown;
      };
    };
    // PolarBet lists six social providers; a production server with no OAuth client for them offers none.
    expect(site.config.auth.social).toMatchObject({ enabled: false, providers: [] });
    const cli = await tessera(['config', 'show', 'polar-bet', site.country, site.language], PRODUCTION_ENV);
    const shown = JSON.parse(cli.stdout) as typeof site.config;
    expect(shown.coupon).toEqual(site.config.coupon);
    expect(shown.office).toEqual(site.config.office);
    expect(shown.auth).toEqual(site.config.auth);
    expect(shown.registration).toEqual(site.config.registration);
  });
});
