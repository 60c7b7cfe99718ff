import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeInto, type JsonObject } from './merge';
import { platformDefaults, resolveSiteConfig, type ConfigLayer } from './resolve';

const brand: ConfigLayer = {
  name: 'brand',
  file: 'brands/acme/brand.json',
  data: {
    global: {
      brandName: 'Acme',
      domains: ['acme.localhost'],
      languages: ['en', 'de'],
      currencies: { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro' } },
    },
    betting: { views: [0, 1] },
    coupon: { features: { sale: true, insurance: true } },
  },
};
const germany: ConfigLayer = {
  name: 'country:de',
  file: 'brands/acme/countries/de.json',
  data: { coupon: { features: { sale: false } }, betting: { views: [1] } },
};
const english: ConfigLayer = {
  name: 'language:en',
  file: 'brands/acme/languages/en.json',
  data: { coupon: { features: { insurance: null } } },
};

describe('platform defaults (spec section 9)', () => {
  // Spec section 9, line by line; the constants left in code (no brand may change them) are listed in ADR 0185.
  it('carry the business constants', () => {
    const d = platformDefaults();
    // Default language ru; partner 1; coefficient view 0; CheckCf 0; multiEvent 0; coefficient format 0; views [0].
    expect(d.global.languages[0]).toBe('ru');
    expect(d.global.mainLanguage.code).toBe('ru');
    expect(d.global.refId).toBe(1);
    expect(d.betting.coefficientViewId).toBe(0);
    expect(d.betting.checkCf).toBe(0);
    expect(d.betting.multiEvent).toBe(0);
    expect(d.betting.defaultCoefficientFormat).toBe(0);
    expect(d.betting.views).toEqual([0]);
    // Coupon history 7 days; 50 bets in a coupon, 20 for system and multi; dashboard 20 games; minimum age 18;
    // auto-logoff 30 minutes, only with its flag; 15 payments shown; header 9 items, indent 100; media player mode 3;
    // about page over-amount 4000000.
    expect(d.coupon.historyDays).toBe(7);
    expect(d.coupon.maxEvents).toBe(50);
    expect(d.coupon.maxSystemEvents).toBe(20);
    expect(d.betting.dashboardGamesLimit).toBe(20);
    expect(d.registration.minAge).toBe(18);
    expect(d.auth.autoLogoff).toEqual({ enabled: false, minutes: 30, lifetimeMinutes: 720 });
    expect(d.office.paymentsShown).toBe(15);
    expect(d.header.maxVisibleNavItems).toBe(9);
    expect(d.header.navIndent).toBe(100);
    expect(d.application.mediaPlayerMode).toBe(3);
    expect(d.information.overAmount).toBe(4_000_000);
    // Phone 6 to 20 digits; search 100 characters.
    expect(d.registration.phone).toMatchObject({ minDigits: 6, maxDigits: 20 });
    expect(d.other.searchMaxLength).toBe(100);
    // Notifications 3000 ms, 260 wide, bottom right; time HH:mm, date dd/MM/yyyy, amount '{v} {c}'.
    expect(d.customize.notifications).toEqual({ durationMs: 3000, width: 260, position: 'bottom-right' });
    expect(d.global.timeFormat).toBe('HH:mm');
    expect(d.global.dateFormat).toBe('dd/MM/yyyy');
    expect(d.global.amountTemplate).toBe('{v} {c}');
    // Translations cached 15 minutes (the app dictionary setting is gone: translations ship with util-i18n); captcha script polled every 100 ms up to 300
    // times; the reCAPTCHA frame checked every 500 ms.
    expect(d.dictionary.cacheMs).toBe(900_000);
    expect(d.captcha.scriptPollMs).toBe(100);
    expect(d.captcha.scriptPollTries).toBe(300);
    expect(d.captcha.frameCheckMs).toBe(500);
    // Client storage: localforage / keyvaluepairs, version 1, 4980736 bytes; values expire after 900000 ms.
    expect(d.other.clientStorage).toEqual({
      name: 'localforage',
      storeName: 'keyvaluepairs',
      version: 1,
      sizeBytes: 4_980_736,
      defaultExpiryMs: 900_000,
    });
    // Scroller 1000 items, 200 px buffer, 300 ms sort delay, scrollbar flag reset after 150 ms; infinite scroll
    // threshold 0.1, margin 50%, near 100 px; scroll-to-top: arrow, after 4 screens, 100 top and 150 bottom, 150 ms;
    // tooltip 200 ms; scroll pause 300 ms; list pages of 50.
    expect(d.other.scroller).toEqual({ maxItems: 1000, bufferPx: 200, sortDelayMs: 300, scrollbarResetMs: 150 });
    expect(d.other.infiniteScroll).toEqual({ threshold: 0.1, rootMargin: '50%', nearEndPx: 100 });
    expect(d.other.scrollToTop).toEqual({
      type: 'arrow',
      screens: 4,
      topOffsetPx: 100,
      bottomOffsetPx: 150,
      throttleMs: 150,
    });
    expect(d.customize.hoverTooltipMs).toBe(200);
    expect(d.other.scrollPauseMs).toBe(300);
    expect(d.other.listPageLimit).toBe(50);
    // Multi-select 300 high, options 40 high, 1000 options, show limit 99999 (phone code row height is the theme's business); 5
    // skeleton rows; statistics widget at least 280 high; statistics popup 1024 wide.
    expect(d.customize.multiSelect).toEqual({
      maxHeightPx: 300,
      optionHeightPx: 40,
      optionsLimit: 1000,
      showLimit: 99_999,
    });
    expect(d.customize.skeletonItems).toBe(5);
    expect(d.thirdParty.statisticsWidget.minHeight).toBe(280);
    expect(d.other.statisticPopup.width).toBe(1024);
    // Performance thresholds (good/poor) and the page-load waits: cap 10000 ms, largest paint at 3000/7000/10000 ms.
    expect(d.thirdParty.analytics.performance).toEqual({
      thresholds: {
        firstContentfulPaintMs: { good: 1800, poor: 3000 },
        cumulativeLayoutShift: { good: 0.1, poor: 0.25 },
        firstInputDelayMs: { good: 100, poor: 300 },
        largestContentfulPaintMs: { good: 2500, poor: 4000 },
        timeToFirstByteMs: { good: 800, poor: 1800 },
      },
      pageLoadWaitCapMs: 10_000,
      largestPaintWaitsMs: [3000, 7000, 10_000],
    });
    // Analytics: every 3000 ms, 10 events a send, 5 requests a second, session 1800 s, A/B refresh 10 min, session
    // check 5 s, idle flush after 5 s, flush at 250 events, sampling 100 ms, inputs masked; the goal event ids.
    expect(d.thirdParty.analytics).toMatchObject({
      sendIntervalMs: 3000,
      eventsPerSend: 10,
      requestsPerSecond: 5,
      sessionTimeoutSeconds: 1800,
      abTestRefreshMinutes: 10,
      sessionCheckSeconds: 5,
      idleFlushSeconds: 5,
      bufferFlushEvents: 250,
      samplingMs: 100,
      maskInputs: true,
      eventIds: { registration: 1000, login: 3, successfulBet: 10_000, firstDeposit: 1531, reDeposit: 1532 },
    });
    // Image formats png, jpg, jpeg, webp, svg; the consultant key (the ui style is the brand's theme.json now).
    expect(d.application.imageFormats).toEqual(['png', 'jpg', 'jpeg', 'webp', 'svg']);
    expect(d.support.consultantIds).toEqual({ default: 'main' });
  });

  it('are a fresh copy each time', () => {
    const a = platformDefaults();
    a.coupon.maxEvents = 1;
    expect(platformDefaults().coupon.maxEvents).toBe(50);
  });
});

describe('resolveSiteConfig', () => {
  const resolved = resolveSiteConfig([brand, germany, english]);

  it('merges objects deeply and lets arrays replace', () => {
    expect(resolved.config.coupon.features.sale).toBe(false);
    expect(resolved.config.coupon.features.print).toBe(true);
    expect(resolved.config.betting.views).toEqual([1]);
  });

  it('keeps default entries of keyed maps when a layer adds or changes one', () => {
    const r = resolveSiteConfig([
      { ...brand, data: { ...brand.data, header: { navItems: { toto: { enabled: true } } } } },
    ]);
    expect(r.config.header.navItems['toto']).toMatchObject({ enabled: true, link: '/toto' });
    expect(r.config.header.navItems['line']?.enabled).toBe(true);
  });

  it('fills schema defaults inside entries a layer adds', () => {
    expect(resolved.config.global.currencies['EUR']).toMatchObject({ hide: false, isCrypto: false, baseRate: 1 });
  });

  it('says which layer and file set a value', () => {
    expect(resolved.explain('/coupon/features/sale')).toEqual({
      pointer: '/coupon/features/sale',
      value: false,
      layer: 'country:de',
      file: 'brands/acme/countries/de.json',
    });
    expect(resolved.explain('/coupon/features/print')).toMatchObject({
      layer: 'defaults',
      file: 'schemas/_coupon.schema.json',
    });
    expect(resolved.explain('/global/brandName')).toMatchObject({ layer: 'brand', file: 'brands/acme/brand.json' });
    expect(resolved.explain('/betting/views/0')).toMatchObject({ value: 1, layer: 'country:de' });
  });

  it('lists every layer that contributed to an object', () => {
    expect(resolved.explain('/coupon/features')?.contributors?.map((c) => c.layer)).toEqual([
      'brand',
      'country:de',
      'language:en',
    ]);
  });

  it('treats null as removal, falling back to the schema default, and records who removed it', () => {
    expect(resolved.config.coupon.features.insurance).toBe(false);
    expect(resolved.explain('/coupon/features/insurance')).toMatchObject({
      layer: 'defaults',
      removedBy: { layer: 'language:en' },
    });
  });

  it('returns undefined for a pointer with nothing there', () => {
    expect(resolved.explain('/coupon/nothing')).toBeUndefined();
  });

  it('is pure: inputs are unchanged and the same layers give an equal result', () => {
    const before = JSON.stringify([brand, germany, english]);
    const again = resolveSiteConfig([brand, germany, english]);
    expect(JSON.stringify([brand, germany, english])).toBe(before);
    expect(again.config).toEqual(resolved.config);
    expect(again.config).not.toBe(resolved.config);
  });
});

describe('mergeInto (properties)', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.integer(),
      fc.boolean(),
      fc.string(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      tie('object'),
    ),
    object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
  }));

  it('every non-null scalar or array of the upper layer wins; null keys are absent', () => {
    fc.assert(
      fc.property(json.object, json.object, (base, over) => {
        const merged = mergeInto(base as JsonObject, over as JsonObject);
        for (const [key, value] of Object.entries(over as JsonObject)) {
          if (value === null) expect(key in merged).toBe(false);
          else if (typeof value !== 'object' || Array.isArray(value)) expect(merged[key]).toEqual(value);
        }
      }),
    );
  });

  it('merging an empty layer changes nothing and never mutates its inputs', () => {
    fc.assert(
      fc.property(json.object, (base) => {
        const snapshot = JSON.stringify(base);
        const noNulls = JSON.parse(
          JSON.stringify(base, (_k, v: unknown) => (v === null ? undefined : v)),
        ) as JsonObject;
        expect(mergeInto({}, noNulls)).toEqual(noNulls);
        mergeInto(base as JsonObject, { a: 1 });
        expect(JSON.stringify(base)).toBe(snapshot);
      }),
    );
  });
});
