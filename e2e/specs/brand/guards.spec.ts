import type { Browser, Page } from '@playwright/test';
import { anyValues, escapeRegExp, platformText } from '../../fixtures/betting';
import { waitForHydration } from '../../fixtures/hydration';
import { expect, test } from '../../fixtures/test';
import {
  gameLinkHere,
  guardOrigin,
  oddsButtons,
  OFFICE_PAGES,
  PUBLIC_PAGES,
  seriousAxeViolations,
  SIGN_IN,
  siteLinks,
} from './site-pages';

// Issue 16, "Guard it", in one walk per brand and state: every page is loaded once on a wide screen, where axe finds no
// violation of impact serious or critical, then narrowed to 320 and 390 px, where nothing of it runs off the side.
// Signed out: the sportsbook's pages (a game before and during play among them), every link of the main menu and the
// footer (the information pages), log-in, registration, search, the casino lobby and the slip. Signed in (one sign-up
// per brand): the office's pages, the same public pages at the phone widths, the slip, and the phone header (logo,
// deposit, account menu and log out on screen). Each finding is printed as it is found and says which check on which
// page at which width; a walk goes on past a finding and the test fails with the whole list (expect.soft per check).

const WIDE = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const PHONE_WIDTHS = [320, 390] as const;
const PHONE_HEIGHT = 740;

/**
 * How far the page reaches beyond the viewport's width, in CSS pixels (0: no horizontal overflow), and the innermost
 * element that sticks out, to say where to look.
 */
async function overflow(page: Page): Promise<{ extra: number; culprit: string }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    // Content a scrolling or clipping box holds (the phone's menu row) is not the page's overflow.
    const clipped = (element: HTMLElement) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && !clipped(element);
    });
    // The outermost of them is the box wider than the room its parent gives it.
    const outermost = out.find((element) => !out.includes(element.parentElement as HTMLElement));
    const culprit = outermost
      ? `${outermost.tagName.toLowerCase()}.${outermost.className} "${(outermost.textContent ?? '').trim().slice(0, 60)}"`
      : 'none found';
    return { extra: root.scrollWidth - width, culprit };
  });
}

/**
 * Narrows the viewport and waits until the page has laid itself out for it: the resize's media-query listeners have
 * re-rendered (the slip's column becomes the phone's bar, the priority menu becomes the scrolling row) and the page's
 * width, height and number of elements are the same two frames apart. A live page whose list keeps moving is
 * measured after at most a second of trying.
 */
async function narrowTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: PHONE_HEIGHT });
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const stable = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const shape = () =>
            `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}:${document.body.getElementsByTagName('*').length}`;
          const before = shape();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(shape() === before)));
        }),
    );
    if (stable) return;
  }
}

/** The overflow finding at the width the page is at now, if any. */
async function overflowAt(page: Page, path: string, width: number, state: string): Promise<string[]> {
  const { extra, culprit } = await overflow(page);
  if (extra <= 0) return [];
  const finding = `overflow: ${path} at ${width}px (${state}): ${extra}px wider (${culprit})`;
  console.log(finding);
  return [finding];
}

/** A page to walk: axe on the wide screen, the overflow check at the phone widths, or both. */
interface Visit {
  path: string;
  axe: boolean;
  overflow: boolean;
}

/**
 * Walks the pages (a list that may grow as the walk finds addresses): each page that answers (a page a brand switches
 * off answers 404 and has nothing to check) is loaded once. With axe, it is loaded on the wide screen, checked, then
 * narrowed to each phone width for the overflow check; without, it is loaded at the narrowest width and widened.
 * `visited` sees each page after its load and after each narrowing, with the width it is at, to pick up addresses.
 */
