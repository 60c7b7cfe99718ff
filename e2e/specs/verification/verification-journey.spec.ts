import fs from 'node:fs';
import path from 'node:path';
import { escapeRegExp } from '../../fixtures/betting';
import { expect, test } from '../../fixtures/test';
import {
  depositByApi,
  openAccount,
  PNG_BYTES,
  VERIFICATION_BRANDS,
  verificationText,
  withdrawByApi,
  type VerificationBrandId,
} from '../../fixtures/verification';

// Runs on the brands of VERIFICATION_BRANDS through `verification-<brand>` projects against the test-mode server: the
// decision is made through POST /__dev/verification/decide, which runs `tessera kyc decide`'s function against the
// server's own embedded database (absent in production: apps/api/src/modules/verification tests prove it).
test.describe('identity verification journey', () => {
  test.describe.configure({ timeout: 120_000 });

  test('upload a document, send it, get verified by compliance, and the withdrawal opens', async ({
    page,
    brand,
    baseURL,
  }, testInfo) => {
    expect(Object.keys(VERIFICATION_BRANDS), 'the verification projects target these brands').toContain(brand.id);
    const setup = VERIFICATION_BRANDS[brand.id as VerificationBrandId];
    const origin = baseURL ?? '';
    const lng = brand.language;
    const tv = verificationText(lng);
    // The file field's label ends with the brand's size limit, formatted in the page language.
    const fileLabel = new RegExp(`^${escapeRegExp(tv('upload.file', { size: '\u0000' }).split('\u0000')[0] ?? '')}`);
    const shots = path.join(testInfo.project.outputDir, 'verification-screens');
    fs.mkdirSync(shots, { recursive: true });

    const accountId = await openAccount(page, origin, brand.id as VerificationBrandId);
    const reference = await depositByApi(page.request, origin, 50);

    // ---- before verification: the server refuses the withdrawal and says what is required and why ----
    const refused = await withdrawByApi(page.request, origin, 10, reference);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error_code: 1701,
      verification: { rule: 'withdrawal', status: 'not_started' },
    });

    // ---- the office page: status, what waits, what to send ----
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lng}/office/verification`);
    const region = page.getByRole('region', { name: tv('title') });
    await expect(region.getByText(tv('status.notStarted'))).toBeVisible();
    await expect(region.getByText(tv('rules.withdrawal'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', brand.dir);
    // Nothing of the page runs off the side of a 390 px phone (tables scroll inside their own box).
    const overflowing = await region.evaluate(
      (root) =>
        [...root.querySelectorAll('*')]
          .filter((el) => !el.parentElement?.closest('[data-scrolls]'))
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1)).length,
    );
    expect(overflowing).toBe(0);
    await page.screenshot({ path: path.join(shots, `${brand.id}-390-start.png`), fullPage: true });

    // ---- upload by keyboard-reachable controls, with its progress and result announced ----
    await region.getByLabel(tv('upload.type')).selectOption('passport');
    await region
      .getByLabel(fileLabel)
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG_BYTES });
    // By keyboard: the button takes focus and Enter sends the file.
    await region.getByRole('button', { name: tv('upload.submit') }).focus();
    await page.keyboard.press('Enter');
    await expect(region.getByText(tv('upload.done', { name: 'passport.png' }))).toBeVisible();
    await expect(region.getByRole('cell', { name: 'passport.png' })).toBeVisible();

    // A script renamed .jpg is refused by its bytes, and the page says why.
    await region
      .getByLabel(fileLabel)
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('#!/bin/sh\necho hi\n') });
    await region.getByRole('button', { name: tv('upload.submit') }).click();
    await expect(region.getByRole('alert')).toHaveText(tv('errors.1710'));

    // ---- send for review with what the document shows ----
    await region.getByLabel(tv('submit.country')).fill(setup.documentCountry);
    await region.getByLabel(tv('submit.birthDate')).fill('1990-01-31');
    await region.getByLabel(tv('submit.country')).press('Enter');
    await expect(region.getByText(tv('status.submitted'))).toBeVisible();
    expect((await (await withdrawByApi(page.request, origin, 10, reference)).json()) as object).toMatchObject({
      error_code: 1701,
      verification: { status: 'submitted' },
    });

    // ---- compliance decides (the CLI's function, on the server's database) ----
    const decided = await page.request.post('/__dev/verification/decide', {
      data: { account_id: accountId, decision: 'verified', reason: 'Passport checked' },
      headers: { origin },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    await page.reload();
    await expect(region.getByText(tv('status.verified'))).toBeVisible();
    await expect(region.getByText(tv('decisions.reason', { reason: 'Passport checked' }))).toBeVisible();
    await page.screenshot({ path: path.join(shots, `${brand.id}-390-verified.png`), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: path.join(shots, `${brand.id}-1366-verified.png`), fullPage: true });

    // ---- the withdrawal gate opens ----
    const allowed = await withdrawByApi(page.request, origin, 10, reference);
    expect(allowed.status(), await allowed.text()).toBeLessThan(300);
  });
});
