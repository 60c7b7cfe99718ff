import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_BRANDS, readCode } from '../../fixtures/accounts';
import { consoleText, createOperator, expectNoSeriousAxeViolations, signInFirstTime } from '../../fixtures/backoffice';
import { consoleMoney, platformText } from '../../fixtures/betting';
import { depositByApi, withdrawByApi } from '../../fixtures/verification';

// The operators' console against the test-mode server (its /__dev/backoffice/operators makes operators; e2e README,
// "The console journey"). One story: a player on e2e-fresh (every withdrawal waits for a person) asks for a
// withdrawal; a payments officer signs in for the first time (TOTP enrolment, codes from `otpauth`), approves it, and
// both the console's player page and the player's own withdrawal page show it paid; a support agent sees the player
// but no payments desk, and the server refuses a forced approval with 403; an administrator opens the desks only the
// role has. axe runs on every console page on the way.
const t = consoleText('en');
const tp = platformText('en', 'payments');

async function desk(page: Page, name: string, heading: string): Promise<void> {
  await page
    .getByRole('navigation', { name: t('nav.label') })
    .getByRole('link', { name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('console journey', () => {
  test.describe.configure({ timeout: 120_000 });

  test('payments officer approves a withdrawal; a support agent cannot; every desk passes axe', async ({
    browser,
    baseURL,
  }) => {
    const origin = baseURL ?? '';

    // ---- a player of e2e-fresh with a deposit and a withdrawal waiting for a person (API; the site journeys walk the forms) ----
    const playerContext = await browser.newContext({ baseURL: origin });
    const player = await playerContext.newPage();
    await player.goto('/?brand=e2e-fresh');
    const setup = ACCOUNT_BRANDS['e2e-fresh'];
    const national = setup.nationalPhone();
    const sent = await player.request.post('/web-api/user/registration/send-code', {
      data: { phone: national, country_code: setup.country },
      headers: { origin },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const code = await readCode(player.request, `+${setup.callingCode}${national}`);
    const site = (await (await player.request.get('/web-api/site-config')).json()) as {
      config: { global: { defaultCurrency: string } };
    };
    const currency = site.config.global.defaultCurrency;
    const registered = await player.request.post('/web-api/user/registration', {
      data: {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: setup.country,
        confirm_code: code,
        password: `Tessera-${Date.now() % 100000}-Lantern`,
        country: setup.country.toLowerCase(),
        currency,
      },
      headers: { origin },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const accountId = String(((await registered.json()) as { account_id: string | number }).account_id);
    await depositByApi(player.request, origin, 300);
    const deduce = (await (await player.request.get('/officeapi/getdeducedata')).json()) as {
      methods: Array<{ reference: string }>;
    };
    const withdrawal = await withdrawByApi(player.request, origin, 120, deduce.methods[0]?.reference ?? '');
    expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
    await player.goto('/en/office/withdraw');
    const playerList = player.getByRole('region', { name: tp('withdraw.list') });
    await expect(playerList.getByText(tp('state.requested'), { exact: true })).toBeVisible();

    // ---- a payments officer's first sign-in: password, QR code and key, the authenticator's code ----
    const officerContext = await browser.newContext({ baseURL: origin });
    const officer = await officerContext.newPage();
    const payments = await createOperator(officer.request, origin, 'payments');
    await officer.goto('/backoffice/sign-in');
    await expectNoSeriousAxeViolations(officer, 'sign-in');
    await signInFirstTime(officer, payments);
    const nav = officer.getByRole('navigation', { name: t('nav.label') });
    await expect(nav.getByRole('link')).toHaveText([
      t('nav.players'),
      t('nav.payments'),
      t('nav.brands'),
      t('nav.sessions'),
    ]);

    // ---- the payments desk: the player's withdrawal, approved with a reason ----
    await desk(officer, t('nav.payments'), t('payments.title'));
    const queue = officer.getByRole('table', { name: t('payments.queue') });
    const row = queue.getByRole('row').filter({ hasText: accountId });
    await expect(row).toContainText(consoleMoney(120, currency));
    await expectNoSeriousAxeViolations(officer, 'payments desk');
    await row.getByRole('button', { name: new RegExp(`^${t('withdrawal.approve')}`) }).click();
    const dialog = officer.getByRole('dialog', { name: t('withdrawal.approveTitle') });
    await expect(dialog.getByLabel(t('reason.label'))).toBeFocused();
    await expectNoSeriousAxeViolations(officer, 'approve dialog');
    await dialog.getByLabel(t('reason.label')).fill('Card matches the deposit; amount within limits');
    await dialog.getByRole('button', { name: t('withdrawal.approve') }).click();
    // The outcome is one status among others (the emptied queue says so in its own).
    await expect(
      officer
        .getByRole('status')
        .filter({ hasText: t('withdrawal.outcome.approved', { amount: consoleMoney(120, currency) }) }),
    ).toBeVisible();

    // ---- the player's page in the console shows it paid (the sandbox pays, its callback settles) ----
    await desk(officer, t('nav.players'), t('players.title'));
    await officer.getByLabel(t('players.query')).fill(accountId);
    await officer.getByRole('button', { name: t('action.search') }).click();
    await expectNoSeriousAxeViolations(officer, 'players desk');
    await officer.getByRole('table').getByRole('link').first().click();
    await officer.getByRole('tab', { name: t('player.tab.payments') }).click();
    const panel = officer.getByRole('tabpanel', { name: t('player.tab.payments') });
    await expect(async () => {
      await officer.reload();
      await expect(panel.getByText(t('withdrawal.state.paid'), { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(officer, 'player page');
    // ... and so does the player's own withdrawal page.
    await expect(playerList.getByText(tp('state.paid'), { exact: true })).toBeVisible({ timeout: 30_000 });

    await desk(officer, t('nav.brands'), t('brands.title'));
    await expectNoSeriousAxeViolations(officer, 'brands');
    await desk(officer, t('nav.sessions'), t('sessions.title'));
    await expect(officer.getByRole('table').getByText(t('sessions.current'))).toBeVisible();
    await expectNoSeriousAxeViolations(officer, 'sessions');

    // ---- a support agent sees the player, has no payments desk, and is refused when forcing an approval ----
    const agentContext = await browser.newContext({ baseURL: origin });
    const agent = await agentContext.newPage();
    const support = await createOperator(agent.request, origin, 'support');
    await signInFirstTime(agent, support);
    await expect(agent.getByRole('navigation', { name: t('nav.label') }).getByRole('link')).toHaveText([
      t('nav.players'),
      t('nav.brands'),
      t('nav.sessions'),
    ]);
    await agent.goto(`/backoffice/players/${encodeURIComponent(accountId)}?tab=payments`);
    await expect(agent.getByRole('tabpanel', { name: t('player.tab.payments') })).toBeVisible();
    await expect(agent.getByRole('button', { name: new RegExp(`^${t('withdrawal.approve')}`) })).toHaveCount(0);
    await agent.goto('/backoffice/payments');
    await expect(agent.getByText(t('state.forbidden'))).toBeVisible();
    const queued = (await (await officer.request.get('/backoffice/api/withdrawals?state=paid')).json()) as {
      withdrawals: Array<{ id: string; playerId: string }>;
    };
    const id = queued.withdrawals.find((w) => w.playerId === accountId)?.id ?? 'missing';
    const forced = await agent.request.post(`/backoffice/api/withdrawals/${id}/approve`, {
      data: { reason: 'forcing it' },
      headers: { origin },
    });
    expect(forced.status()).toBe(403);

    // ---- an administrator: the desks only the role opens, in Arabic, right to left ----
    const adminContext = await browser.newContext({ baseURL: origin });
    const admin = await adminContext.newPage();
    await signInFirstTime(admin, await createOperator(admin.request, origin, 'admin'));
    await desk(admin, t('nav.verification'), t('verification.title'));
    await expectNoSeriousAxeViolations(admin, 'verification desk');
    await desk(admin, t('nav.audit'), t('audit.title'));
    await expect(admin.getByRole('table')).toContainText('withdrawal.approve');
    await expectNoSeriousAxeViolations(admin, 'audit');
    await desk(admin, t('nav.operators'), t('operators.title'));
    await expect(admin.getByRole('table')).toContainText(payments.email);
    await expectNoSeriousAxeViolations(admin, 'operators');
    const ta = consoleText('ar');
    await admin.getByLabel(t('language.label')).selectOption('ar');
    await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(admin.getByRole('heading', { level: 1, name: ta('operators.title') })).toBeVisible();
    await expectNoSeriousAxeViolations(admin, 'operators, Arabic');

    await Promise.all([playerContext.close(), officerContext.close(), agentContext.close(), adminContext.close()]);
  });
});
