import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { main } from './main';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(root, 'libs/server/brand-registry/src/fixtures/brands');

// The environment the CLI reads like the API does: empty is a development server (desk and payment provider).
function capture(cwd = root, env: Record<string, string> = {}): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (t) => void (out += `${t}\n`),
    err: (t) => void (err += `${t}\n`),
    cwd,
    root,
    env,
    stdout: () => out,
    stderr: () => err,
  };
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempBrands(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-brands-'));
  temps.push(dir);
  return dir;
}

describe('tessera config validate', () => {
  it('passes the demo brands with exit 0 and one line per brand', async () => {
    const io = capture();
    expect(await main(['config', 'validate'], io)).toBe(0);
    expect(io.stdout()).toMatch(
      /^ok {7}rhein-wetten {2}\(RheinWetten; 4 countries, languages de, en; jurisdictions de de-ggl, nl nl-ksa, es es-dgoj\)$/m,
    );
    expect(io.stdout()).toMatch(/\d+ valid, 0 refused/);
  });

  it('exits 1 and names the refused brand, file and pointer', async () => {
    const io = capture();
    expect(await main(['config', 'validate', fixtures], io)).toBe(1);
    expect(io.stdout()).toContain('ok       good-brand');
    expect(io.stderr()).toContain('REFUSED  invalid-brand  (5 issues)');
    // Locale overrides are checked against the platform dictionaries even for a brands folder elsewhere.
    expect(io.stderr()).toContain('found the unknown key "button.cancel"');
    expect(io.stderr()).toContain(
      '- libs/server/brand-registry/src/fixtures/brands/invalid-brand/brand.json at /coupon/maxEvents: expected an integer, found "fifty"',
    );
    expect(io.stderr()).toContain('1 valid, 4 refused');
    expect(io.stderr()).not.toMatch(/\n\s+at /);
  });

  it('exits 2 for a folder that does not exist', async () => {
    const io = capture();
    expect(await main(['config', 'validate', 'no/such/folder'], io)).toBe(2);
    expect(io.stderr()).toContain('no brands folder at no/such/folder');
  });
});

