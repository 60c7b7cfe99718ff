import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import bundle from '../generated/site-config.schema.bundle.json';
import { listSchemaProperties } from './schema-properties';
import { judgeProperties, judgeWorkspace, unmarkedUnread } from './schema-reads';
import { readChainsOfFiles } from './source-reads';

const WORKSPACE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * Properties production code reads in a way the scanner cannot follow, with the file that reads them. Each entry
 * is checked: the file must exist and name every property, or the entry is stale.
 */
const READ_OUT_OF_SIGHT: Record<string, { file: string; names: string[]; why: string }> = {
  '/registration/phone/countries/*': {
    file: 'libs/account/util-validation/src/lib/phone-rules.ts',
    names: ['countries', 'PhoneCode', 'Mask', 'Min', 'Max', 'FirstDigits'],
    why: "each rule is copied ({ ...rule, Iso }) into the validator's own PhoneCountryRule, which validate-phone.ts reads",
  },
  '/global/amountTemplate': {
    file: 'libs/shared/util-format/src/amount.ts',
    names: ['amountTemplate', 'amountTemplateFor'],
    why: 'useSiteFormat passes global to createSiteFormat, which hands it to amountTemplateFor: two calls deep',
  },
  '/global/amountTemplates': {
    file: 'libs/shared/util-format/src/amount.ts',
    names: ['amountTemplates', 'amountTemplateFor'],
    why: 'useSiteFormat passes global to createSiteFormat, which hands it to amountTemplateFor: two calls deep',
  },
  '/coupon/fullCoverBets': {
    file: 'libs/sportsbook/util-coupon/src/full-cover.ts',
    names: [
      'offeredFullCoverBets',
      'trixie',
      'patent',
      'yankee',
      'lucky15',
      'superYankee',
      'lucky31',
      'heinz',
      'lucky63',
      'superHeinz',
      'goliath',
    ],
    why: 'the server (bets.config.ts) and the slip (coupon-config.ts) pass coupon.fullCoverBets to offeredFullCoverBets, which looks every name of FULL_COVER_BETS up by key in a library that names no configuration type',
  },
  '/modules/casino/slots/autoplay': {
    file: 'libs/casino/feature-casino/src/lib/slot-pacing.ts',
    names: ['autoplay', 'slotPlayOf'],
    why: "the casino's launch sends modules.casino.slots whole as the game's rules.play (casino.module.ts), which the game page reads from the untyped answer in slotPlayOf",
  },
  '/modules/casino/slots/turbo': {
    file: 'libs/casino/feature-casino/src/lib/slot-pacing.ts',
    names: ['turbo', 'slotPlayOf'],
    why: "the casino's launch sends modules.casino.slots whole as the game's rules.play (casino.module.ts), which the game page reads from the untyped answer in slotPlayOf",
  },
  '/modules/casino/slots/celebrateWinsBelowStake': {
    file: 'libs/casino/feature-casino/src/lib/slot-pacing.ts',
    names: ['celebrateWinsBelowStake', 'slotPlayOf'],
    why: "the casino's launch sends modules.casino.slots whole as the game's rules.play (casino.module.ts), which the game page reads from the untyped answer in slotPlayOf",
  },
};

function judge(files: Record<string, string>, schema: Record<string, unknown>) {
  const sources = Object.entries(files).map(([name, text]) => ({ name, text }));
  return judgeProperties(schema, (typeChains) => readChainsOfFiles(sources, typeChains));
}

const SCHEMA = {
  title: 'SiteConfig',
  type: 'object',
  properties: {
    coupon: {
      $ref: '#/$defs/coupon',
    },
    betting: {
      type: 'object',
      properties: {
        features: { type: 'object', properties: { sale: { type: 'boolean' }, live: { type: 'boolean' } } },
      },
    },
    footer: {
      type: 'object',
      properties: {
        links: {
          type: 'object',
          additionalProperties: {
            title: 'FooterLink',
            type: 'object',
            properties: { title: { type: 'string' }, order: { type: 'integer' } },
          },
        },
      },
    },
    responsible: {
      type: 'object',
      'x-planned': 'responsible gambling (issue 13)',
      properties: { limits: { type: 'boolean' } },
    },
  },
  $defs: {
    coupon: {
      title: 'CouponSection',
      type: 'object',
      properties: {
        maxEvents: { type: 'integer' },
        features: {
          title: 'CouponFeatures',
          type: 'object',
          properties: { sale: { type: 'boolean' }, print: { type: 'boolean' } },
        },
      },
    },
  },
};

const readOf = (verdicts: ReturnType<typeof judge>) => Object.fromEntries(verdicts.map((v) => [v.pointer, v.read]));

describe('schema properties', () => {
  it('lists every property by path, through $refs and maps, with the planned mark inherited', () => {
    const listed = listSchemaProperties(SCHEMA).filter((p) => !p.item);
    expect(listed.map((p) => p.pointer)).toEqual([
      '/coupon',
      '/coupon/maxEvents',
      '/coupon/features',
      '/coupon/features/sale',
      '/coupon/features/print',
      '/betting',
      '/betting/features',
      '/betting/features/sale',
      '/betting/features/live',
      '/footer',
      '/footer/links',
      '/footer/links/*/title',
      '/footer/links/*/order',
      '/responsible',
      '/responsible/limits',
    ]);
    expect(listed.find((p) => p.pointer === '/responsible/limits')?.planned).toBe('responsible gambling (issue 13)');
  });
});

