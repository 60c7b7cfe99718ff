import { registerAccountByPhone, type AccountBrandId } from '../../fixtures/accounts';
import { depositSuccess, money, platformText, submitDeposit } from '../../fixtures/betting';
import { expect, test } from '../../fixtures/test';

// Runs on the brands of ACCOUNT_BRANDS (accounts-<brand> projects, test-mode server with the development outbox and
// the sandbox payment provider). The brand's cashier settings decide the path (libs/server/wallet README,
// "Withdrawals"): polar-bet approves withdrawals up to its threshold at once, so the sandbox pays it out and its signed
// callback settles it; e2e-fresh keeps the defaults, so every withdrawal waits for a person and the player cancels it.
test.describe('cashier journey', () => {
  test.describe.configure({ timeout: 120_000 });

  test('deposit, withdraw to the deposit card (paid or cancelled), transfer between currency accounts', async ({
    page,
    brand,
    baseURL,
  }) => {
    const lng = brand.language;
    const tp = platformText(lng, 'payments');
    const tc = platformText(lng, 'coupon');

    // ---- a fresh account by phone through the API (the accounts journey covers the form) ----
    const { currency } = await registerAccountByPhone(page, baseURL ?? '', brand.id as AccountBrandId);

    // ---- a deposit through the office's form and the sandbox provider's succeeding test card ----
    await page.goto(`/${lng}/office/deposit`);
    await submitDeposit(page, lng, currency, 500);
    await expect(
      depositSuccess(page, lng).getByText(tc('deposit.succeeded', { amount: money(500, currency, lng) })),
    ).toBeVisible({
      timeout: 20_000,
    });

    // ---- the withdrawal page: what can be withdrawn, the card it goes back to, a refusal before asking ----
    await page
      .getByRole('navigation')
      .getByRole('link', { name: tp('nav.withdraw') })
      .click();
    await expect(page.getByRole('heading', { name: tp('withdraw.title'), level: 2 })).toBeVisible();
    const facts = page.getByRole('region', { name: tp('withdraw.available') });
    await expect(facts.getByText(tp('withdraw.withdrawable'))).toBeVisible();
    await expect(facts.getByText(money(500, currency, lng)).first()).toBeVisible();
    await expect(page.getByRole('radio', { name: tp('withdraw.card', { last4: '4242' }) })).toBeChecked();
    const amount = page.getByRole('textbox', { name: tp('withdraw.amount', { currency }) });
    await amount.fill('600');
    await page.getByRole('button', { name: tp('withdraw.submit'), exact: true }).click();
    await expect(page.getByText(tp('withdraw.issue.above', { amount: money(500, currency, lng) }))).toBeVisible();

    // ---- the withdrawal: reserved at once, then paid by the provider's callback or waiting for a person ----
    await amount.fill('200');
    await page.getByRole('button', { name: tp('withdraw.submit'), exact: true }).click();
    await expect(
      page.getByRole('status').getByText(new RegExp(money(200, currency, lng).replace('.', '\\.'))),
    ).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByText(tc('balance.value', { amount: money(300, currency, lng) }))).toBeVisible({
      timeout: 15_000,
    });
    const list = page.getByRole('region', { name: tp('withdraw.list') });
    const deduce = (await (await page.request.get('/officeapi/getdeducedata')).json()) as {
      autoApproveMax: number | null;
    };
    if (deduce.autoApproveMax !== null && deduce.autoApproveMax >= 200) {
      // Approved at once, sent to the sandbox, paid after its delay; the page follows it without a reload.
      await expect(list.getByText(tp('state.paid'), { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(header.getByText(tc('balance.value', { amount: money(300, currency, lng) }))).toBeVisible();
    } else {
      await expect(list.getByText(tp('state.requested'), { exact: true })).toBeVisible();
      await list.getByRole('button', { name: tp('withdraw.cancelOne', { amount: money(200, currency, lng) }) }).click();
      await expect(list.getByText(tp('state.cancelled'), { exact: true })).toBeVisible();
      await expect(header.getByText(tc('balance.value', { amount: money(500, currency, lng) }))).toBeVisible({
        timeout: 15_000,
      });
    }

    // ---- a second currency account and a transfer at the quoted rate (where the brand offers another currency) ----
    const held = (await (await page.request.get('/web-api/user/currency-accounts')).json()) as {
      offered: Array<{ currency: string; name: string }>;
    };
    const other = held.offered[0];
    if (other) {
      await page
        .getByRole('navigation')
        .getByRole('link', { name: tp('nav.wallets') })
        .click();
      await expect(page.getByRole('heading', { name: tp('wallets.title'), level: 2 })).toBeVisible();
      const open = page.getByRole('form', { name: tp('wallets.open') });
      await open
        .getByRole('combobox', { name: tp('wallets.currency') })
        .selectOption({ label: `${other.name} (${other.currency})` });
      await open.getByRole('button', { name: tp('wallets.openSubmit') }).click();
      await expect(
        page.getByRole('button', { name: tp('wallets.makeActiveOne', { currency: other.currency }) }),
      ).toBeVisible();
      const transfer = page.getByRole('form', { name: tp('wallets.transfer') });
      await transfer
        .getByRole('combobox', { name: tp('wallets.to'), exact: true })
        .selectOption({ label: other.currency });
      await transfer.getByRole('textbox', { name: tp('wallets.amount') }).fill('50');
      await transfer.getByRole('button', { name: tp('wallets.quote') }).click();
      await expect(transfer.getByText(new RegExp(`1 ${currency} = [0-9.]+ ${other.currency}`))).toBeVisible();
      await transfer.getByRole('button', { name: tp('wallets.confirm') }).click();
      await expect(transfer.getByRole('status')).toContainText(money(50, currency, lng));
      // The history shows the transfer beside the deposit and the withdrawal.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: tc('office.nav.payments') })
        .click();
      const payments = page.getByRole('list', { name: tp('history.title') });
      await expect(payments.getByText(tp('history.type.transfer'), { exact: true })).toBeVisible();
      await expect(payments.getByText(tp('history.type.withdrawal'), { exact: true })).toBeVisible();
    }
  });
});
