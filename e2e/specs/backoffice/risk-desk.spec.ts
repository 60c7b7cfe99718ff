import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { consoleText, createOperator, expectNoSeriousAxeViolations, signInFirstTime } from '../../fixtures/backoffice';
import {
  BETTING_BRANDS,
  anyValues,
  depositInOffice,
  money,
  openBetOptions,
  pickGames,
  platformText,
  registerByPhone,
} from '../../fixtures/betting';
import { copyOf } from '../../fixtures/copy';
import { waitForHydration } from '../../fixtures/hydration';
import { formatAmount } from '@tessera/shared/util-format';

/** Money as the console writes it (its `useFormat` in English): grouped, 2 decimals, the currency code. */
const consoleMoney = (value: number, currency: string) =>
  formatAmount(value, currency, '{v} {c}', { locale: 'en-u-nu-latn' });

// Issue 14's "a risk officer accepts a VIP bet", against the journeys' test-mode server, where traders decide VIP
// bets in the console (VIP_DESK=console; e2e README, "The risk desk journey"). A bettor on polar-bet asks for a stake
// above the brand's maximum; the bid waits on the console's VIP desk with its deadline; a risk officer accepts it with
// a reason, and the bettor's open slip turns to accepted and the balance drops, without a reload. A viewer sees the
// desk but no decision buttons. axe runs on each of the desk's views, in English and in Arabic (right to left).
const t = consoleText('en');
const td = copyOf('en', 'backoffice-desks');
const brandId = 'polar-bet';
const setup = BETTING_BRANDS[brandId];
const vip = setup.vip;

/** A page whose goto waits for the site to hydrate, as the site specs' pages do (fixtures/test.ts). */
async function sitePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForHydration(page);
    return response;
  };
  return page;
}

async function openRiskDesk(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: t('nav.label') })
    .getByRole('link', { name: td('nav.risk') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: td('risk.title') })).toBeVisible();
}