describe('reads in source code', () => {
  it('counts a typed property chain, and not the same name in another section', () => {
    const verdicts = judge(
      { 'a.ts': 'export const on = (config: SiteConfig) => config.coupon.features.sale;' },
      SCHEMA,
    );
    expect(readOf(verdicts)).toMatchObject({
      '/coupon/features/sale': true,
      '/coupon/features': true,
      '/coupon': true,
      '/betting/features/sale': false,
      '/coupon/features/print': false,
    });
  });

  it('follows aliases, destructuring and generated type names', () => {
    const verdicts = judge(
      {
        'a.ts':
          'const features = config.coupon.features;\nexport const a = features.print;\nexport const { maxEvents } = config.coupon;',
        'b.ts':
          'export function live(section: SiteConfig["betting"]) { const { features: { live } } = section; return live; }',
      },
      SCHEMA,
    );
    expect(readOf(verdicts)).toMatchObject({
      '/coupon/features/print': true,
      '/coupon/maxEvents': true,
      '/betting/features/live': true,
      '/betting/features/sale': false,
    });
  });

  it('follows items of maps: Object.entries, item callbacks and typed parameters', () => {
    const verdicts = judge(
      {
        'a.ts': 'export const titles = Object.entries(config.footer.links).map(([id, link]) => link.title + id);',
        'b.ts': 'export const order = (link: FooterLink) => link.order;',
      },
      SCHEMA,
    );
    expect(readOf(verdicts)).toMatchObject({ '/footer/links/*/title': true, '/footer/links/*/order': true });
  });

  it('follows what a caller passes to a function or component', () => {
    const verdicts = judge(
      {
        'a.tsx':
          'export const Page = () => <Links links={config.footer.links} />;\nexport const n = count(config.coupon);',
        'b.tsx':
          'export function Links({ links }: Props) { return Object.values(links).map((l) => l.title); }\nexport function count(c) { return c.maxEvents; }',
      },
      SCHEMA,
    );
    expect(readOf(verdicts)).toMatchObject({
      '/footer/links/*/title': true,
      '/coupon/maxEvents': true,
      '/footer/links/*/order': false,
    });
  });

  it('counts paths spelled in strings: useFeature, JSON pointers and computed keys the code names', () => {
    const verdicts = judge(
      {
        'a.ts': "useFeature('coupon.sale');\nexplain('/coupon/maxEvents');",
        'b.ts': "export const on = (name: keyof CouponFeatures) => config.coupon.features[name];\non('print');",
      },
      SCHEMA,
    );
    expect(readOf(verdicts)).toMatchObject({
      '/coupon/features/sale': true,
      '/coupon/maxEvents': true,
      '/coupon/features/print': true,
      '/betting/features/sale': false,
    });
  });

  it('lists an unread property without x-planned, and only the top of an unread subtree', () => {
    const verdicts = judge({ 'a.ts': 'export const on = config.coupon.features.sale;' }, SCHEMA);
    expect(unmarkedUnread(verdicts)).toEqual(['/coupon/maxEvents', '/coupon/features/print', '/betting', '/footer']);
  });
});

describe('the site configuration schema', () => {
  let verdicts: ReturnType<typeof judgeWorkspace> = [];
  // One parse of apps/ and libs/ for every test below: 5 s in a plain script and 18 s under vitest with the machine at
  // load 15 on 2 cores; a small fraction of that on a quiet machine.
  beforeAll(() => {
    verdicts = judgeWorkspace(WORKSPACE, bundle);
  });

  it('every property is read by production code or carries x-planned', () => {
    const outOfSight = Object.keys(READ_OUT_OF_SIGHT);
    const unmarked = unmarkedUnread(verdicts).filter(
      (pointer) => !outOfSight.some((top) => pointer === top || pointer.startsWith(`${top}/`)),
    );
    expect(
      unmarked,
      'read these properties in code, or mark them "x-planned": "<feature (issue)>" in schemas/ (CONTRIBUTING.md, "Change the configuration schema")',
    ).toEqual([]);
  });

  it('every property marked x-planned is still unread (a property that is read is no longer planned)', () => {
    const ownMark = new Map(listSchemaProperties(bundle).map((p) => [p.pointer, p]));
    const readButPlanned = verdicts.filter(
      (v) => v.read && v.planned !== undefined && ownMark.get(v.pointer)?.planned === v.planned && !v.container,
    );
    expect(readButPlanned.map((v) => `${v.pointer} (${v.planned})`)).toEqual([]);
  });

  it.each(Object.entries(READ_OUT_OF_SIGHT))(
    '%s is still read where the exception says',
    (_pointer, { file, names }) => {
      const text = fs.readFileSync(path.join(WORKSPACE, file), 'utf8');
      for (const name of names) expect(text, `${file} no longer names ${name}`).toMatch(new RegExp(`\\b${name}\\b`));
    },
  );
});
