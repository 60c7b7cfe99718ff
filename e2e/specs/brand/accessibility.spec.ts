import type { Browser, Page } from '@playwright/test';
import { anyValues, platformText } from '../../fixtures/betting';
import { expect, test } from '../../fixtures/test';
import {
  oddsButtons,
  OFFICE_PAGES,
  PUBLIC_PAGES,
  seriousAxeViolations,
  SIGN_IN,
  siteLinks,
  guardOrigin,
} from './site-pages';

// Issue 16, "Guard it": axe finds no violation of impact serious or critical on any page of any brand, signed out and
// in: the menu's and the footer's pages (the information pages among them), a game before and during play, the slip,
// log-in and registration, search, the casino lobby and the office. Each test says what it found as it goes (the run's
// output), then fails with the whole list. One sign-up per brand.

/** A game link of the list on the page now (named "home – away"), without the language prefix. */
async function gameLinkHere(page: Page, lng: string): Promise<string | undefined> {
  const href = await page
    .getByRole('main')
    .getByRole('link', { name: / – / })
    .first()
    .getAttribute('href', { timeout: 5_000 })
    .catch(() => null);
  return href ? href.replace(`/${lng}`, '').split('?')[0] : undefined;
}

/**
 * Runs axe on each page that answers (a page a brand switches off answers 404 and has nothing to check); `visited`
 * sees each page after its check, so a walk can pick up the addresses it leads to without loading it again.
 */
async function audit(
  page: Page,
  lng: string,
  paths: readonly string[],
  state: string,
  visited?: (path: string) => Promise<void>,
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const response = await page.goto(`/${lng}${path}`);
    if (response?.status() === 404) continue;
    found.push(...(await seriousAxeViolations(page, `${path} (${state})`)));
    await visited?.(path);
  }
  return found;
}

/** The slip with a selection in it: beside the list on a wide screen, as a sheet on the phone. */
async function auditSlip(page: Page, lng: string, state: string): Promise<string[]> {
  const tc = platformText(lng, 'coupon');
  const found: string[] = [];
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/${lng}/line`);
  await oddsButtons(page).first().click();
  await expect(page.getByRole('button', { name: anyValues(tc('selection.remove')) }).first()).toBeAttached();
  found.push(...(await seriousAxeViolations(page, `slip at 1366px (${state})`)));
  await page.setViewportSize({ width: 390, height: 844 });
  const open = page.getByRole('button', { name: tc('panel.open', { count: '1' }) });
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await seriousAxeViolations(page, `slip sheet at 390px (${state})`)));
  await page.setViewportSize({ width: 1366, height: 900 });
  return found;
}

async function open(browser: Browser, brandId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: guardOrigin(brandId), viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/?brand=${brandId}`);
  return page;
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the sportsbook, log-in, registration, search and casino pages, signed out', async ({
    browser,
    brandUnderTest: brand,
  }) => {
    const lng = brand.language;
    const page = await open(browser, brand.id);
    // A game before and during play, picked up from the line and the live list as they are checked.
    let game: string | undefined;
    let liveGame: string | undefined;
    const found = await audit(page, lng, PUBLIC_PAGES, 'signed out', async (path) => {
      if (path === '/line') game = await gameLinkHere(page, lng);
      if (path === '/live') liveGame = await gameLinkHere(page, lng);
    });
    expect(game, 'a game on the line').toBeDefined();
    found.push(
      ...(await audit(page, lng, [...new Set([game, liveGame].filter((p) => p !== undefined))], 'signed out')),
    );
    // The phone's layout has its own parts (the menu row, the slip's bar): the home page and a game at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    found.push(...(await audit(page, lng, ['/', ...(game ? [game] : [])], 'signed out, 390px')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  test('every page of the main menu and the footer (information pages among them), signed out', async ({
    browser,
    brandUnderTest: brand,
  }) => {
    const lng = brand.language;
    const page = await open(browser, brand.id);
    await page.goto(`/${lng}/`);
    const linked = (await siteLinks(page, lng)).filter(
      (path) => !path.startsWith('/office') && !(PUBLIC_PAGES as readonly string[]).includes(path),
    );
    expect(linked.length).toBeGreaterThan(3);
    expect(await audit(page, lng, linked, 'signed out')).toEqual([]);
    await page.context().close();
  });

  test('the slip, signed out', async ({ browser, brandUnderTest: brand }) => {
    const page = await open(browser, brand.id);
    expect(await auditSlip(page, brand.language, 'signed out')).toEqual([]);
    await page.context().close();
  });

  test('the office, the header and the slip, signed in', async ({ browser, brandUnderTest: brand }) => {
    const signIn = SIGN_IN[brand.id];
    if (!signIn) {
      // The generated brand registers by phone only, which the fixtures do not cover (site-pages.ts).
      test.info().annotations.push({ type: 'signed in', description: `no account can be opened for ${brand.id} here` });
      return;
    }
    const lng = brand.language;
    const page = await open(browser, brand.id);
    await signIn(page);
    await page.goto(`/${lng}/`);
    const officeLinks = (await siteLinks(page, lng)).filter((path) => path.startsWith('/office'));
    const found = await audit(
      page,
      lng,
      [...new Set(['/', ...OFFICE_PAGES, '/office/open-bets', ...officeLinks])],
      'signed in',
    );
    found.push(...(await auditSlip(page, lng, 'signed in')));
    await page.setViewportSize({ width: 390, height: 844 });
    found.push(...(await audit(page, lng, ['/', '/office'], 'signed in, 390px')));
    expect(found).toEqual([]);
    await page.context().close();
  });
});
