import type { Page } from '@playwright/test';
import {
  ACCOUNT_BRANDS,
  accountText,
  clickThroughAltcha,
  clickThroughPuzzle,
  freshTotp,
  newestMessageId,
  readCode,
  TEST_RESEND_COOLDOWN_MS,
  textPattern,
  type AccountBrandId,
} from '../../fixtures/accounts';
import { waitForHydration } from '../../fixtures/hydration';
import { expect, test } from '../../fixtures/test';

// Runs on the brands of ACCOUNT_BRANDS only (polar-bet: Russian, RU numbers, SMS sign-in and social on; e2e-fresh:
// English, GB numbers, defaults), through `accounts-<brand>` projects. The server must expose the development outbox
// (NODE_ENV=test), see the e2e README ("The account journey").
test.describe('account journey', () => {
  test.describe.configure({ timeout: 180_000 });

  test('register by phone, log out and in, two-factor, phone change, close another session', async ({
    page,
    browser,
    brand,
    request,
  }) => {
    // The Playwright projects give this folder only these brands; another brand here is a configuration mistake.
    expect(Object.keys(ACCOUNT_BRANDS), 'the accounts projects target these brands').toContain(brand.id);
    const setup = ACCOUNT_BRANDS[brand.id as AccountBrandId];
    const lng = brand.language;
    const ta = accountText(lng);
    const national = setup.nationalPhone();
    const phone = `+${setup.callingCode}${national}`;
    const password = `Tessera-${Date.now() % 100000}-Lantern`;

    // ---- registration by phone with the SMS code from the outbox ----
    await page.goto(`/?brand=${brand.id}`);
    await page.goto(`/${lng}/registration`);
    const methods = page.getByRole('group', { name: ta('registration.methods') });
    await methods.getByRole('button', { name: ta('registration.variant.phone') }).click();
    await page.getByLabel(ta('field.phone')).fill(national);
    // No birth date in this variant: the age is confirmed explicitly (libs/server/accounts README, "Every registration states the minimum age").
    await page.getByRole('checkbox', { name: ta('registration.ageConfirm', { count: String(setup.minAge) }) }).check();
    // polar-bet's captcha (huntCaptcha: the built-in puzzle) protects the sending of the code (ADR 0160).
    await clickThroughPuzzle(
      page,
      request,
      page.getByRole('button', { name: ta('registration.sendCode') }),
      ta,
      setup.puzzleCaptcha,
    );
    const registrationCode = await readCode(request, phone);
    await page.getByLabel(ta('field.code')).fill(registrationCode);
    await page.getByLabel(ta('field.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: ta('registration.submit') }).click();
    const welcome = page.getByRole('dialog', { name: ta('welcome.title') });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: ta('welcome.continue') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lng}/office`));
    const header = page.getByRole('banner');
    // The account's number, not the account button's hidden "Account menu" label.
    const accountNumber = new RegExp(`^${textPattern(ta('accountId', { id: '0' })).source.replace('0', '\\d+')}$`);
    await expect(header.getByText(accountNumber)).toBeVisible();
    await waitForHydration(page);

    // ---- log out, then in by phone and password ----
    await header.getByRole('button', { name: ta('logout') }).click();
    await expect(header.getByRole('link', { name: brand.loginButton })).toBeVisible();
    await logIn(page, lng, national, password);
    await expect(page.getByRole('banner').getByRole('button', { name: ta('logout') })).toBeVisible();

    // ---- a second device signs in now, so the first can see and close its session later ----
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`/?brand=${brand.id}`);
    await logIn(otherPage, lng, national, password);
    await expect(otherPage.getByRole('banner').getByRole('button', { name: ta('logout') })).toBeVisible();

    // ---- two-factor with a TOTP computed here (RFC 6238), and the SMS code the account's phone gets ----
    await page.goto(`/${lng}/office/security`);
    const twoFactor = page.getByRole('region', { name: ta('twoFactor.title') });
    // Past 5 minutes from the sign-in the server asks for the password again (403, error_code 4031, ADR 0206). This
    // page signed in a moment ago, so the test plays that first refusal: the dialog asks, the real server checks the
    // password, and the action is retried by itself.
    let refused = false;
    await page.route('**/officeapi/gettwofactorqrcodeurl', async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Confirm your password to continue', error_code: 4031 }),
      });
    });
    await twoFactor.getByRole('button', { name: ta('twoFactor.start') }).click();
    const reauth = page.getByRole('dialog', { name: ta('reauth.title') });
    await reauth.getByLabel(ta('field.password')).fill(password);
    await reauth.getByRole('button', { name: ta('reauth.submit') }).click();
    await expect(reauth).toBeHidden();
    await expect(twoFactor.getByRole('img', { name: ta('twoFactor.qrAlt') })).toBeVisible();
    const secretText = await twoFactor.getByText(textPattern(ta('twoFactor.secret'))).innerText();
    const secret = /([A-Z2-7]{16,})/.exec(secretText)?.[1] ?? '';
    expect(secret).not.toBe('');
    const beforeSms = await newestMessageId(request, phone);
    await twoFactor.getByRole('button', { name: ta('twoFactor.sendSms') }).click();
    const smsCode = await readCode(request, phone, beforeSms);
    let used = freshTotp(secret, undefined);
    await twoFactor.getByLabel(ta('field.appCode')).fill(used.code);
    await twoFactor.getByLabel(ta('field.code')).fill(smsCode);
    await twoFactor.getByRole('button', { name: ta('twoFactor.enable') }).click();
    await expect(twoFactor.getByText(ta('twoFactor.stateOn'))).toBeVisible();
    await expect(twoFactor.getByText(textPattern(ta('twoFactor.hash')))).toBeVisible();

    // ---- log out and in again: now the app code is asked ----
    await page
      .getByRole('banner')
      .getByRole('button', { name: ta('logout') })
      .click();
    await expect(page.getByRole('banner').getByRole('link', { name: brand.loginButton })).toBeVisible();
    await logIn(page, lng, national, password);
    await expect(page.getByRole('heading', { name: ta('login.twoFactor.title') })).toBeVisible();
    used = freshTotp(secret, used.step);
    await page.getByLabel(ta('field.appCode')).fill(used.code);
    await page.getByRole('button', { name: ta('login.twoFactor.submit') }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: ta('logout') })).toBeVisible();

    // ---- a secure question, which the phone change then asks ----
    await page.goto(`/${lng}/office/security`);
    const question = page.getByRole('region', { name: ta('question.title') });
    await question.getByLabel(ta('field.answer'), { exact: true }).fill('Barsik');
    await question.getByLabel(ta('field.answerRepeat'), { exact: true }).fill('Barsik');
    await question.getByRole('button', { name: ta('question.submit') }).click();
    await expect(question.getByText(ta('question.done'))).toBeVisible();
    // A fresh page, so the phone panel is rendered from a session that knows the account has a question.
    await page.reload();
    await expect(
      page.getByRole('region', { name: ta('question.title') }).getByText(textPattern(ta('question.current'))),
    ).toBeVisible();

    // ---- phone change: code to the current phone, check it, the secure answer, the new number, the code it gets ----
    const phonePanel = page.getByRole('region', { name: ta('phone.title') });
    await phonePanel.getByRole('button', { name: ta('phone.change') }).click();
    const beforeChange = await newestMessageId(request, phone);
    await phonePanel.getByRole('button', { name: ta('phone.sendCode') }).click();
    const changeCode = await readCode(request, phone, beforeChange);
    await phonePanel.getByLabel(ta('field.code')).fill(changeCode);
    await phonePanel.getByRole('button', { name: ta('phone.checkCode') }).click();
    await phonePanel.getByLabel(ta('field.secureAnswer')).fill('Barsik');
    await phonePanel.getByRole('button', { name: ta('phone.checkAnswer') }).click();
    const newNational = setup.nationalPhone();
    const newPhone = `+${setup.callingCode}${newNational}`;
    await phonePanel.getByLabel(ta('field.newPhone')).fill(newNational);
    await phonePanel.getByRole('button', { name: ta('phone.changeSubmit') }).click();
    // The number is changed only once the new number proves itself with the code it received (libs/server/accounts README, "Second-step lockout, proving the new phone").
    await expect(phonePanel.getByText(ta('phone.newCodeSent'))).toBeVisible();
    const newNumberCode = await readCode(request, newPhone);
    await phonePanel.getByLabel(ta('field.code')).fill(newNumberCode);
    await phonePanel.getByRole('button', { name: ta('phone.confirmSubmit') }).click();
    await expect(phonePanel.getByText(ta('phone.changed'))).toBeVisible();

    // ---- the other session is listed; close it, and the other device is signed out ----
    await page.reload();
    const sessions = page.getByRole('region', { name: ta('sessions.title') });
    const items = sessions.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await sessions.getByRole('button', { name: ta('sessions.close') }).click();
    await expect(sessions.getByText(ta('sessions.closed'))).toBeVisible();
    await expect(items).toHaveCount(1);
    await otherPage.goto(`/${lng}/office`);
    await expect(otherPage).toHaveURL(new RegExp(`/${lng}/login`));
    await other.close();

    async function logIn(target: Page, language: string, login: string, secretWord: string) {
      await target.goto(`/${language}/login`);
      const tabs = target.getByRole('group', { name: ta('login.methods') });
      if (await tabs.count()) await tabs.getByRole('button', { name: ta('login.tab.phone') }).click();
      await target.getByLabel(ta('field.phone')).fill(login);
      await target.getByLabel(ta('field.password')).fill(secretWord);
      // Signing in takes the puzzle's accessible path: the ALTCHA check, run by the real widget in the page (ADR 0210).
      const submit = target.getByRole('button', { name: ta('login.submit'), exact: true });
      if (setup.puzzleCaptcha) await clickThroughAltcha(target, submit, ta);
      else await submit.click();
    }
  });

  test('registers by e-mail through the address: check your e-mail, the code from the outbox; a taken address is answered alike (ADR 0202)', async ({
    page,
    brand,
    request,
  }) => {
    const setup = ACCOUNT_BRANDS[brand.id as AccountBrandId];
    const lng = brand.language;
    const ta = accountText(lng);
    const email = `journey.${Date.now()}@example.com`;
    const password = `Tessera-${Date.now() % 100000}-Meadow`;

    async function fillFullRegistration() {
      await page.goto(`/${lng}/registration`);
      await page
        .getByRole('group', { name: ta('registration.methods') })
        .getByRole('button', { name: ta('registration.variant.full') })
        .click();
      await page.getByLabel(ta('field.email')).fill(email);
      await page.getByLabel(ta('field.password'), { exact: true }).fill(password);
      await page.getByLabel(ta('field.passwordConfirmation')).fill(password);
      await page.getByLabel(ta('field.firstName')).fill('Ada');
      await page.getByLabel(ta('field.lastName')).fill('Lovelace');
      await page.getByLabel(ta('field.birthDate')).fill('1990-05-17');
      // polar-bet's captcha protects the registration (ADR 0160).
      await clickThroughPuzzle(
        page,
        request,
        page.getByRole('button', { name: ta('registration.submit') }),
        ta,
        setup.puzzleCaptcha,
      );
      await expect(page.getByRole('heading', { name: ta('registration.emailSent.title') })).toBeVisible();
    }

    await page.goto(`/?brand=${brand.id}`);
    await fillFullRegistration();
    // The server has sent the code by the time the page says so: its resend wait runs from no later than now.
    const firstSent = Date.now();
    const code = await readCode(request, email);
    await page.getByLabel(ta('registration.emailSent.code')).fill(code);
    await page.getByRole('button', { name: ta('registration.emailSent.submit') }).click();
    const welcome = page.getByRole('dialog', { name: ta('welcome.title') });
    await expect(welcome).toBeVisible();
    // Continue loads the brand's page after registration in full: its header is used once that page has hydrated.
    const loaded = page.waitForEvent('load');
    await welcome.getByRole('button', { name: ta('welcome.continue') }).click();
    await loaded;
    await waitForHydration(page);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: ta('logout') }).click();
    await expect(header.getByRole('link', { name: brand.loginButton })).toBeVisible();

    // The same address again (after the test server's resend wait, of which the steps above took a part): the same
    // step on screen; the owner is warned by e-mail instead.
    await page.waitForTimeout(Math.max(0, firstSent + TEST_RESEND_COOLDOWN_MS + 1000 - Date.now()));
    const before = await newestMessageId(request, email);
    await fillFullRegistration();
    await expect.poll(async () => (await newestMessageId(request, email)) !== before, { timeout: 10_000 }).toBe(true);
    const outbox = (await (await request.get(`/__dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: Array<{ text: string }>;
    };
    expect(outbox.messages[0]?.text).toMatch(/someone tried to register/i);
  });

  test('offers the registration variants of the brand; social registration through the development identity provider', async ({
    page,
    brand,
  }) => {
    const setup = ACCOUNT_BRANDS[brand.id as AccountBrandId];
    const lng = brand.language;
    const ta = accountText(lng);
    await page.goto(`/?brand=${brand.id}`);
    await page.goto(`/${lng}/registration`);
    // The two brands differ here: polar-bet adds social registration to the platform's one-click, phone and e-mail.
    const methods = page.getByRole('group', { name: ta('registration.methods') });
    await expect(methods.getByRole('button')).toHaveText(
      setup.registrationVariants.map((variant) => ta(`registration.variant.${variant}`)),
    );
    const provider = setup.socialProvider;
    if (provider === undefined) {
      await expect(methods.getByRole('button', { name: ta('registration.variant.social') })).toHaveCount(0);
      return;
    }
    await methods.getByRole('button', { name: ta('registration.variant.social') }).click();
    // The providers lead nowhere until the age is confirmed (libs/server/accounts README, "Every registration states the minimum age").
    const socialLink = page.getByRole('link', { name: ta('registration.social.with', { provider }) });
    await expect(socialLink).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(ta('registration.social.confirmFirst'))).toBeVisible();
    await page.getByRole('checkbox', { name: ta('registration.ageConfirm', { count: String(setup.minAge) }) }).check();
    // The provider signs in at once and sends the browser back; a new account gets the welcome, then the redirect.
    await socialLink.click();
    await expect(page).toHaveURL(new RegExp(`/${lng}/welcome$`));
    const welcome = page.getByRole('dialog', { name: ta('welcome.title') });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: ta('welcome.continue') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lng}/office`));
    await expect(page.getByRole('banner').getByRole('button', { name: ta('logout') })).toBeVisible();
  });
});
