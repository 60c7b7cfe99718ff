import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import {
  openAccount,
  VERIFICATION_BRANDS,
  verificationText,
  type VerificationBrandId,
} from '../../fixtures/verification';

// The journey from upload to payout runs per jurisdiction (specs/jurisdictions). This checks what those left-to-right
// English and German pages cannot: the verification page in Arabic, right to left, on a 390 px phone, where nothing may
// run off the side. Runs on the brands of VERIFICATION_BRANDS through `verification-<brand>` projects.
test.describe('identity verification page', () => {
  test('right to left on a phone: the status, what waits, and nothing off the side', async ({
    page,
    brand,
    baseURL,
  }, testInfo) => {
    expect(Object.keys(VERIFICATION_BRANDS), 'the verification projects target these brands').toContain(brand.id);
    const lng = brand.language;
    const tv = verificationText(lng);
    const shots = path.join(testInfo.project.outputDir, 'verification-screens');
    fs.mkdirSync(shots, { recursive: true });
    await openAccount(page, baseURL ?? '', brand.id as VerificationBrandId);

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
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: path.join(shots, `${brand.id}-1366-start.png`), fullPage: true });
  });
});
