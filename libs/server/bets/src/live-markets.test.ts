import fs from 'node:fs';
import { SHIPPED_JURISDICTION_FILES } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { liveMarketRuleFor } from './live-markets';
import { siteOfferFor } from './site-offer';

const live = { status: 'live' };
const prematch = { status: 'prematch' };

describe('the live market rule (betting.live.closedMarketTypes)', () => {
  it('closes the listed types on live games only', () => {
    const rule = liveMarketRuleFor({ live: { closedMarketTypes: ['total', 'handicap'] } });
    expect(rule.restricted).toBe(true);
    expect(rule.offersMarket(live, { type: '1x2' })).toBe(true);
    expect(rule.offersMarket(live, { type: 'total' })).toBe(false);
    expect(rule.offersMarket(prematch, { type: 'total' })).toBe(true);
    expect(rule.offersMarket({ status: 'finished' }, { type: 'handicap' })).toBe(true);
  });

  it('closes a live market without a type once any type is closed, and nothing when none is', () => {
    expect(liveMarketRuleFor({ live: { closedMarketTypes: ['btts'] } }).offersMarket(live, {})).toBe(false);
    const open = liveMarketRuleFor({});
    expect(open.restricted).toBe(false);
    expect(open.offersMarket(live, {})).toBe(true);
    expect(open.offersMarket(live, { type: 'total' })).toBe(true);
  });

  it('keys the site offer by the closed types, so caches keep countries with other rules apart', () => {
    const de = siteOfferFor({ betting: { live: { closedMarketTypes: ['total', 'btts'] } } });
    const same = siteOfferFor({ betting: { live: { closedMarketTypes: ['btts', 'total'] } } });
    const none = siteOfferFor({ betting: {} });
    expect(de.key).toBe(same.key);
    expect(de.key).not.toBe(none.key);
    expect(de.offersMarket(live, { type: 'total' })).toBe(false);
    expect(de.liveMarketsRestricted).toBe(true);
  });
});

describe('DEGGL-LIVE-1 against the market types the schema knows', () => {
  it('leaves exactly the final-result markets open in Germany, so a new market type cannot slip through unlisted', () => {
    const betting = JSON.parse(
      fs.readFileSync(new URL('../../../../schemas/_betting.schema.json', import.meta.url), 'utf8'),
    ) as { properties: { live: { properties: { closedMarketTypes: { items: { enum: string[] } } } } } };
    const known = betting.properties.live.properties.closedMarketTypes.items.enum;
    const profile = SHIPPED_JURISDICTION_FILES['de-ggl'] as unknown as {
      rules: Array<{ id: string; floors?: Array<{ setting: string; value: string[] }> }>;
    };
    const floor = profile.rules
      .find((r) => r.id === 'DEGGL-LIVE-1')
      ?.floors?.find((f) => f.setting === '/betting/live/closedMarketTypes');
    const rule = liveMarketRuleFor({ live: { closedMarketTypes: floor?.value ?? [] } });
    expect(known.filter((type) => rule.offersMarket(live, { type }))).toEqual(['1x2', 'winner']);
  });
});
