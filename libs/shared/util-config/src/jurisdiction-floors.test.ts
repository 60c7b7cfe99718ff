import { describe, expect, it } from 'vitest';
import type { JurisdictionProfile } from './generated/jurisdiction.types';
import {
  checkJurisdictionProfile,
  floorViolations,
  jurisdictionLayer,
  meetsFloor,
  validateJurisdictionFloors,
} from './jurisdiction-floors';
import { resolveSiteConfig, type ConfigLayer } from './resolve';

const source = { instrument: 'Test Act 2026', provision: '§ 1' };

/** A small profile over settings whose platform defaults are known: interval 60, enabled false, limit types all five. */
function profile(rules: JurisdictionProfile['rules']): JurisdictionProfile {
  return { id: 'xx-test', name: 'Test land', regulator: 'Test Commission', rules };
}

const strict = profile([
  {
    id: 'XX-RC-1',
    statement: 'Reality checks are on.',
    source,
    floors: [{ setting: '/responsible/realityCheck/enabled', operator: 'equals', value: true }],
    enforcedBy: 'configuration',
  },
  {
    id: 'XX-RC-2',
    statement: 'A reality check comes at least every 45 minutes.',
    source,
    floors: [{ setting: '/responsible/realityCheck/intervalMinutes', operator: 'max', value: 45 }],
    enforcedBy: 'configuration',
  },
  {
    id: 'XX-LIM-1',
    statement: 'Raising a limit waits a week.',
    source: { ...source, inForce: '2026-01-01' },
    floors: [{ setting: '/responsible/coolingOffHours', operator: 'min', value: 168 }],
    enforcedBy: 'server',
  },
  {
    id: 'XX-LIM-2',
    statement: 'No wager limits are offered, timeouts are.',
    source,
    floors: [
      { setting: '/responsible/limitTypes', operator: 'excludes', value: ['wager'] },
      { setting: '/responsible/limitTypes', operator: 'includes', value: ['timeout'] },
    ],
    enforcedBy: 'server',
  },
]);

const brand = (data: ConfigLayer['data']): ConfigLayer => ({ name: 'brand', file: 'brands/acme/brand.json', data });
const country = (data: ConfigLayer['data']): ConfigLayer => ({
  name: 'country:xx',
  file: 'brands/acme/countries/xx.json',
  data,
});
const base = {
  global: { currencies: { EUR: { id: 1, code: 'EUR', symbol: '€', name: 'Euro' } }, defaultCurrency: 'EUR' },
};

describe('meetsFloor', () => {
  it('holds each operator to its bound, an absent number to none and an absent list to having nothing', () => {
    expect(meetsFloor({ setting: '/a', operator: 'min', value: 24 }, 24)).toBe(true);
    expect(meetsFloor({ setting: '/a', operator: 'min', value: 24 }, 23)).toBe(false);
    expect(meetsFloor({ setting: '/a', operator: 'min', value: 24 }, undefined)).toBe(false);
    expect(meetsFloor({ setting: '/a', operator: 'max', value: 30 }, 30)).toBe(true);
    expect(meetsFloor({ setting: '/a', operator: 'max', value: 30 }, 31)).toBe(false);
    expect(meetsFloor({ setting: '/a', operator: 'max', value: 30 }, undefined)).toBe(false);
    expect(meetsFloor({ setting: '/a', operator: 'equals', value: true }, true)).toBe(true);
    expect(meetsFloor({ setting: '/a', operator: 'equals', value: true }, 'true')).toBe(false);
    expect(meetsFloor({ setting: '/a', operator: 'includes', value: ['a', 'b'] }, ['b', 'c', 'a'])).toBe(true);
    expect(meetsFloor({ setting: '/a', operator: 'includes', value: ['a', 'b'] }, ['a'])).toBe(false);
    expect(meetsFloor({ setting: '/a', operator: 'excludes', value: ['c'] }, ['a'])).toBe(true);
    expect(meetsFloor({ setting: '/a', operator: 'excludes', value: ['c'] }, undefined)).toBe(true);
    expect(meetsFloor({ setting: '/a', operator: 'excludes', value: ['c'] }, ['a', 'c'])).toBe(false);
  });
});

describe('jurisdictionLayer', () => {
  it("writes each floor's bound over the platform defaults, and each value knows its rule", () => {
    const layer = jurisdictionLayer(strict, 'jurisdictions/xx-test.json');
    expect(layer.name).toBe('jurisdiction:xx-test');
    expect(layer.data).toEqual({
      responsible: {
        realityCheck: { enabled: true, intervalMinutes: 45 },
        coolingOffHours: 168,
        limitTypes: ['deposit', 'loss', 'session', 'timeout'],
      },
    });
    expect(layer.rules?.['/responsible/coolingOffHours']).toEqual({
      id: 'XX-LIM-1',
      statement: 'Raising a limit waits a week.',
      source: 'Test Act 2026, § 1 (in force 2026-01-01)',
    });
  });

  it('leaves a platform default that is already stricter than the floor', () => {
    const loose = profile([
      {
        id: 'XX-RC-3',
        statement: 'A reality check comes at least every 120 minutes.',
        source,
        floors: [{ setting: '/responsible/realityCheck/intervalMinutes', operator: 'max', value: 120 }],
        enforcedBy: 'configuration',
      },
    ]);
    expect(jurisdictionLayer(loose, 'x.json').data).toEqual({});
  });
});

