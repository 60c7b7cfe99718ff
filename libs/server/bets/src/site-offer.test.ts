import { describe, expect, it } from 'vitest';
import { siteOfferFor } from './site-offer';

describe('siteOfferFor', () => {
  const football = { id: 1, kind: 'regular' };
  const tennis = { id: 2, kind: 'regular' };
  const cyber = { id: 85, kind: 'cyber' };
  const virtual = { id: 90, kind: 'virtual' };

  it('offers a game when its sport is allowed and its kind of betting (line or live) is on', () => {
    const offer = siteOfferFor({
      betting: { disallowedSports: [2], cyber: { enabled: false }, live: { enabled: false } },
    });
    expect(offer.offers({ status: 'prematch', sportId: 1 }, football)).toBe(true);
    expect(offer.offers({ status: 'live', sportId: 1 }, football)).toBe(false);
    expect(offer.offers({ status: 'prematch', sportId: 2 }, tennis)).toBe(false);
    expect(offer.offers({ status: 'prematch', sportId: 85 }, cyber)).toBe(false);
    expect(offer.offers({ status: 'prematch', sportId: 90 }, virtual)).toBe(true);
    expect(offer.offers({ status: 'finished', sportId: 1 }, football)).toBe(true);
    expect(offer.offers({ status: 'prematch', sportId: 7 }, undefined)).toBe(false);

    const noLine = siteOfferFor({ betting: { line: { enabled: false }, virtualSports: { enabled: false } } });
    expect(noLine.offers({ status: 'prematch', sportId: 1 }, football)).toBe(false);
    expect(noLine.offers({ status: 'live', sportId: 1 }, football)).toBe(true);
    expect(noLine.offers({ status: 'live', sportId: 90 }, virtual)).toBe(false);
  });

  it('is cached per configuration and keyed by its rules', () => {
    const config = { betting: { cyber: { enabled: false } } };
    expect(siteOfferFor(config)).toBe(siteOfferFor(config));
    expect(siteOfferFor({ betting: { cyber: { enabled: false } } }).key).toBe(siteOfferFor(config).key);
    expect(siteOfferFor({ betting: { live: { enabled: false } } }).key).not.toBe(siteOfferFor(config).key);
    expect(siteOfferFor({}).lineOn && siteOfferFor({}).liveOn).toBe(true);
  });
});
