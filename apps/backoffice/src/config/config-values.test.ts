import { describe, expect, it } from 'vitest';
import { changedValues, mergeJson, owns, sectionSchema, withoutValue } from './config-values';

describe('what a configuration form changed', () => {
  it('keeps only the values that differ, objects walked and arrays whole', () => {
    const now = { features: { sale: true, partSale: false }, maxEvents: 30, payments: ['visa', 'sofort'] };
    const edited = { features: { sale: false, partSale: false }, maxEvents: 30, payments: ['visa'] };
    expect(changedValues(now, edited)).toEqual({ features: { sale: false }, payments: ['visa'] });
    expect(changedValues(now, structuredClone(now))).toBeUndefined();
  });

  it('merges a change into the scope and removes one value, dropping emptied objects', () => {
    const scope = { coupon: { features: { sale: false } }, responsible: { showSessionTimer: true } };
    expect(mergeJson(scope, { coupon: { features: { partSale: false } } })).toEqual({
      coupon: { features: { sale: false, partSale: false } },
      responsible: { showSessionTimer: true },
    });
    expect(withoutValue(scope, ['coupon', 'features', 'sale'])).toEqual({ responsible: { showSessionTimer: true } });
  });
});

describe('ownership as the server sends it', () => {
  const compliance = [
    { pointer: '/*/features', scope: 'country' as const },
    { pointer: '/responsible', scope: 'any' as const },
  ];

  it('gives compliance features in a country and the responsible section anywhere, nothing else', () => {
    expect(owns(compliance, '/coupon/features/sale', true)).toBe(true);
    expect(owns(compliance, '/coupon/features/sale', false)).toBe(false);
    expect(owns(compliance, '/responsible/realityCheck/intervalMinutes', false)).toBe(true);
    expect(owns(compliance, '/coupon/maxEvents', true)).toBe(false);
    expect(owns([{ pointer: '', scope: 'any' }], '/global/timezone', false)).toBe(true);
  });
});

describe("a section's schema for a form", () => {
  it('follows the reference into $defs, keeps them beside it, and drops every default', () => {
    const bundle = {
      properties: { coupon: { $ref: '#/$defs/coupon', default: {} } },
      $defs: {
        coupon: {
          type: 'object',
          default: {},
          properties: { features: { type: 'object', properties: { sale: { type: 'boolean', default: true } } } },
        },
      },
    };
    const schema = sectionSchema(bundle, 'coupon');
    expect(schema).toMatchObject({ type: 'object', title: 'coupon' });
    expect(JSON.stringify(schema)).not.toContain('"default"');
    expect(schema?.['$defs']).toBeDefined();
    expect(sectionSchema(bundle, 'nothing')).toBeUndefined();
  });
});