describe('tessera config explain', () => {
  it('shows the value and the layer and file that set it', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten', 'de', 'de', 'coupon.features.sale'], io)).toBe(0);
    expect(io.stdout()).toBe(
      [
        'rhein-wetten de de  /coupon/features/sale',
        '  value:  false',
        '  set by: country:de',
        '  file:   brands/rhein-wetten/countries/de.json',
        '  server: a server with a trading desk, a payment provider, the development outbox for SMS and e-mail and the development identity provider for social sign-in (from NODE_ENV=(unset) PAYMENT_PROVIDER=(unset) SMTP_URL/SMTP_HOST unset SMS_GATEWAY_URL unset; --services to change)',
        '',
      ].join('\n'),
    );
  });

  it('names the platform and its reason where the server overrides the brand files, as a production server does', async () => {
    const production = capture(root, { NODE_ENV: 'production' });
    expect(await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/coupon/features/vipBet'], production)).toBe(0);
    expect(production.stdout()).toBe(
      [
        'polar-bet kz ru  /coupon/features/vipBet',
        '  value:  false',
        '  set by: platform',
        '  reason: no trading desk is connected to this server, so VIP bets cannot be decided',
        '  brand files: true from brand (brands/polar-bet/brand.json), not applied on this server',
        "  server: a server with no trading desk, no payment provider, no SMS gateway, no e-mail gateway and the social sign-in clients of each brand's server.json (from NODE_ENV=production PAYMENT_PROVIDER=(unset) SMTP_URL/SMTP_HOST unset SMS_GATEWAY_URL unset; --services to change)",
        '',
      ].join('\n'),
    );
    // The same brand on a development server (a desk is connected): the brand file decides.
    const development = capture();
    expect(await main(['config', 'explain', 'polar-bet', 'kz', 'ru', 'coupon.features.vipBet'], development)).toBe(0);
    expect(development.stdout()).toContain('  value:  true\n  set by: brand\n  file:   brands/polar-bet/brand.json\n');
  });

  it('takes the services from --services over the environment, and names an override below an object', async () => {
    const io = capture(root, { NODE_ENV: 'production' });
    expect(
      await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/office/pages/deposit', '--services', 'vip-desk'], io),
    ).toBe(0);
    expect(io.stdout()).toContain('  value:  {\n            "enabled": false');
    expect(io.stdout()).toContain(
      '  platform: /office/pages/deposit/enabled is false: no payment provider is configured on this server, so deposits cannot be taken',
    );
    expect(io.stdout()).toContain('(from --services vip-desk; --services to change)');
    const vip = capture(root, { NODE_ENV: 'production' });
    expect(
      await main(
        ['config', 'explain', 'polar-bet', 'kz', 'ru', '/coupon/features/vipBet', '--services', 'vip-desk,payments'],
        vip,
      ),
    ).toBe(0);
    expect(vip.stdout()).toContain('  set by: brand\n');
  });

  it('names the platform for social providers a production server has no OAuth client for, as the site gets them', async () => {
    // PolarBet lists six providers and configures none in server.json: a production server offers none of them.
    const production = capture(root, { NODE_ENV: 'production' });
    expect(await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/auth/social/enabled'], production)).toBe(0);
    expect(production.stdout()).toContain('  value:  false\n  set by: platform\n');
    expect(production.stdout()).toContain(
      '  reason: no OAuth client for vk, ok, yandex, mailru, telegram, google is configured for this brand on this server (server.json socialProviders), so they could sign nobody in',
    );
    const variant = capture(root, { NODE_ENV: 'production' });
    expect(
      await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/registration/variants/social/enabled'], variant),
    ).toBe(0);
    expect(variant.stdout()).toContain('  value:  false\n  set by: platform\n');
    // A development server's identity provider serves every listed provider: the brand file decides.
    const development = capture();
    expect(await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/auth/social/providers'], development)).toBe(0);
    expect(development.stdout()).toContain('  set by: brand\n');
  });

  it('item 15: names the platform for phone registration and SMS sign-in on a production server without an SMS gateway', async () => {
    const production = capture(root, { NODE_ENV: 'production' });
    expect(
      await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/registration/variants/phone/enabled'], production),
    ).toBe(0);
    expect(production.stdout()).toContain(
      '  value:  false\n  set by: platform\n  reason: no SMS gateway is configured on this server (SMS_GATEWAY_URL), so no code can reach a phone\n',
    );
    // The preselected variant follows: PolarBet's default (phone) gives way to the first one still offered.
    const preselected = capture(root, { NODE_ENV: 'production' });
    expect(
      await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/registration/defaultVariant'], preselected),
    ).toBe(0);
    expect(preselected.stdout()).toContain(
      '  value:  "fast"\n  set by: platform\n  reason: the preselected variant phone is off: no SMS gateway',
    );
    // With the gateway configured (its URL only is read, never printed), the brand file decides again.
    const gateway = capture(root, { NODE_ENV: 'production', SMS_GATEWAY_URL: 'https://sms.example/send' });
    expect(await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/auth/methods/sms/enabled'], gateway)).toBe(0);
    expect(gateway.stdout()).toContain('  value:  true\n  set by: brand\n');
    expect(gateway.stdout()).toContain('an SMS gateway, no e-mail gateway');
    expect(gateway.stdout()).not.toContain('sms.example');
    const named = capture(root, { NODE_ENV: 'production' });
    expect(
      await main(
        ['config', 'explain', 'polar-bet', 'kz', 'ru', '/registration/variants/phone/enabled', '--services', 'sms'],
        named,
      ),
    ).toBe(0);
    expect(named.stdout()).toContain('  value:  true\n  set by: defaults\n');
  });

  it('exits 2 for a service it does not know', async () => {
    const io = capture();
    expect(
      await main(['config', 'explain', 'polar-bet', 'kz', 'ru', '/coupon/features/vipBet', '--services', 'desk'], io),
    ).toBe(2);
    expect(io.stderr()).toContain(
      '--services: unknown service "desk" (known: vip-desk, payments, sms, email, or none alone)',
    );
  });

  it('names the schema file for a platform default', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten', 'at', 'de', '/coupon/maxSystemEvents'], io)).toBe(0);
    expect(io.stdout()).toContain('set by: defaults');
    expect(io.stdout()).toContain('file:   schemas/_coupon.schema.json');
  });

  it('explains why a refused brand cannot be explained', async () => {
    const io = capture();
    expect(
      await main(['config', 'explain', 'invalid-brand', 'ru', 'ru', 'coupon.maxEvents', '--brands-dir', fixtures], io),
    ).toBe(1);
    expect(io.stderr()).toContain('brand "invalid-brand" is refused');
  });

  it('exits 2 with usage when arguments are missing', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten'], io)).toBe(2);
    expect(io.stderr()).toContain('usage: tessera config explain');
  });

  it('exits 1 when nothing is at the path', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten', 'de', 'de', 'coupon.nothing'], io)).toBe(1);
  });
});

