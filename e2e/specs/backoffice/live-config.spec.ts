import { expect, test, type Page } from '@playwright/test';
import { backofficeConfigDictionaries } from '@tessera/shared/util-i18n';
import { createOperator, expectNoSeriousAxeViolations, signInFirstTime } from '../../fixtures/backoffice';
import {
  anyValues,
  BETTING_BRANDS,
  escapeRegExp,
  pickGames,
  platformText,
  registerByPhone,
  submitDeposit,
} from '../../fixtures/betting';

// Issue 14's live configuration in Chromium (e2e README, "The live configuration journey"): a compliance officer
// switches the sale of bets off for Germany on rhein-wetten with a reason, sees the preview and publishes; a bettor's
// open page and a fresh page both lose the sale within 5 seconds; explain names the change; the officer restores the
// earlier version and the sale is back. It runs on the journeys' test-mode server, whose rhein-wetten bettors no other
// journey checks the sale of (the betting journey of the other test-mode server expects it off in Germany).
const journeyOrigin = `http://localhost:${Number(process.env['E2E_PORT'] ?? 4310) + 2}`;
const BRAND = 'rhein-wetten';
const texts = backofficeConfigDictionaries.en['backoffice-config'] ?? {};
const t = (key: string, values: Record<string, string | number> = {}): string => {
  const text = texts[key];
  if (text === undefined) throw new Error(`backoffice-config:${key} is not in the English copy`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
};

/** Publishes a change of Germany's coupon features through the console's API (the officer's session). */
async function publishThroughApi(page: Page, data: object, reason: string): Promise<number> {
  const headers = { origin: journeyOrigin };
  const draft = await page.request.post('/backoffice/api/config/drafts', {
    data: { brand: BRAND, country: 'de', data },
    headers,
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { draft: made } = (await draft.json()) as { draft: { id: string } };
  const published = await page.request.post(`/backoffice/api/config/drafts/${made.id}/publish`, {
    data: { reason },
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);
  return ((await published.json()) as { draft: { version: number } }).draft.version;
}

test.describe('live configuration', () => {
  test.describe.configure({ timeout: 180_000 });

  test('compliance switches the sale off for Germany; open and fresh pages lose it; explain names it; restore', async ({
    browser,
  }) => {
    const lng = 'de';
    const tc = platformText(lng, 'coupon');
    const setup = BETTING_BRANDS[BRAND];

    // ---- a compliance officer signs in; the trial that offers the sale in Germany is version N (API) ----
    const officerContext = await browser.newContext({ baseURL: journeyOrigin });
    const officer = await officerContext.newPage();
    const compliance = await createOperator(officer.request, journeyOrigin, 'compliance');
    await signInFirstTime(officer, compliance);
    const trial = await publishThroughApi(
      officer,
      { coupon: { features: { sale: true } } },
      'Cash-out trial in Germany',
    );

    // ---- a bettor in Germany with an open single: the history offers its sale ----
    const bettorContext = await browser.newContext({ baseURL: journeyOrigin });
    const bettor = await bettorContext.newPage();
    await registerByPhone(bettor, journeyOrigin, BRAND);
    await bettor.goto(`/${lng}/office/deposit`);
    await submitDeposit(bettor, lng, setup.currency, setup.deposit);
    await expect(bettor.getByRole('status').filter({ hasText: anyValues(tc('deposit.succeeded')) })).toBeVisible({
      timeout: 20_000,
    });
    await bettor.goto(`/${lng}/line`);
    const slip = bettor.getByRole('complementary', { name: tc('panel.title') });
    const [pick] = await pickGames(bettor, 1);
    if (!pick) throw new Error('pickGames returned no game');
    await pick.button.click();
    await slip.getByLabel(tc('stake.perEvent', { currency: setup.currency })).fill(String(setup.stake));
    await slip.getByRole('button', { name: tc('submit.label') }).click();
    await slip
      .getByRole('group', { name: tc('confirm.title') })
      .getByRole('button', { name: tc('confirm.ok') })
      .click();
    await expect(slip.getByRole('status').getByText(anyValues(tc('accepted.text')))).toBeVisible({ timeout: 15_000 });
    await bettor.goto(`/${lng}/office/bets`);
    const history = bettor.getByRole('region', { name: tc('history.title') });
    const open = history
      .getByRole('listitem')
      .filter({ has: bettor.getByRole('heading', { name: new RegExp(escapeRegExp(tc('history.status.accepted'))) }) });
    await expect(open).toHaveCount(1, { timeout: 15_000 });
    const saleButtons = history.getByRole('button', { name: anyValues(tc('history.sale')) });
    await expect(saleButtons).toHaveCount(1, { timeout: 15_000 });

    // ---- the console: Germany's coupon section, each setting with its value and the layer that set it ----
    await officer.goto(`/backoffice/config?brand=${BRAND}&country=de&section=coupon`);
    await expect(officer.getByRole('heading', { level: 1, name: t('config.title') })).toBeVisible();
    await expect(officer.getByRole('status').filter({ hasText: 'Cash-out trial in Germany' })).toBeVisible();
    const sale = officer.getByRole('checkbox', { name: 'sale', exact: true });
    await expect(sale).toBeChecked();
    await expect(sale).toBeEnabled();
    // A setting compliance does not own is shown, not editable.
    await expect(officer.getByLabel('maxEvents', { exact: true })).toBeDisabled();
    await expectNoSeriousAxeViolations(officer, 'live configuration');

    // ---- the switch, its preview and a reason; then publish ----
    await sale.uncheck();
    await officer.getByRole('button', { name: t('config.form.review') }).click();
    const review = officer.getByRole('region', { name: t('config.draft.title') });
    await expect(review.getByText(t('config.draft.valid'))).toBeVisible();
    const preview = review.getByRole('table', { name: t('config.preview.caption', { country: 'DE', language: 'de' }) });
    await expect(preview.getByRole('row').filter({ hasText: '/coupon/features/sale' })).toContainText('true');
    await expect(preview.getByRole('row').filter({ hasText: '/coupon/features/sale' })).toContainText('false');
    await expectNoSeriousAxeViolations(officer, 'change under review');
    await review.getByLabel(t('config.reason.label')).fill('GGL audit: cash-out paused in Germany');
    await review.getByRole('button', { name: t('config.action.publish') }).click();
    const switchedOff = trial + 1;
    await expect(
      review.getByRole('status').filter({ hasText: t('config.outcome.published', { version: switchedOff }) }),
    ).toBeVisible();

    // ---- the bettor's open page loses the sale without a reload; a fresh page has none ----
    // How fast is the console bench's figure (publish to served, p99 ≤ 5 s, tools/bench README); here it must happen
    // without a reload, within a wait a loaded CI host can keep (a 5 s wait failed once at load 10+).
    await expect(saleButtons).toHaveCount(0, { timeout: 15_000 });
    await expect(open).toHaveCount(1);
    const fresh = await bettorContext.newPage();
    await fresh.goto(`/${lng}/office/bets`);
    const freshHistory = fresh.getByRole('region', { name: tc('history.title') });
    await expect(
      freshHistory
        .getByRole('listitem')
        .filter({ has: fresh.getByRole('heading', { name: new RegExp(escapeRegExp(tc('history.status.accepted'))) }) }),
    ).toHaveCount(1, { timeout: 15_000 });
    await expect(freshHistory.getByRole('button', { name: anyValues(tc('history.sale')) })).toHaveCount(0);

    // ---- explain names the console's version, its operator, time and reason ----
    const explained = await bettor.request.get(
      `/web-api/site-config/explain?pointer=/coupon/features/sale&country=de&lng=${lng}`,
    );
    expect(explained.status(), await explained.text()).toBe(200);
    expect(await explained.json()).toMatchObject({
      value: false,
      layer: 'console:de/*',
      change: {
        version: switchedOff,
        operator: compliance.email,
        reason: 'GGL audit: cash-out paused in Germany',
      },
    });

    // ---- the history restores the earlier version, the same way: review, reason, publish ----
    await officer.getByRole('tab', { name: t('config.tab.history') }).click();
    const versions = officer.getByRole('table', { name: t('config.history.caption') });
    await expect(versions.getByRole('row').filter({ hasText: 'GGL audit: cash-out paused in Germany' })).toBeVisible();
    await expectNoSeriousAxeViolations(officer, 'configuration history');
    await versions.getByRole('button', { name: t('config.history.restore', { version: trial }) }).click();
    await expect(review.getByText(t('config.draft.restore', { version: trial }))).toBeVisible();
    await review.getByLabel(t('config.reason.label')).fill('GGL audit closed: cash-out back');
    await review.getByRole('button', { name: t('config.action.publish') }).click();
    await expect(
      review.getByRole('status').filter({ hasText: t('config.outcome.published', { version: switchedOff + 1 }) }),
    ).toBeVisible();
    await expect(saleButtons).toHaveCount(1, { timeout: 15_000 });

    // ---- leave Germany as its files say (the sale off), for whatever runs next on this server ----
    const back = await officer.request.post(`/backoffice/api/config/brands/${BRAND}/restore`, {
      data: { version: 0 },
      headers: { origin: journeyOrigin },
    });
    expect(back.status(), await back.text()).toBe(201);
    const { draft } = (await back.json()) as { draft: { id: string } };
    const cleaned = await officer.request.post(`/backoffice/api/config/drafts/${draft.id}/publish`, {
      data: { reason: 'End of the journey: the brand files again' },
      headers: { origin: journeyOrigin },
    });
    expect(cleaned.status(), await cleaned.text()).toBe(200);
    await officerContext.close();
    await bettorContext.close();
  });
});
