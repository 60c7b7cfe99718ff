import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { anyValues, money } from '../../fixtures/betting';
import { copyOf, dictionary } from '../../fixtures/copy';
import { waitForHydration } from '../../fixtures/hydration';
import { expect, test } from '../../fixtures/test';

/** The platform's sportsbook copy in the brand's language: the spec finds elements by the names a person reads. */
function copy(
  language: string,
): Record<string, string> & { 'favorites.addGame': string; 'favorites.removeGame': string } {
  const texts = dictionary(language, 'sportsbook');
  const addGame = texts['favorites.addGame'];
  const removeGame = texts['favorites.removeGame'];
  if (addGame === undefined || removeGame === undefined)
    throw new Error(`sportsbook favourites copy missing in ${language}`);
  return { ...texts, 'favorites.addGame': addGame, 'favorites.removeGame': removeGame };
}

/** Odds formats the brand lets a player choose (brand.json; the schema default is all six). */
function brandFormats(brandId: string): number[] {
  const file = `${process.env['E2E_BRANDS_DIR'] ?? 'brands'}/${brandId}/brand.json`;
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { betting?: { coefficientFormats?: number[] } };
  return config.betting?.coefficientFormats ?? [0, 1, 2, 3, 4, 5];
}

/** The full covers a brand offers (coupon.fullCoverBets of brand.json; none by default), and its currency. */
function brandFullCovers(brandId: string): { names: string[]; currency: string } {
  const file = `${process.env['E2E_BRANDS_DIR'] ?? 'brands'}/${brandId}/brand.json`;
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    coupon?: { fullCoverBets?: Record<string, boolean> };
    global?: { defaultCurrency?: string };
  };
  const names = Object.entries(config.coupon?.fullCoverBets ?? {}).flatMap(([name, on]) => (on ? [name] : []));
  return { names, currency: config.global?.defaultCurrency ?? 'EUR' };
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Odds buttons: their accessible names read "home – away, market, outcome, price". */
function oddsButtons(page: Page) {
  return page.getByRole('main').getByRole('button', { name: / – .+, .+, .+, / });
}

/**
 * Picks an option until the page reacts: the line arrives server-rendered with its odds, so the select can be
 * visible before the page has hydrated, and a choice made then is not the page's yet (a person would pick again).
 */
async function choose(select: Locator, value: string, applied: () => Promise<unknown>): Promise<void> {
  await expect(async () => {
    await select.selectOption(value);
    await applied();
  }).toPass({ timeout: 15_000 });
}

/** The first game link of the list, and its teams. */
async function firstGame(page: Page): Promise<{ name: string; home: string }> {
  const link = page.getByRole('main').getByRole('link', { name: / – / }).first();
  await expect(link).toBeVisible();
  const name = (await link.textContent()) ?? '';
  return { name, home: name.split(' – ')[0] ?? name };
}