describe('tessera config show', () => {
  it('prints the resolved configuration as JSON', async () => {
    const io = capture();
    expect(await main(['config', 'show', 'albion-odds', 'gb', 'en'], io)).toBe(0);
    const config = JSON.parse(io.stdout()) as {
      global: { defaultCurrency: string };
      responsible: { realityCheck: { enabled: boolean } };
    };
    expect(config.global.defaultCurrency).toBe('GBP');
    expect(config.responsible.realityCheck.enabled).toBe(true);
  });

  it('prints the configuration the site gets from the server: the platform overrides applied, and said on stderr', async () => {
    const io = capture();
    expect(await main(['config', 'show', 'polar-bet', 'kz', 'ru', '--services', 'none'], io)).toBe(0);
    const config = JSON.parse(io.stdout()) as {
      coupon: { features: { vipBet: boolean; powerBet: boolean } };
      office: { pages: { deposit: { enabled: boolean } } };
    };
    expect(config.coupon.features).toMatchObject({ vipBet: false, powerBet: true });
    expect(config.office.pages.deposit.enabled).toBe(false);
    expect(io.stderr()).toContain(
      'tessera: platform sets /coupon/features/vipBet to false: no trading desk is connected',
    );
    const development = capture();
    expect(await main(['config', 'show', 'polar-bet', 'kz', 'ru'], development)).toBe(0);
    expect((JSON.parse(development.stdout()) as typeof config).coupon.features.vipBet).toBe(true);
  });

  it('exits 2 for an unknown brand', async () => {
    const io = capture();
    expect(await main(['config', 'show', 'nobody', 'gb', 'en'], io)).toBe(2);
    expect(io.stderr()).toContain('unknown brand "nobody"');
  });
});

describe('tessera brand new', () => {
  it('scaffolds a brand that validates with no code change', async () => {
    const dir = tempBrands();
    const io = capture();
    expect(
      await main(['brand', 'new', 'lucky-star', '--name', 'Lucky Star', '--currency', 'GBP', '--brands-dir', dir], io),
    ).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'lucky-star')).sort()).toEqual([
      'assets',
      'brand.json',
      'content',
      'theme.json',
    ]);
    // The information pages the site links, ready for the operator to make the brand's own.
    expect(fs.readdirSync(path.join(dir, 'lucky-star', 'content', 'en')).sort()).toEqual([
      'about.md',
      'contacts.md',
      'cookies.md',
      'howbet.md',
      'payment.md',
      'privacyPolicy.md',
      'responsiblegaming.md',
      'rules.md',
    ]);
    expect(io.stdout()).toContain('valid: Lucky Star on lucky-star.localhost');
    const check = capture();
    expect(await main(['config', 'validate', dir], check)).toBe(0);
    expect(check.stdout()).toContain('ok       lucky-star');
  });

  it('refuses an id that is not kebab-case', async () => {
    const io = capture();
    expect(await main(['brand', 'new', 'Lucky_Star', '--brands-dir', tempBrands()], io)).toBe(2);
    expect(io.stderr()).toContain('"Lucky_Star" is not a brand id');
  });

  it('refuses an existing brand', async () => {
    const dir = tempBrands();
    fs.mkdirSync(path.join(dir, 'taken'));
    const io = capture();
    expect(await main(['brand', 'new', 'taken', '--brands-dir', dir], io)).toBe(2);
    expect(io.stderr()).toContain('already exists');
  });
});

describe('usage', () => {
  it('prints help with exit 0 on --help and exit 2 for an unknown command', async () => {
    const help = capture();
    expect(await main(['--help'], help)).toBe(0);
    expect(help.stdout()).toContain('tessera config validate');
    const wrong = capture();
    expect(await main(['config', 'frobnicate'], wrong)).toBe(2);
    expect(wrong.stderr()).toContain('unknown command "config frobnicate"');
  });
});
