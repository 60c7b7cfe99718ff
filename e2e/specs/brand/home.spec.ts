import fs from 'node:fs';
import { dictionary } from '../../fixtures/copy';
import { expect, test } from '../../fixtures/test';

// The home page (apps/web README, "The home page"; ADR 0370) and the cookie-consent banner (ADR 0371), on every brand.

type Block = { enabled?: boolean; order?: number };
const DEFAULT_ORDER: Record<string, number> = { liveNow: 1, featured: 2, topLeagues: 3, casino: 4 };

/** `value`, or a failure naming what was missing (a dictionary key, a block, a heading). */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

/** The brand's sportsbook home blocks in its order (bannerWidgets.homeBlocks over the schema's defaults). */
function sportsbookBlocks(brandId: string): string[] {
  const file = `${process.env['E2E_BRANDS_DIR'] ?? 'brands'}/${brandId}/brand.json`;
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    bannerWidgets?: { homeBlocks?: Record<string, Block> };
  };
  const own = config.bannerWidgets?.homeBlocks ?? {};
  return ['liveNow', 'featured', 'topLeagues']
    .filter((id) => own[id]?.enabled !== false)
    .sort(
      (a, b) =>
        (own[a]?.order ?? must(DEFAULT_ORDER[a], a)) - (own[b]?.order ?? must(DEFAULT_ORDER[b], b)) ||
        a.localeCompare(b),
    );
}

const HEADING_KEY: Record<string, string> = {
  liveNow: 'home.liveNow',
  featured: 'home.featured',
  topLeagues: 'home.topLeagues',
};

test.describe('home page', () => {
  test("shows the brand's blocks in its order, the first already in the server's HTML, and no tab bar on a desktop", async ({
    page,
    request,
    brandUnderTest: brand,
  }) => {
    const pages = dictionary(brand.language, 'pages');
    const common = dictionary(brand.language, 'common');
    const expected = sportsbookBlocks(brand.id).map((id) => must(pages[must(HEADING_KEY[id], id)], `pages ${id}`));
    const html = await (await request.get(`/${brand.language}/?brand=${brand.id}`)).text();
    expect(html).toContain(must(expected[0], 'a first block'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/${brand.language}/?brand=${brand.id}`);
    const main = page.getByRole('main');
    for (const heading of expected) {
      const block = main.getByRole('region', { name: heading, exact: true });
      await block.scrollIntoViewIfNeeded();
      await expect(block).toBeVisible();
    }
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    const order = expected.map((h) => headings.findIndex((text) => text.trim() === h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.getByRole('navigation', { name: common['tabbar.label'] })).toBeHidden();
  });

  test('on a phone: the tab bar leads to the sections, prices in one line, the first pick opens the quick-bet sheet', async ({
    page,
    brandUnderTest: brand,
  }) => {
    const common = dictionary(brand.language, 'common');
    const coupon = dictionary(brand.language, 'coupon');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    const bar = page.getByRole('navigation', { name: common['tabbar.label'] });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: common['tabbar.sports'] })).toHaveAttribute('aria-current', 'page');
    // Nothing of the page hides under the bar: the slip's button sits above it.
    const barBox = await bar.boundingBox();
    // A game's prices share one line under its teams (three 1X2 prices, four in the Asian view), fractional ones too,
    // and cover none of the names.
    const priceName = / – .+, .+, .+, /;
    const odds = page.getByRole('main').getByRole('button', { name: priceName });
    const rows = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: priceName }) });
    await expect(rows.first()).toBeVisible();
    let checked = 0;
    for (const row of (await rows.all()).slice(0, 6)) {
      const prices = await row.getByRole('button', { name: priceName }).all();
      if (prices.length < 3) continue;
      const tops = await Promise.all(prices.map(async (button) => (await button.boundingBox())?.y ?? NaN));
      expect(
        Math.max(...tops) - Math.min(...tops),
        `${await row.getAttribute('aria-label')}: prices on one line`,
      ).toBeLessThan(1);
      const teams = await row.getByRole('link', { name: / – / }).first().boundingBox();
      expect(teams && teams.y + teams.height <= Math.min(...tops), 'the prices under the names').toBe(true);
      checked += 1;
    }
    expect(checked, 'rows with three prices or more checked').toBeGreaterThan(0);
    await odds.first().click();
    const sheet = page.getByRole('dialog', { name: coupon['panel.title'] });
    await expect(sheet).toBeVisible();
    // A bottom sheet, as bet365's: along the screen's bottom edge, its full width (in right-to-left pages too), at
    // most 90% of its height (once it has slid up).
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)];
      })
      .toEqual([0, 390, 844]);
    expect((await sheet.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(0.9 * 844);
    // One selection: a single with the quick stakes, no bet-type choice.
    await expect(sheet.getByRole('radiogroup')).toHaveCount(0);
    await expect(sheet.getByRole('group', { name: coupon['stake.quick'] })).toBeVisible();
    await page.keyboard.press('Escape');
    const slipButton = page.getByRole('button', {
      name: new RegExp(
        must(coupon['panel.open'], 'panel.open')
          .replace(/\{\{count\}\}/, '1')
          .replace(/[()]/g, '\\$&'),
      ),
    });
    const buttonBox = await slipButton.boundingBox();
    expect(barBox && buttonBox && buttonBox.y + buttonBox.height <= barBox.y + 1).toBe(true);
    await bar.getByRole('link', { name: common['tabbar.live'] }).click();
    await expect(page).toHaveURL(new RegExp(`/${brand.language}/live`));
  });
});

test.describe('cookie consent', () => {
  // A first visit: no choice made yet (the other specs start with one, fixtures/consent.ts).
  test.use({ storageState: { cookies: [], origins: [] } });

  test('asks a first-time visitor, closes on Escape without choosing, and remembers a choice', async ({
    page,
    brandUnderTest: brand,
  }) => {
    const common = dictionary(brand.language, 'common');
    await page.goto(`/${brand.language}/?brand=${brand.id}`);
    const banner = page.getByRole('dialog', { name: common['consent.title'] });
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: common['consent.necessaryOnly'] }).click();
    await expect(banner).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === 'tessera_consent')?.value).toMatch(/^0\.\d+$/);
    await page.reload();
    await expect(page.getByRole('button', { name: common['consent.settings'] })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});
