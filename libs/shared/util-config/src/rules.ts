import type { SiteConfig } from './generated/site-config.types';

/** A broken cross-field rule of a resolved configuration (the schema alone cannot say it). */
export interface RuleViolation {
  pointer: string;
  expected: string;
  found: unknown;
}

function quoteList(values: readonly (string | number)[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/**
 * Rules between fields: the default language, country, currency, odds format, view and registration variant
 * must be among the allowed ones, the currency keys must match their codes, an information page is offered only
 * in languages the site has, and the performance thresholds and largest-paint waits are in order.
 */
export function checkConfigRules(config: SiteConfig): RuleViolation[] {
  const out: RuleViolation[] = [];
  const g = config.global;
  if (!g) return out;
  if (g.languages && g.mainLanguage && !g.languages.includes(g.mainLanguage.code)) {
    out.push({
      pointer: '/global/mainLanguage/code',
      expected: `one of global.languages (${quoteList(g.languages)})`,
      found: g.mainLanguage.code,
    });
  }
  if (g.countries && g.defaultCountry && !g.countries.includes(g.defaultCountry)) {
    out.push({
      pointer: '/global/defaultCountry',
      expected: `one of global.countries (${quoteList(g.countries)})`,
      found: g.defaultCountry,
    });
  }
  if (g.currencies) {
    const codes = Object.keys(g.currencies);
    if (g.defaultCurrency && codes.length > 0 && !codes.includes(g.defaultCurrency)) {
      out.push({
        pointer: '/global/defaultCurrency',
        expected: `a key of global.currencies (${quoteList(codes)})`,
        found: g.defaultCurrency,
      });
    }
    for (const [key, currency] of Object.entries(g.currencies)) {
      if (currency && currency.code !== undefined && currency.code !== key)
        out.push({
          pointer: `/global/currencies/${key}/code`,
          expected: `the currency's key ${JSON.stringify(key)}`,
          found: currency.code,
        });
    }
  }
  const b = config.betting;
  if (b?.coefficientFormats && !b.coefficientFormats.includes(b.defaultCoefficientFormat)) {
    out.push({
      pointer: '/betting/defaultCoefficientFormat',
      expected: `one of betting.coefficientFormats (${quoteList(b.coefficientFormats)})`,
      found: b.defaultCoefficientFormat,
    });
  }
  if (b?.views && !b.views.includes(b.defaultView)) {
    out.push({
      pointer: '/betting/defaultView',
      expected: `one of betting.views (${quoteList(b.views)})`,
      found: b.defaultView,
    });
  }
  const r = config.registration;
  if (r?.enabled && r.variants && r.variants[r.defaultVariant]?.enabled === false) {
    const enabled = Object.entries(r.variants)
      .filter(([, v]) => v.enabled)
      .map(([k]) => k);
    out.push({
      pointer: '/registration/defaultVariant',
      expected: `an enabled variant (${quoteList(enabled)})`,
      found: r.defaultVariant,
    });
  }
  if (config.iframe?.enabled && config.iframe.allowedParents.length === 0) {
    out.push({
      pointer: '/iframe/allowedParents',
      expected: 'at least one origin when iframe.enabled is true',
      found: [],
    });
  }
  // A page offered in a language the site does not have would never be reachable in it.
  if (g.languages) {
    for (const [id, page] of Object.entries(config.information?.pages ?? {})) {
      page?.languages?.forEach((code, i) => {
        if (!g.languages?.includes(code))
          out.push({
            pointer: `/information/pages/${id}/languages/${i}`,
            expected: `one of global.languages (${quoteList(g.languages ?? [])})`,
            found: code,
          });
      });
    }
  }
  // A measure cannot be poor before it stops being good, and the largest-paint reports are taken in time order.
  const performance = config.thirdParty?.analytics?.performance;
  for (const [measure, t] of Object.entries(performance?.thresholds ?? {})) {
    if (t && t.good > t.poor)
      out.push({
        pointer: `/thirdParty/analytics/performance/thresholds/${measure}/poor`,
        expected: `at least good (${t.good})`,
        found: t.poor,
      });
  }
  performance?.largestPaintWaitsMs?.forEach((ms, i, all) => {
    if (i > 0 && ms <= (all[i - 1] as number))
      out.push({
        pointer: `/thirdParty/analytics/performance/largestPaintWaitsMs/${i}`,
        expected: `more than the wait before it (${all[i - 1]})`,
        found: ms,
      });
  });
  return out;
}
