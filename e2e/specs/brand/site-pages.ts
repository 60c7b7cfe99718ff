import type { Page } from '@playwright/test';
import { registerAccountByPhone } from '../../fixtures/accounts';
import { axeOn } from '../../fixtures/axe';
import { registerByPhone, type BettingBrandId } from '../../fixtures/betting';
import { openAccount } from '../../fixtures/verification';

// The pages the brand guards walk (guards.spec.ts: axe and overflow in one walk): what a bettor reaches from the menu
// and the footer, the pages behind the buttons (log in, registration, a game, the slip), and the office once signed in.

/**
 * Signed-in pages need an account, which only the test-mode servers can open: their outbox gives the codes and their
 * development captcha endpoint the puzzle's answer. AlbionOdds keeps its hCaptcha secret on the first of them
 * (E2E_PORT + 1, specs/platform/captcha-csp.spec.ts), so its guards walk the journeys' server (E2E_PORT + 2), which has
 * no secret and registers through the built-in check. The generated brand offers phone registration with the platform's
 * defaults (GB numbers, no captcha), as the accounts journey's fixtures open it.
 */
export const testModeOrigin = `http://localhost:${Number(process.env['E2E_PORT'] ?? 4310) + 1}`;
const journeyOrigin = `http://localhost:${Number(process.env['E2E_PORT'] ?? 4310) + 2}`;

/** The server a guard walks a brand on, signed out and in. */
export function guardOrigin(brandId: string): string {
  return brandId === 'albion-odds' ? journeyOrigin : testModeOrigin;
}

/** How each brand that can be signed in here opens an account (one sign-up per brand and guard). */
export const SIGN_IN: Record<string, ((page: Page, origin?: string) => Promise<unknown>) | undefined> = {
  'polar-bet': (page, origin = testModeOrigin) => registerByPhone(page, origin, 'polar-bet' satisfies BettingBrandId),
  'rhein-wetten': (page, origin = testModeOrigin) =>
    registerByPhone(page, origin, 'rhein-wetten' satisfies BettingBrandId),
  'sahra-bet': (page, origin = testModeOrigin) => openAccount(page, origin, 'sahra-bet'),
  'albion-odds': (page, origin = journeyOrigin) =>
    openAccount(page, origin, 'albion-odds', { country: 'gb', currency: 'GBP', captcha: 'altcha', variant: 'full' }),
  'e2e-fresh': (page, origin = testModeOrigin) => registerAccountByPhone(page, origin, 'e2e-fresh'),
};

/** Pages of the sportsbook and the site that are not in every menu. */
export const PUBLIC_PAGES = ['/', '/line', '/live', '/casino', '/login', '/registration', '/search'] as const;

/** The office's pages a signed-in bettor reaches from the account menu. */
export const OFFICE_PAGES = [
  '/office',
  '/office/bets',
  '/office/payments',
  '/office/wallets',
  '/office/withdraw',
  '/office/deposit',
  '/office/responsible',
  '/office/verification',
] as const;

/**
 * Every link of the header's main menu and of the footer on the page now (its own site only: the regulator's page and
 * social networks are other sites), without the language prefix.
 */
export async function siteLinks(page: Page, lng: string): Promise<string[]> {
  const hrefs = await page
    .locator('header a[href^="/"], nav a[href^="/"], footer a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const prefix = `/${lng}`;
  return [
    ...new Set(
      hrefs
        .map((href) => href.split('?')[0]?.split('#')[0] ?? '')
        .filter((href) => href === prefix || href.startsWith(`${prefix}/`))
        .map((href) => href.slice(prefix.length) || '/'),
    ),
  ];
}

/** The address of the first game of the line (a link named "home – away"), without the language prefix. */
export async function firstGamePath(page: Page, lng: string): Promise<string | undefined> {
  await page.goto(`/${lng}/line`);
  const href = await page
    .getByRole('main')
    .getByRole('link', { name: / – / })
    .first()
    .getAttribute('href')
    .catch(() => null);
  return href ? href.replace(`/${lng}`, '').split('?')[0] : undefined;
}

/** The address of the first live game (its page carries the match tracker), without the language prefix. */
export async function firstLiveGamePath(page: Page, lng: string): Promise<string | undefined> {
  await page.goto(`/${lng}/live`);
  return gameLinkHere(page, lng);
}

/** A game link of the list on the page now (named "home – away"), without the language prefix. */
export async function gameLinkHere(page: Page, lng: string): Promise<string | undefined> {
  const href = await page
    .getByRole('main')
    .getByRole('link', { name: / – / })
    .first()
    .getAttribute('href', { timeout: 5_000 })
    .catch(() => null);
  return href ? href.replace(`/${lng}`, '').split('?')[0] : undefined;
}

/** Odds buttons: their accessible names read "home – away, market, outcome, price". */
export function oddsButtons(page: Page) {
  return page.getByRole('main').getByRole('button', { name: / – .+, .+, .+, / });
}

/**
 * axe (WCAG 2.0/2.1 A and AA, plus the best-practice rules) on the page as it is now: the violations of impact serious or
 * critical, each with the elements and what axe says is wrong, so a failure reads as a to-do list.
 */
export async function seriousAxeViolations(page: Page, where: string): Promise<string[]> {
  const started = Date.now();
  const { violations } = await axeOn(page)
    // "The accessible name contains the visible text" (WCAG 2.5.3) is marked experimental by axe; the issue asks for it.
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only violations are read: axe keeps one example of the passes, which saves most of its time on the long lists.
      resultTypes: ['violations'],
    })
    .analyze();
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) on ${violation.nodes.length}: ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`)
          .join(' | ')}`,
    );
  // Said as found, so a run stopped half-way still tells what it saw (and how long each page took, the guard's cost).
  for (const line of found) console.log(`axe: ${line}`);
  console.log(`axe: ${where}: ${found.length} serious or critical, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return found;
}
