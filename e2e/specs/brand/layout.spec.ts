import type { Page } from '@playwright/test';
import { escapeRegExp, platformText } from '../../fixtures/betting';
import { waitForHydration } from '../../fixtures/hydration';
import { expect, test } from '../../fixtures/test';
import {
  firstGamePath,
  firstLiveGamePath,
  OFFICE_PAGES,
  PUBLIC_PAGES,
  SIGN_IN,
  siteLinks,
  guardOrigin,
} from './site-pages';

const PHONE_WIDTHS = [320, 390] as const;

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

/** Loads a page, then measures it at each phone width; answers the widths that overflow, with by how much. */
async function walk(page: Page, lng: string, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 740 });
    const response = await page.goto(`/${lng}${path}`);
    await waitForHydration(page);
    // A page switched off for the brand (404) has no layout of its own to check.
    if (response?.status() === 404) continue;
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      const { extra, culprit } = await overflow(page);
      if (extra > 0) found.push(`${path} at ${width}px: ${extra}px wider (${culprit})`);
    }
  }
  return found;
}

// Issue 16: no page runs off the side of a phone, signed out or in, and the phone header keeps the logo, the balance,
// the deposit button and (behind the account button) log out on screen. Every page: the sportsbook's (a game before
// and during play among them), every link of the main menu and the footer (the information pages), log-in,
// registration, search, the casino lobby, and signed in the office's pages. One walk per brand keeps it cheap.
test('no horizontal overflow at 320 and 390 px on any page, signed out and in', async ({
  browser,
  brandUnderTest: brand,
}) => {
  test.setTimeout(240_000);
  const lng = brand.language;
  const tc = platformText(lng, 'coupon');
  const th = platformText(lng, 'header');
  const ta = platformText(lng, 'account');
  const context = await browser.newContext({ baseURL: guardOrigin(brand.id), viewport: { width: 390, height: 740 } });
  const page = await context.newPage();
  await page.goto(`/?brand=${brand.id}`);
  await page.goto(`/${lng}/`);
  const linked = (await siteLinks(page, lng)).filter((path) => !path.startsWith('/office'));
  const game = await firstGamePath(page, lng);
  const liveGame = await firstLiveGamePath(page, lng);
  const publicPages = [
    ...new Set([...PUBLIC_PAGES, ...linked, ...(game ? [game] : []), ...(liveGame ? [liveGame] : [])]),
  ];

  const signedOut = await walk(page, lng, publicPages);
  expect(signedOut, 'signed out').toEqual([]);

  // The phone-only slip button does not show on a wide screen.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/${lng}/line`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: tc('panel.open', { count: '0' }) })).toBeHidden();

  const signIn = SIGN_IN[brand.id];
  if (!signIn) {
    test.info().annotations.push({ type: 'signed in', description: `no account can be opened for ${brand.id} here` });
    await context.close();
    return;
  }
  await signIn(page);
  const signedIn = await walk(page, lng, [
    ...new Set([...PUBLIC_PAGES, ...(game ? [game] : []), ...(liveGame ? [liveGame] : []), ...OFFICE_PAGES]),
    '/office/open-bets',
  ]);
  expect(signedIn, 'signed in').toEqual([]);

  // On the phone the logo, the deposit button and the account button are on screen; log out is one press away.
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto(`/${lng}/`);
  await waitForHydration(page);
  const header = page.getByRole('banner');
  const inView = async (box: { x: number; width: number } | null) => {
    expect(box).not.toBeNull();
    if (box) expect(box.x >= 0 && box.x + box.width <= 320).toBe(true);
  };
  await inView(await header.getByRole('link', { name: new RegExp(`^${escapeRegExp(brand.name)}`) }).boundingBox());
  await inView(await header.getByRole('link', { name: th('auth.deposit') }).boundingBox());
  const account = header.getByRole('button', { name: new RegExp(escapeRegExp(th('account.menu'))) });
  await inView(await account.boundingBox());
  const logout = header.getByRole('button', { name: ta('logout') });
  // The button is drawn again when the balance arrives; a press on the one it replaced opens nothing, so press until
  // the menu is open (a person presses again too).
  await expect(async () => {
    if ((await account.getAttribute('aria-expanded')) !== 'true') await account.click();
    await expect(logout).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await inView(await logout.boundingBox());
  await context.close();
});