async function walk(
  page: Page,
  lng: string,
  visits: Visit[],
  state: string,
  visited?: (path: string, width: number) => Promise<void>,
): Promise<{ axe: string[]; overflow: string[] }> {
  const found = { axe: [] as string[], overflow: [] as string[] };
  const seen = new Set<string>();
  for (let i = 0; i < visits.length; i += 1) {
    const visit = visits[i] as Visit;
    if (seen.has(visit.path)) continue;
    seen.add(visit.path);
    const loadWidth = visit.axe ? WIDE.width : PHONE_WIDTHS[0];
    await page.setViewportSize(visit.axe ? WIDE : { width: loadWidth, height: PHONE_HEIGHT });
    const response = await page.goto(`/${lng}${visit.path}`);
    await waitForHydration(page);
    if (response?.status() === 404) continue;
    await visited?.(visit.path, loadWidth);
    if (visit.axe) found.axe.push(...(await seriousAxeViolations(page, `${visit.path} (${state})`)));
    if (!visit.overflow) continue;
    for (const width of PHONE_WIDTHS) {
      if (width !== loadWidth) {
        await narrowTo(page, width);
        await visited?.(visit.path, width);
        // What a page shows right after narrowing may still be on its way to the narrow layout (a re-render the resize
        // started, on a busy machine): an overflow seen then is judged on the page loaded afresh at that width, as a
        // phone opens it.
        const { extra } = await overflow(page);
        if (extra > 0) {
          console.log(
            `overflow: ${visit.path} at ${width}px (${state}): ${extra}px wider after narrowing; loaded afresh`,
          );
          await page.goto(`/${lng}${visit.path}`);
          await waitForHydration(page);
        }
      }
      found.overflow.push(...(await overflowAt(page, visit.path, width, state)));
    }
  }
  return found;
}

/** axe on pages loaded at the phone's width (its own parts: the menu row, the slip's bar). */
async function auditOnPhone(page: Page, lng: string, paths: readonly string[], state: string): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(PHONE);
  for (const path of paths) {
    const response = await page.goto(`/${lng}${path}`);
    await waitForHydration(page);
    if (response?.status() === 404) continue;
    found.push(...(await seriousAxeViolations(page, `${path} (${state}, 390px)`)));
  }
  return found;
}

/** The slip with a selection in it, through axe: beside the list on a wide screen, as a sheet on the phone. */
async function auditSlip(page: Page, lng: string, state: string): Promise<string[]> {
  const tc = platformText(lng, 'coupon');
  const found: string[] = [];
  await page.setViewportSize(WIDE);
  await page.goto(`/${lng}/line`);
  await waitForHydration(page);
  await oddsButtons(page).first().click();
  await expect(page.getByRole('button', { name: anyValues(tc('selection.remove')) }).first()).toBeAttached();
  found.push(...(await seriousAxeViolations(page, `slip at 1366px (${state})`)));
  // The phone-only slip bar does not show on a wide screen, even with a pick.
  const open = page.getByRole('button', { name: tc('panel.open', { count: '1' }) });
  await expect(open).toBeHidden();
  await page.setViewportSize(PHONE);
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await seriousAxeViolations(page, `slip sheet at 390px (${state})`)));
  await page.setViewportSize(WIDE);
  return found;
}

async function open(browser: Browser, brandId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: guardOrigin(brandId), viewport: WIDE });
  const page = await context.newPage();
  await page.goto(`/?brand=${brandId}`);
  return page;
}

