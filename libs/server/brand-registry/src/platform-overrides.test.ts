import { describe, expect, it } from 'vitest';
import { resolveSiteConfig } from '@tessera/shared/util-config';
import {
  applyOverrides,
  brandPlatformOverrides,
  configuredSocialProviders,
  explainSetting,
  overrideAt,
  platformOverrides,
  platformServicesFromEnv,
} from './platform-overrides';

describe('platform overrides', () => {
  it('switches off only what a missing service makes impossible', () => {
    expect(platformOverrides({ vipDesk: true, payments: true })).toEqual([]);
    expect(platformOverrides({ vipDesk: false, payments: true }).map((o) => o.pointer)).toEqual([
      '/coupon/features/vipBet',
    ]);
    expect(platformOverrides({ vipDesk: true, payments: false }).map((o) => o.pointer)).toEqual([
      '/office/pages/deposit/enabled',
      '/office/pages/withdraw/enabled',
    ]);
  });

  it('offers a brand only the social providers this server can sign in with, and none at all when none is left', () => {
    const all = { vipDesk: true, payments: true };
    const config = { auth: { social: { providers: ['vk', 'google', 'telegram'] } } };
    // A development server (no list): every provider the brand lists is served by the development identity provider.
    expect(brandPlatformOverrides(all, 'b', config)).toEqual([]);
    const some = brandPlatformOverrides({ ...all, socialProviders: () => new Set(['google']) }, 'b', config);
    expect(some.map((o) => [o.pointer, o.value])).toEqual([['/auth/social/providers', ['google']]]);
    expect(some[0]?.reason).toMatch(/^no OAuth client for vk, telegram is configured for this brand/);
    const none = brandPlatformOverrides(
      { ...all, socialProviders: configuredSocialProviders(() => ({ socialProviders: {} })) },
      'b',
      config,
    );
    expect(none.map((o) => [o.pointer, o.value])).toEqual([
      ['/auth/social/providers', []],
      ['/auth/social/enabled', false],
      ['/registration/variants/social/enabled', false],
    ]);
    // Per brand: the other brand's clients do not count.
    const perBrand = brandPlatformOverrides(
      { ...all, socialProviders: (id) => new Set(id === 'a' ? ['vk', 'google', 'telegram'] : []) },
      'a',
      config,
    );
    expect(perBrand).toEqual([]);
    // Production reads each brand's server.json; elsewhere no list is set.
    expect(
      platformServicesFromEnv({ NODE_ENV: 'production' }, () => ({ socialProviders: { vk: {} } })).socialProviders?.(
        'x',
      ),
    ).toEqual(new Set(['vk']));
    expect(platformServicesFromEnv({}, () => ({ socialProviders: { vk: {} } })).socialProviders).toBeUndefined();
  });

  it('item 15: without an SMS gateway, phone registration and SMS sign-in are off, and a preselection of either gives way', () => {
    const config = {
      registration: {
        defaultVariant: 'phone',
        variants: {
          fast: { enabled: true, order: 2 },
          phone: { enabled: true, order: 1 },
          full: { enabled: true, order: 3 },
          short: { enabled: false, order: 0 },
        },
      },
      auth: {
        defaultMethod: 'sms',
        methods: { email: { enabled: false }, phone: { enabled: true }, sms: { enabled: true }, id: { enabled: true } },
      },
    };
    expect(brandPlatformOverrides({ vipDesk: true, payments: true }, 'b', config)).toEqual([]);
    expect(brandPlatformOverrides({ vipDesk: true, payments: true, sms: true, email: true }, 'b', config)).toEqual([]);
    const off = brandPlatformOverrides({ vipDesk: true, payments: true, sms: false, email: true }, 'b', config);
    expect(off.map((o) => [o.pointer, o.value])).toEqual([
      ['/registration/variants/phone/enabled', false],
      ['/auth/methods/sms/enabled', false],
      ['/registration/defaultVariant', 'fast'],
      ['/auth/defaultMethod', 'phone'],
    ]);
    expect(off[0]?.reason).toBe(
      'no SMS gateway is configured on this server (SMS_GATEWAY_URL), so no code can reach a phone',
    );
    expect(off[2]?.reason).toBe(`the preselected variant phone is off: ${off[0]?.reason}`);
    // A brand that preselects an offered variant keeps it.
    const kept = brandPlatformOverrides({ vipDesk: true, payments: true, sms: false }, 'b', {
      ...config,
      registration: { ...config.registration, defaultVariant: 'full' },
      auth: { ...config.auth, defaultMethod: 'id' },
    });
    expect(kept.map((o) => o.pointer)).toEqual(['/registration/variants/phone/enabled', '/auth/methods/sms/enabled']);
    // Without e-mail, the variants that ask for an address are off: full and short always, others that require it.
    const mailless = {
      ...config,
      registration: {
        ...config.registration,
        defaultVariant: 'full',
        variants: { ...config.registration.variants, fast: { enabled: true, order: 2, requiredFields: ['email'] } },
      },
    };
    const noMail = brandPlatformOverrides({ vipDesk: true, payments: true, sms: true, email: false }, 'b', mailless);
    expect(noMail.map((o) => [o.pointer, o.value])).toEqual([
      ['/registration/variants/full/enabled', false],
      ['/registration/variants/short/enabled', false],
      ['/registration/variants/fast/enabled', false],
      ['/registration/defaultVariant', 'phone'],
    ]);
    expect(noMail[0]?.reason).toBe(
      'no e-mail gateway is configured on this server (SMTP_URL or SMTP_HOST), so no link or code can reach a mailbox',
    );
    // Nothing left (AlbionOdds offers only the full form): registration is closed, with the reason.
    const onlyFull = {
      registration: {
        enabled: true,
        defaultVariant: 'full',
        variants: {
          fast: { enabled: false },
          phone: { enabled: false },
          full: { enabled: true },
          short: { enabled: false },
        },
      },
    };
    const closed = brandPlatformOverrides({ vipDesk: true, payments: true, sms: false, email: false }, 'b', onlyFull);
    expect(closed.at(-1)).toEqual({
      pointer: '/registration/enabled',
      value: false,
      reason: `no registration variant of this brand can finish on this server: ${noMail[0]?.reason}`,
    });
  });

  it('applies to a copy along the path, leaving the shared resolved configuration and its other branches as they were', () => {
    const config = {
      coupon: { features: { vipBet: true, sale: true }, maxEvents: 30 },
      office: { pages: { deposit: { enabled: true }, security: { enabled: true } } },
    };
    const out = applyOverrides(config, platformOverrides({ vipDesk: false, payments: false }));
    expect(out.coupon.features).toEqual({ vipBet: false, sale: true });
    expect(out.office.pages.deposit).toEqual({ enabled: false });
    // The input is untouched; untouched branches are shared, not copied.
    expect(config.coupon.features.vipBet).toBe(true);
    expect(config.office.pages.deposit.enabled).toBe(true);
    expect(out.office.pages.security).toBe(config.office.pages.security);
    expect(applyOverrides(config, [])).toBe(config);
  });

  it('skips an override whose setting the configuration does not have', () => {
    const config = { coupon: { features: { sale: true } } };
    expect(applyOverrides(config, [{ pointer: '/office/pages/deposit/enabled', value: false, reason: 'x' }])).toEqual(
      config,
    );
    expect(applyOverrides(config, [{ pointer: '/coupon/features/vipBet', value: false, reason: 'x' }])).toEqual(config);
  });

  it('finds the override that decides a pointer, at it or above it', () => {
    const overrides = [{ pointer: '/office/pages/deposit', value: { enabled: false }, reason: 'r' }];
    expect(overrideAt(overrides, '/office/pages/deposit')?.reason).toBe('r');
    expect(overrideAt(overrides, '/office/pages/deposit/enabled')?.reason).toBe('r');
    expect(overrideAt(overrides, '/office/pages/depositX')).toBeUndefined();
    expect(overrideAt(overrides, '/office/pages')).toBeUndefined();
  });

  it('reads the services from the environment the API reads: no desk in production unless VIP_DESK names one, none where it says none, no provider where PAYMENT_PROVIDER is none', () => {
    expect(platformServicesFromEnv({})).toEqual({ vipDesk: true, payments: true });
    expect(platformServicesFromEnv({ NODE_ENV: 'test' })).toEqual({ vipDesk: true, payments: true });
    expect(platformServicesFromEnv({ NODE_ENV: 'production' })).toEqual({
      vipDesk: false,
      payments: false,
      sms: false,
      email: false,
    });
    // VIP_DESK=console: the console's traders decide (ADR 0315).
    expect(platformServicesFromEnv({ NODE_ENV: 'production', VIP_DESK: 'console' })).toMatchObject({ vipDesk: true });
    expect(platformServicesFromEnv({ NODE_ENV: 'test', VIP_DESK: 'none' })).toMatchObject({ vipDesk: false });
    expect(platformServicesFromEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', VIP_DESK: 'none' })).toEqual({
      vipDesk: false,
      payments: true,
      sms: false,
      email: false,
    });
    // Message gateways: production has the channels their variables configure; elsewhere the development outbox.
    expect(
      platformServicesFromEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://h', SMS_GATEWAY_URL: 'https://s' }),
    ).toMatchObject({ sms: true, email: true });
    expect(platformServicesFromEnv({ NODE_ENV: 'production', SMTP_HOST: 'h' })).toMatchObject({
      sms: false,
      email: true,
    });
    expect(platformServicesFromEnv({ PAYMENT_PROVIDER: 'NONE' })).toEqual({ vipDesk: true, payments: false });
    expect(() => platformServicesFromEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'PAYMENT_PROVIDER must be none or sandbox, got "stripe"',
    );
  });

  it('explains an overridden setting as layer platform with the reason, and an object above it with the value the site gets', () => {
    const resolved = resolveSiteConfig([
      { name: 'brand', file: 'brands/x/brand.json', data: { coupon: { features: { vipBet: true } } } },
    ]);
    const overrides = platformOverrides({ vipDesk: false, payments: true });
    expect(explainSetting(resolved, '/coupon/features/vipBet', [])).toMatchObject({
      value: true,
      layer: 'brand',
      file: 'brands/x/brand.json',
    });
    expect(explainSetting(resolved, '/coupon/features/vipBet', overrides)).toMatchObject({
      value: false,
      layer: 'platform',
      file: undefined,
      reason: expect.stringMatching(/trading desk/),
      provenance: { value: true, layer: 'brand' },
    });
    const features = explainSetting(resolved, '/coupon/features', overrides);
    expect((features?.value as { vipBet: boolean }).vipBet).toBe(false);
    expect(features?.layer).not.toBe('platform');
    expect(features?.overriddenBelow.map((o) => o.pointer)).toEqual(['/coupon/features/vipBet']);
    expect(explainSetting(resolved, '/coupon/nothing', overrides)).toBeUndefined();
  });
});