describe('the profile as a layer between the platform defaults and the brand', () => {
  const floors = jurisdictionLayer(strict, 'jurisdictions/xx-test.json');

  it('raises an unset value, and explain names the rule that decided it', () => {
    const resolved = resolveSiteConfig([floors, brand(base)]);
    expect(resolved.config.responsible.coolingOffHours).toBe(168);
    expect(resolved.explain('/responsible/coolingOffHours')).toMatchObject({
      layer: 'jurisdiction:xx-test',
      file: 'jurisdictions/xx-test.json',
      rule: { id: 'XX-LIM-1' },
    });
    expect(floorViolations(resolved.config, strict)).toEqual([]);
  });

  it('lets a brand be stricter, and then the brand set the value', () => {
    const resolved = resolveSiteConfig([floors, brand({ ...base, responsible: { coolingOffHours: 720 } })]);
    expect(resolved.explain('/responsible/coolingOffHours')).toMatchObject({ layer: 'brand', value: 720 });
    expect(resolved.explain('/responsible/coolingOffHours')?.rule).toBeUndefined();
    expect(validateJurisdictionFloors(resolved, strict, 'xx')).toEqual([]);
  });

  it('refuses a weaker value, blamed on the file that set it, naming the country, rule id and statement', () => {
    const resolved = resolveSiteConfig([
      floors,
      brand({ ...base, responsible: { realityCheck: { intervalMinutes: 90 } } }),
      country({ responsible: { limitTypes: ['deposit', 'wager'], coolingOffHours: 24 } }),
    ]);
    expect(validateJurisdictionFloors(resolved, strict, 'xx').map((i) => i.message)).toEqual([
      'brands/acme/brand.json at /responsible/realityCheck/intervalMinutes: expected at most 45 for country xx, as jurisdiction xx-test rule XX-RC-2 requires ("A reality check comes at least every 45 minutes."), found 90',
      'brands/acme/countries/xx.json at /responsible/coolingOffHours: expected at least 168 for country xx, as jurisdiction xx-test rule XX-LIM-1 requires ("Raising a limit waits a week."), found 24',
      'brands/acme/countries/xx.json at /responsible/limitTypes: expected a list without "wager" for country xx, as jurisdiction xx-test rule XX-LIM-2 requires ("No wager limits are offered, timeouts are."), found ["deposit", "wager"]',
      'brands/acme/countries/xx.json at /responsible/limitTypes: expected a list including "timeout" for country xx, as jurisdiction xx-test rule XX-LIM-2 requires ("No wager limits are offered, timeouts are."), found ["deposit", "wager"]',
    ]);
  });

  it('refuses a value removed with null where the floor needs one', () => {
    const deadline = profile([
      {
        id: 'XX-KYC-1',
        statement: 'Players are verified within 30 days.',
        source,
        floors: [{ setting: '/verification/requiredBefore/deadlineDays', operator: 'max', value: 30 }],
        enforcedBy: 'server',
      },
    ]);
    const resolved = resolveSiteConfig([
      jurisdictionLayer(deadline, 'jurisdictions/xx-test.json'),
      brand({ ...base, verification: { requiredBefore: { deadlineDays: null } } }),
    ]);
    expect(validateJurisdictionFloors(resolved, deadline, 'xx').map((i) => i.message)).toEqual([
      'brands/acme/brand.json at /verification/requiredBefore/deadlineDays: expected at most 30 for country xx, as jurisdiction xx-test rule XX-KYC-1 requires ("Players are verified within 30 days."), found nothing',
    ]);
  });
});

describe('checkJurisdictionProfile', () => {
  const file = 'jurisdictions/xx-test.json';

  it('accepts a valid profile and gives its layer', () => {
    const { loaded, issues } = checkJurisdictionProfile(strict, file, 'xx-test');
    expect(issues).toEqual([]);
    expect(loaded?.layer.file).toBe(file);
  });

  it('refuses a profile against its schema, with the pointer', () => {
    const { issues } = checkJurisdictionProfile(
      {
        ...strict,
        rules: [{ ...strict.rules[0], floors: [{ setting: 'responsible', operator: 'atMost', value: 1 }] }],
      },
      file,
      'xx-test',
    );
    expect(issues.map((i) => `${i.pointer}: ${i.expected}`)).toEqual([
      '/rules/0/floors/0/setting: JSON pointer into the resolved site configuration (/responsible/realityCheck/enabled) (text matching ^(/[^/]+)+$)',
      '/rules/0/floors/0/operator: one of "min", "max", "equals", "includes", "excludes"',
    ]);
  });

  it('refuses an id other than the file name, a repeated rule id, and a rule with neither floors nor pending', () => {
    const first = strict.rules[0] as JurisdictionProfile['rules'][number];
    const { issues } = checkJurisdictionProfile(
      {
        ...strict,
        id: 'yy-test',
        rules: [first, first, { id: 'XX-P-1', statement: 'Something pending here.', source }],
      },
      file,
      'xx-test',
    );
    expect(issues.map((i) => i.message)).toEqual([
      'jurisdictions/xx-test.json at /id: expected the file\'s name "xx-test", found "yy-test"',
      'jurisdictions/xx-test.json at /rules/1/id: expected a rule id not used before in this profile, found "XX-RC-1"',
      'jurisdictions/xx-test.json at /rules/2: expected either floors (with enforcedBy) or pending, found neither',
    ]);
  });

  it('refuses a floor over a setting the site configuration does not have', () => {
    const { issues } = checkJurisdictionProfile(
      profile([
        {
          id: 'XX-RC-9',
          statement: 'Reality checks are on.',
          source,
          floors: [{ setting: '/responsible/realityChecks/enabled', operator: 'equals', value: true }],
          enforcedBy: 'configuration',
        },
      ]),
      file,
      'xx-test',
    );
    expect(issues.map((i) => i.message)).toEqual([
      'jurisdictions/xx-test.json at /rules: expected floors over settings of the site configuration (/responsible/realityChecks: no property "realityChecks" (did you mean "realityCheck"?)), found an object with "enabled"',
    ]);
  });
});