test.describe('brand guards: axe (no serious or critical violation) and no sideways overflow at 320 and 390 px', () => {
  // A walk loads some 30 pages and runs axe on most; on a busy 2-core machine that is minutes, not seconds.
  test.describe.configure({ timeout: 480_000 });

  test('every page signed out: the sportsbook, a game before and during play, the menu and footer pages, log-in, registration, search, casino and the slip', async ({
    browser,
    brandUnderTest: brand,
  }) => {
    const lng = brand.language;
    const tc = platformText(lng, 'coupon');
    const page = await open(browser, brand.id);
    const visits: Visit[] = PUBLIC_PAGES.map((path) => ({ path, axe: true, overflow: true }));
    const add = (paths: readonly (string | undefined)[]) => {
      for (const path of paths) if (path) visits.push({ path, axe: true, overflow: true });
    };
    let game: string | undefined;
    let liveGame: string | undefined;
    const linked = new Set<string>();
    // The menu's and the footer's pages, as the home page's header and footer link them on the wide screen and at the
    // phone's width (each link once).
    const linkedHere = async () => {
      for (const link of await siteLinks(page, lng))
        if (!link.startsWith('/office') && !linked.has(link)) {
          linked.add(link);
          add([link]);
        }
    };
    const found = await walk(page, lng, visits, 'signed out', async (path, width) => {
      if (path === '/') await linkedHere();
      // A game before and during play, picked up from the line and the live list as they are checked.
      if (path === '/line' && width === WIDE.width) {
        game = await gameLinkHere(page, lng);
        add([game]);
      }
      // An empty slip has no bar on the phone (bet365's way): it comes with the first pick (auditSlip).
      if (path === '/line' && width === PHONE.width)
        await expect(page.getByRole('button', { name: tc('panel.open', { count: '0' }) })).toHaveCount(0);
      if (path === '/live' && width === WIDE.width) {
        liveGame = await gameLinkHere(page, lng);
        add([liveGame]);
      }
    });
    expect(game, 'a game on the line').toBeDefined();
    expect(
      [...linked].filter((path) => !(PUBLIC_PAGES as readonly string[]).includes(path)).length,
      'pages linked from the menu and the footer',
    ).toBeGreaterThan(3);
    // The phone's layout has its own parts (the menu row, the slip's bar): the home page and a game, loaded at 390 px.
    found.axe.push(...(await auditOnPhone(page, lng, ['/', ...(game ? [game] : [])], 'signed out')));
    found.axe.push(...(await auditSlip(page, lng, 'signed out')));
    expect.soft(found.axe, 'axe, signed out').toEqual([]);
    expect.soft(found.overflow, 'overflow at 320 and 390 px, signed out').toEqual([]);
    await page.context().close();
  });

  test('every page signed in: the office, the sportsbook and casino at phone widths, the slip, the phone header', async ({
    browser,
    brandUnderTest: brand,
  }) => {
    const signIn = SIGN_IN[brand.id];
    if (!signIn) throw new Error(`e2e: no way to open an account for ${brand.id} (site-pages.ts SIGN_IN)`);
    const lng = brand.language;
    const th = platformText(lng, 'header');
    const ta = platformText(lng, 'account');
    const page = await open(browser, brand.id);
    await signIn(page);
    // The office's pages with axe and the overflow check; the home page too. The public pages (and a game before and
    // during play, picked up from the line and the live list) at the phone widths.
    const visits: Visit[] = [
      { path: '/', axe: true, overflow: true },
      ...[...OFFICE_PAGES, '/office/open-bets'].map((path) => ({ path, axe: true, overflow: true })),
      ...PUBLIC_PAGES.filter((path) => path !== '/').map((path) => ({ path, axe: false, overflow: true })),
    ];
    let game: string | undefined;
    const found = await walk(page, lng, visits, 'signed in', async (path, width) => {
      // The account menu's links to the office (each brand's own set) are checked as the office's pages are.
      if (path === '/' && width === WIDE.width)
        for (const link of (await siteLinks(page, lng)).filter((p) => p.startsWith('/office')))
          visits.splice(1, 0, { path: link, axe: true, overflow: true });
      if ((path === '/line' || path === '/live') && width === PHONE_WIDTHS[0]) {
        const here = await gameLinkHere(page, lng);
        if (path === '/line') game = here;
        if (here) visits.push({ path: here, axe: false, overflow: true });
      }
    });
    expect(game, 'a game on the line').toBeDefined();
    found.axe.push(...(await auditSlip(page, lng, 'signed in')));
    found.axe.push(...(await auditOnPhone(page, lng, ['/', '/office'], 'signed in')));
    expect.soft(found.axe, 'axe, signed in').toEqual([]);
    expect.soft(found.overflow, 'overflow at 320 and 390 px, signed in').toEqual([]);

    // On the phone the logo, the deposit button and the account button are on screen; log out is one press away.
    await page.setViewportSize({ width: 320, height: PHONE_HEIGHT });
    await page.goto(`/${lng}/`);
    await waitForHydration(page);
    const header = page.getByRole('banner');
    const inView = async (what: string, box: { x: number; width: number } | null) => {
      expect(box, `${what} is laid out`).not.toBeNull();
      if (box) expect(box.x >= 0 && box.x + box.width <= 320, `${what} is on screen at 320px`).toBe(true);
    };
    await inView(
      'the logo',
      await header.getByRole('link', { name: new RegExp(`^${escapeRegExp(brand.name)}`) }).boundingBox(),
    );
    await inView('the deposit button', await header.getByRole('link', { name: th('auth.deposit') }).boundingBox());
    const account = header.getByRole('button', { name: new RegExp(escapeRegExp(th('account.menu'))) });
    await inView('the account button', await account.boundingBox());
    const logout = header.getByRole('button', { name: ta('logout') });
    // The button is drawn again when the balance arrives; a press on the one it replaced opens nothing, so press until
    // the menu is open (a person presses again too).
    await expect(async () => {
      if ((await account.getAttribute('aria-expanded')) !== 'true') await account.click();
      await expect(logout).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await inView('log out', await logout.boundingBox());
    await page.context().close();
  });
});
