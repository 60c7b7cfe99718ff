import {
  anyValues,
  BETTING_BRANDS,
  depositInOffice,
  pickGames,
  platformText,
  registerByPhone,
  type BettingBrandId,
} from '../../fixtures/betting';
import { expect, test } from '../../fixtures/test';

// Runs through the `responsible-<brand>` projects against the test-mode server, whose player protection runs on a
// clock the test moves (POST /__dev/clock/advance, libs/server/responsible README, "Test mode clock").
test.describe('responsible gambling', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a deposit limit refuses past it and explains, a raise waits the cooling-off, a reality check, a time-out stops bets', async ({
    page,
    brand,
    baseURL,
  }) => {
    const brandId = brand.id as BettingBrandId;
    const setup = BETTING_BRANDS[brandId];
    const lng = brand.language;
    const tr = platformText(lng, 'responsible');
    const tc = platformText(lng, 'coupon');
    const origin = baseURL ?? '';
    await registerByPhone(page, origin, brandId);

    // ---- a daily deposit limit of 50, in force at once ----
    await page.goto(`/${lng}/office/responsible`);
    await expect(page.getByRole('heading', { name: tr('office.title'), level: 2 })).toBeVisible();
    await expect(page.getByText(tr('limits.none'))).toBeVisible();
    await page
      .getByRole('combobox', { name: tr('limits.form.kind'), exact: true })
      .selectOption({ label: tr('limits.kind.deposit') });
    await page
      .getByRole('combobox', { name: tr('limits.form.period'), exact: true })
      .selectOption({ label: tr('limits.period.day') });
    await page.getByLabel(tr('limits.form.amount', { currency: setup.currency })).fill('50');
    await page.getByRole('button', { name: tr('limits.form.submit') }).click();
    await expect(page.getByRole('status').getByText(tr('limits.saved.now'))).toBeVisible();

    // ---- 40 goes through; 20 more would pass it: refused, and the page says which limit, what is left, when ----
    await depositInOffice(page, brandId, lng, 40, 40);
    const form = page.getByRole('form', { name: tc('deposit.title') });
    await form.getByLabel(tc('deposit.amount', { currency: setup.currency })).fill('20');
    await form.getByRole('button', { name: tc('deposit.submit') }).click();
    const refusal = page
      .getByRole('alert')
      .getByText(anyValues(tr('refusal.deposit', { period: tr('refusal.period.day') })));
    await expect(refusal).toBeVisible({ timeout: 15_000 });
    await expect(refusal).toContainText('10');
    await expect(page.getByRole('alert').getByRole('link', { name: tr('refusal.more') })).toBeVisible();

    // ---- raising to 100 waits the cooling-off: pending, with the date ----
    await page.goto(`/${lng}/office/responsible`);
    await page.getByLabel(tr('limits.form.amount', { currency: setup.currency })).fill('100');
    await page.getByRole('button', { name: tr('limits.form.submit') }).click();
    await expect(page.getByRole('status').getByText(anyValues(tr('limits.saved.pending')))).toBeVisible();
    await expect(page.getByRole('listitem').getByText(anyValues(tr('limits.pending')))).toBeVisible();

    // ---- the test-mode clock passes the cooling-off: the raise is in force; a reality check is due by then ----
    const overview = (await (await page.request.get('/web-api/responsible')).json()) as { coolingOffHours: number };
    const moved = await page.request.post('/__dev/clock/advance', {
      data: { minutes: overview.coolingOffHours * 60 + 1 },
      headers: { origin },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await page.reload();
    const check = page.getByRole('dialog', { name: tr('reality.title') });
    await expect(check).toBeVisible({ timeout: 15_000 });
    await expect(check.getByText(anyValues(tr('reality.body')))).toBeVisible();
    await expect(check.getByText(anyValues(tr('reality.wagered')))).toBeVisible();
    await expect(check.getByText(anyValues(tr('reality.net')))).toBeVisible();
    await check.getByRole('button', { name: tr('reality.continue') }).click();
    await expect(check).toBeHidden();
    await expect(page.getByRole('listitem').getByText(anyValues(tr('limits.pending')))).toHaveCount(0);
    await expect(page.getByRole('listitem').getByText(anyValues(tr('limits.used')))).toBeVisible();

    // ---- a time-out of 24 hours: the page says so, and a bet is refused ----
    const timeout = page.getByRole('form', { name: tr('lock.timeout.heading') });
    await timeout
      .getByRole('combobox', { name: tr('lock.timeout.length'), exact: true })
      .selectOption({ label: tr('lock.timeout.hours24') });
    await timeout.getByLabel(tr('lock.confirm')).check();
    await timeout.getByRole('button', { name: tr('lock.timeout.submit') }).click();
    await expect(page.getByText(anyValues(tr('lock.active.timeout')))).toBeVisible();

    await page.goto(`/${lng}/line`);
    const slip = page.getByRole('complementary', { name: tc('panel.title') });
    const [pick] = await pickGames(page, 1);
    if (!pick) throw new Error('no game to bet on');
    await pick.button.click();
    await slip.getByLabel(tc('stake.perEvent', { currency: setup.currency })).fill(String(setup.stake));
    await slip.getByRole('button', { name: tc('submit.label') }).click();
    await slip
      .getByRole('group', { name: tc('confirm.title') })
      .getByRole('button', { name: tc('confirm.ok') })
      .click();
    await expect(
      slip.getByRole('alert').getByText(tc('rejected.text', { reason: tc('issue.playLocked') })),
    ).toBeVisible({ timeout: 15_000 });
  });
});
