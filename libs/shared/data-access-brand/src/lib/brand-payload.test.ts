import type { SiteConfig } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { configValue, isFeatureOn } from './brand-payload';

const config = {
  coupon: { features: { sale: true, print: false } },
  promo: { enabled: true },
  toto: { enabled: false },
  modules: { casino: { categories: { keno: { enabled: true } } } },
} as unknown as SiteConfig;

describe('configValue', () => {
  it('reads a dotted path and stops at missing steps', () => {
    expect(configValue(config, 'coupon.features.sale')).toBe(true);
    expect(configValue(config, 'coupon.nothing.here')).toBeUndefined();
  });

  it('does not walk into inherited properties', () => {
    expect(configValue(config, 'coupon.constructor')).toBeUndefined();
  });
});

describe('isFeatureOn', () => {
  it('reads coupon.sale as coupon.features.sale', () => {
    expect(isFeatureOn(config, 'coupon.sale')).toBe(true);
    expect(isFeatureOn(config, 'coupon.print')).toBe(false);
  });

  it('reads switch objects by their enabled flag', () => {
    expect(isFeatureOn(config, 'promo')).toBe(true);
    expect(isFeatureOn(config, 'toto')).toBe(false);
    expect(isFeatureOn(config, 'modules.casino.categories.keno')).toBe(true);
  });

  it('treats unknown paths and non-boolean values as off', () => {
    expect(isFeatureOn(config, 'coupon.teleport')).toBe(false);
    expect(isFeatureOn(config, 'coupon')).toBe(false);
  });
});