test.describe('risk desk journey', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a risk officer accepts a VIP bet and the bettor sees it accepted live; a viewer cannot decide', async ({
    browser,
    baseURL,
  }) => {
    if (!vip) throw new Error('polar-bet offers VIP bets (e2e/fixtures/betting.ts)');
    const origin = baseURL ?? '';
    const { currency } = setup;
    const lng = 'ru';
    const tc = platformText(lng, 'coupon');

    // ---- the bettor: registered, funded, a stake above the maximum sent as a VIP bet ----
    const bettorContext = await browser.newContext({ baseURL: origin });
    const bettor = await sitePage(bettorContext);
    await registerByPhone(bettor, origin, brandId);
    await depositInOffice(bettor, brandId, lng, vip.deposit, vip.deposit);
    await bettor.goto(`/${lng}/line`);
    const slip = bettor.getByRole('complementary', { name: tc('panel.title') });
    const [pick] = await pickGames(bettor, 1);
    if (!pick) throw new Error('no game to bet on');
    await pick.button.click();
    await slip.getByLabel(tc('stake.perEvent', { currency })).fill(String(vip.stake));
    // The slip's options fold away (it starts simple): the VIP bet is among them.
    await openBetOptions(slip, tc('feature.options'));
    await slip.getByRole('checkbox', { name: tc('feature.vipBet') }).check();
    await slip.getByLabel(tc('feature.vipBetSumm', { currency })).fill(String(vip.stake));
    const bid = bettor.waitForResponse((response) => response.url().includes('/MakeBetBidWeb'));
    await slip.getByRole('button', { name: tc('submit.vip') }).click();
    await slip
      .getByRole('group', { name: tc('confirm.title') })
      .getByRole('button', { name: tc('confirm.ok') })
      .click();
    const held = (await (await bid).json()) as { status: string; betId: string };
    expect(held.status).toBe('waiting');
    await expect(slip.getByRole('status').getByText(tc('status.waiting'))).toBeVisible({ timeout: 15_000 });

    // ---- a risk officer: the bid on the VIP desk with its deadline, accepted with a reason ----
    const officerContext = await browser.newContext({ baseURL: origin });
    const officer = await officerContext.newPage();
    await signInFirstTime(officer, await createOperator(officer.request, origin, 'risk'));
    await openRiskDesk(officer);
    await expect(officer.getByRole('tab', { name: td('risk.tab.vip'), exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const queue = officer.getByRole('table', { name: td('vip.queue') });
    const row = queue.getByRole('row').filter({ hasText: held.betId });
    await expect(row).toContainText(consoleMoney(vip.stake, currency));
    await expect(row).toContainText(consoleMoney(vip.maxBet, currency));
    await expectNoSeriousAxeViolations(officer, 'VIP desk');
    await row.getByRole('button', { name: new RegExp(`^${td('vip.accept')}`) }).click();
    const dialog = officer.getByRole('dialog', { name: td('vip.acceptTitle') });
    await expect(dialog.getByLabel(t('reason.label'))).toBeFocused();
    await expectNoSeriousAxeViolations(officer, 'VIP accept dialog');
    await dialog.getByLabel(t('reason.label')).fill('Known customer; within the market’s appetite');
    await dialog.getByRole('button', { name: td('vip.accept') }).click();
    // The outcome names the stake and the odds the bet stands at (the pick's price, whatever the simulator set).
    const placed = td('vip.outcome.accepted', { stake: consoleMoney(vip.stake, currency), odds: '\u0000' }).split(
      '\u0000',
    )[0];
    await expect(officer.getByRole('status').filter({ hasText: placed ?? '' })).toBeVisible();
    await expect(queue.getByRole('row').filter({ hasText: held.betId })).toHaveCount(0);

    // ---- the bettor's open slip says accepted, and the balance dropped, with no reload ----
    await expect(slip.getByRole('status').getByText(anyValues(tc('accepted.text')))).toBeVisible({ timeout: 30_000 });
    await expect(
      bettor.getByRole('banner').getByText(tc('balance.value', { amount: money(vip.deposit - vip.stake, currency) })),
    ).toBeVisible({ timeout: 15_000 });

    // ---- the other views of the desk: the bet found by its id, the liability of its market ----
    await officer.getByRole('tab', { name: td('risk.tab.bets'), exact: true }).click();
    await officer.getByLabel(td('bets.query')).fill(held.betId);
    await officer.getByRole('button', { name: t('action.search') }).click();
    const found = officer.getByRole('table', { name: td('bets.results') });
    await expect(found.getByRole('row').filter({ hasText: held.betId })).toContainText(td('bets.status.accepted'));
    await expectNoSeriousAxeViolations(officer, 'bet search');
    await officer.getByRole('tab', { name: td('risk.tab.liability'), exact: true }).click();
    await expect(officer.getByRole('table', { name: td('liability.table') })).toBeVisible();
    await expectNoSeriousAxeViolations(officer, 'liability');
    const tda = copyOf('ar', 'backoffice-desks');
    await officer.getByLabel(t('language.label')).selectOption('ar');
    await expect(officer.locator('html')).toHaveAttribute('dir', 'rtl');
    await officer.getByRole('tab', { name: tda('risk.tab.vip'), exact: true }).click();
    await expect(officer.getByRole('heading', { level: 1, name: tda('risk.title') })).toBeVisible();
    await expectNoSeriousAxeViolations(officer, 'VIP desk, Arabic');

    // ---- a viewer sees the desk, decides nothing, and the server refuses a forced decision ----
    const viewerContext = await browser.newContext({ baseURL: origin });
    const viewer = await viewerContext.newPage();
    await signInFirstTime(viewer, await createOperator(viewer.request, origin, 'viewer'));
    await openRiskDesk(viewer);
    await expect(viewer.getByRole('button', { name: new RegExp(`^${td('vip.accept')}`) })).toHaveCount(0);
    const forced = await viewer.request.post(`/backoffice/api/vip-bets/${held.betId}/decide`, {
      data: { decision: 'reject', reason: 'forcing it' },
      headers: { origin },
    });
    expect(forced.status()).toBe(403);

    await Promise.all([bettorContext.close(), officerContext.close(), viewerContext.close()]);
  });
});