test.describe('sportsbook', () => {
  test('the line shows championships with games and odds', async ({ page, brandUnderTest: brand }) => {
    const s = copy(brand.language);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    await expect(page.getByRole('main').getByRole('navigation', { name: s['menu.label'] })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(oddsButtons(page).first()).toBeVisible();
    expect(await oddsButtons(page).count()).toBeGreaterThan(2);
  });

  test('the first HTML of the line and live pages already has games with odds (server render)', async ({
    request,
    brandUnderTest: brand,
  }) => {
    for (const path of ['line', 'live']) {
      const res = await request.get(`/${brand.language}/${path}?brand=${brand.id}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const body = html.slice(html.indexOf('<main'));
      // An odds button's accessible name: "home – away, market, outcome, price", rendered by the server.
      expect(body, `${path}: odds in the server HTML`).toMatch(
        /<button[^>]+aria-label="[^"]+ – [^"]+, [^"]+, [^"]+, [^"]+"/,
      );
      // The answers travel with the page, so the browser does not ask again on hydration.
      expect(html).toMatch(/<script type="application\/json" id="tessera-payload">.*"queryKey":\["feed","games"/);
    }
  });

  test("the browser names the line's styles as the server did, so hydration adds no second set of rules", async ({
    page,
    brandUnderTest: brand,
  }) => {
    // A styled component's classes come from its id. Ids taken from the order components were created differ between
    // the server bundle and the code-split client: the client then inserts a second rule under another name for every
    // style the server wrote, and each insertion recalculates the whole page's style during hydration on a phone.
    // Drawn by the server, then drawn again by the browser after a client-side visit elsewhere, a championship block
    // must carry the same classes.
    const s = copy(brand.language);
    const response = await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    const html = (await response?.text()) ?? '';
    await waitForHydration(page);
    const block = page.getByRole('main').locator('section[aria-labelledby^="champ-"]').first();
    await expect(block).toBeVisible();
    const fromServer = await page.evaluate(
      (source) =>
        new DOMParser().parseFromString(source, 'text/html').querySelector('main section[aria-labelledby^="champ-"]')
          ?.className,
      html,
    );
    expect(fromServer, 'the server drew styled championship blocks').toMatch(/\S+ \S+/);
    const nav = page.getByRole('main').getByRole('navigation', { name: s['nav.line'] });
    await nav.getByRole('link', { name: s['nav.search'], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${brand.language}/search`));
    await nav.getByRole('link', { name: s['nav.line'], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${brand.language}/line`));
    await expect(block).toBeVisible();
    expect(await block.getAttribute('class')).toBe(fromServer);
  });

  test('an unknown game is served 404 with the page saying it is not available (server render)', async ({
    request,
    brandUnderTest: brand,
  }) => {
    const s = copy(brand.language);
    const res = await request.get(`/${brand.language}/game/999999999?brand=${brand.id}`);
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain(s['game.notFound']);
  });

  test('live odds or scores move within a bounded wait', async ({ page, brandUnderTest: brand }) => {
    await page.goto(`/${brand.language}/live?brand=${brand.id}`);
    await expect(oddsButtons(page).first()).toBeVisible();
    const snapshot = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main button[aria-label], main [data-testid^="score-"]')]
          .map((e) => e.getAttribute('aria-label') ?? e.textContent)
          .join('|'),
      );
    const before = await snapshot();
    await expect.poll(snapshot, { timeout: 30_000, intervals: [500] }).not.toBe(before);
  });

  test('the game page is titled with its match and shows the kick-off in the page language', async ({
    page,
    brandUnderTest: brand,
  }) => {
    const s = copy(brand.language);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    const game = await firstGame(page);
    await page.getByRole('main').getByRole('link', { name: game.name, exact: true }).first().click();
    await expect(page).toHaveURL(/\/game\/\d+/);
    await expect(page.getByRole('heading', { level: 1, name: game.name, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escape(game.name)} \\| `));
    const kickOff = s['game.kickOff'] ?? '';
    const [before] = kickOff.split('{{when}}');
    await expect(page.getByRole('main').locator('header time').first()).toContainText(before?.trim() ?? '');
    // The first HTML is titled so too (server render), not "Pre-match line".
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain(`<title>${game.name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)} | `);
  });

  test('a collapsed market group stays collapsed after a reload', async ({ page, brandUnderTest: brand }) => {
    const s = copy(brand.language);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    await page.getByRole('main').getByRole('link', { name: / – / }).first().click();
    await expect(page).toHaveURL(/\/game\/\d+/);
    const group = page.getByRole('button', { name: s['marketGroup.main'], exact: true });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: s['marketGroup.main'], exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Put it back so the next test starts from the default.
    await page.getByRole('button', { name: s['marketGroup.main'], exact: true }).click();
  });

  test('search finds a team', async ({ page, brandUnderTest: brand }) => {
    const s = copy(brand.language);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    const { home } = await firstGame(page);
    await page.goto(`/${brand.language}/search?brand=${brand.id}`);
    await page.getByRole('searchbox', { name: s['search.label'] }).fill(home);
    await page.getByRole('button', { name: s['search.submit'], exact: true }).click();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(escape(home)) })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: home, exact: true })).toBeVisible();
  });

  test('a favourite game is still there after a reload', async ({ page, brandUnderTest: brand }) => {
    const s = copy(brand.language);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    const { name } = await firstGame(page);
    await page.getByRole('button', { name: fill(s['favorites.addGame'], { name }) }).click();
    await expect(page.getByRole('button', { name: fill(s['favorites.removeGame'], { name }) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await expect(page.getByRole('button', { name: fill(s['favorites.removeGame'], { name }) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto(`/${brand.language}/favorites?brand=${brand.id}`);
    await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible();
  });

  test('the odds format switches every price to fractional where the brand offers it', async ({
    page,
    brandUnderTest: brand,
  }) => {
    const s = copy(brand.language);
    const formats = brandFormats(brand.id);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    await expect(oddsButtons(page).first()).toBeVisible();
    const select = page.getByRole('combobox', { name: s['format.label'] });
    if (formats.length < 2) {
      // A brand with one format shows no setting: prices stay in its format.
      await expect(select).toHaveCount(0);
      await expect(oddsButtons(page).first()).toHaveAccessibleName(/, \d+\.\d+$/);
      return;
    }
    if (!formats.includes(1)) {
      // No fractional here: another allowed format is chosen, applied to prices and kept across a reload.
      const names = ['decimal', 'fractional', 'american', 'hongkong', 'indonesian', 'malay'];
      const current = await select.inputValue();
      const other =
        formats.map((f) => names[f]).find((n): n is string => n !== undefined && n !== current) ?? 'decimal';
      const before = await oddsButtons(page).first().getAttribute('aria-label');
      await choose(select, other, () =>
        expect(oddsButtons(page).first()).not.toHaveAttribute('aria-label', before ?? '', { timeout: 1500 }),
      );
      await page.reload();
      await expect(page.getByRole('combobox', { name: s['format.label'] })).toHaveValue(other);
      return;
    }
    if (formats.includes(0)) {
      await choose(select, 'decimal', () =>
        expect(oddsButtons(page).first()).toHaveAccessibleName(/, \d+\.\d+$/, { timeout: 1500 }),
      );
    }
    await choose(select, 'fractional', () =>
      expect(oddsButtons(page).first()).toHaveAccessibleName(/, \d+\/\d+$/, { timeout: 1500 }),
    );
    await page.reload();
    await expect(oddsButtons(page).first()).toHaveAccessibleName(/, \d+\/\d+$/);
  });

  test('three selections from different games offer exactly the brand’s full covers, the stake per bet', async ({
    page,
    brandUnderTest: brand,
  }) => {
    const c = dictionary(brand.language, 'coupon');
    const text = (key: string) => c[key] ?? key;
    const counted = copyOf(brand.language, 'coupon');
    const offered = brandFullCovers(brand.id);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    await expect(oddsButtons(page).first()).toBeVisible();
    await waitForHydration(page);
    // The first price of each of three games (a full cover takes one selection per game).
    const labels = await oddsButtons(page).evaluateAll((all) => all.map((b) => b.getAttribute('aria-label') ?? ''));
    const picks = [...new Map(labels.map((label, i) => [label.split(', ')[0], i] as const).reverse()).values()]
      .sort((a, b) => a - b)
      .slice(0, 3);
    expect(picks).toHaveLength(3);
    for (const i of picks) await oddsButtons(page).nth(i).click();
    await expect(page.getByRole('button', { name: anyValues(text('selection.remove')) })).toHaveCount(3);
    const types = page.getByRole('radiogroup', { name: text('betType.label') });
    const option = (name: string, lines: number) =>
      types.getByRole('radio', {
        name: counted('fullCover.option', { name: text(`betType.${name}`), count: lines }),
      });
    await expect(types).toBeVisible();
    await expect(option('trixie', 4)).toHaveCount(offered.names.includes('trixie') ? 1 : 0);
    await expect(option('patent', 7)).toHaveCount(offered.names.includes('patent') ? 1 : 0);
    if (!offered.names.includes('trixie')) return;
    // albion-odds: "4 bets × £1.00 = £4.00".
    await option('trixie', 4).check();
    await page
      .getByRole('textbox', { name: new RegExp(`^${escape(text('stake.perLine').split(' (')[0] ?? '')}`) })
      .fill('1');
    const lines = counted('fullCover.lines', {
      count: 4,
      stake: money(1, offered.currency, brand.language),
      total: money(4, offered.currency, brand.language),
    });
    await expect(page.getByLabel(text('summary.label'))).toContainText(lines);
  });

  test('the statistics link opens a popup window', async ({ page, brandUnderTest: brand }) => {
    const s = copy(brand.language);
    await page.goto(`/${brand.language}/line?brand=${brand.id}`);
    const { name } = await firstGame(page);
    await page.getByRole('main').getByRole('link', { name: / – / }).first().click();
    await expect(page).toHaveURL(/\/game\/\d+/);
    const popup = page.waitForEvent('popup');
    await page.getByRole('main').getByRole('link', { name: s['game.statistics'] }).click();
    const opened = await popup;
    expect(opened.url()).toMatch(new RegExp(`/${brand.language}/statisticpopup/game/`));
    // The popup is a page of its own: the statistics heading, the game's teams, and the window the spec sizes (1024 wide).
    await expect(opened.getByRole('heading', { level: 1, name: s['statistic.title'] })).toBeVisible();
    await expect(opened.getByRole('heading', { level: 2, name: name.trim() })).toBeVisible();
    await expect(opened.getByRole('heading', { name: s['statistic.markets'] })).toBeVisible();
    await expect(opened.getByRole('banner')).toHaveCount(0);
    expect(opened.viewportSize()?.width).toBe(1024);
    expect(await opened.evaluate(() => window.innerWidth)).toBe(1024);
    await opened.close();
  });
});
