import { expect, test } from '../../fixtures/test';

test.describe('site shell', () => {
  test('the home page arrives server-rendered with the brand header, theme and language', async ({
    browser,
    brandUnderTest: brand,
  }, testInfo) => {
    // No JavaScript: everything asserted here was in the server's HTML. A desktop width, where the header puts the
    // logo, the main menu and the actions on one row.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const response = await page.goto(`/?brand=${brand.id}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/${brand.language}/`);

    await expect(page.locator('html')).toHaveAttribute('lang', brand.language);
    await expect(page.locator('html')).toHaveAttribute('dir', brand.dir);
    const header = page.getByRole('banner');
    const logo = header.getByRole('link', { name: new RegExp(`^${brand.name}`) });
    await expect(logo).toBeVisible();
    const menu = page.getByRole('navigation', { name: brand.menuLabel });
    await expect(menu.getByRole('link', { name: brand.lineLink, exact: true })).toHaveAttribute(
      'href',
      `/${brand.language}/line`,
    );
    await expect(menu.getByRole('link', { name: brand.liveLink, exact: true })).toHaveAttribute(
      'href',
      `/${brand.language}/live`,
    );
    await expect(header.getByRole('link', { name: brand.loginButton })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(brand.backgroundRgb);

    // The layout really flips, not only the attribute: the logo starts the row, left of the main menu in a
    // left-to-right brand and right of it in a right-to-left one.
    const logoBox = await logo.boundingBox();
    const menuBox = await menu.boundingBox();
    if (!logoBox || !menuBox) throw new Error('the logo or the main menu is not laid out');
    if (brand.dir === 'rtl') expect(logoBox.x).toBeGreaterThanOrEqual(menuBox.x + menuBox.width);
    else expect(logoBox.x + logoBox.width).toBeLessThanOrEqual(menuBox.x);

    const screenshot = testInfo.outputPath(`${brand.id}-home.png`);
    await page.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach(`${brand.id} home page (${brand.dir})`, { path: screenshot, contentType: 'image/png' });
    await context.close();
  });

  test('the page hydrates and navigates without reloading, in the brand language', async ({
    page,
    brandUnderTest: brand,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/?brand=${brand.id}`);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

    await page
      .getByRole('navigation', { name: brand.menuLabel })
      .getByRole('link', { name: brand.liveLink, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${brand.language}/live$`));
    // Same document: a client-side navigation, not a full page load.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('an address in a language the brand does not offer lands on its default language', async ({
    page,
    brandUnderTest: brand,
  }) => {
    await page.goto(`/?brand=${brand.id}`);
    const other = brand.language === 'xx' ? 'yy' : 'xx';
    await page.goto(`/${other}/live`);
    await expect(page).toHaveURL(new RegExp(`/${brand.language}/live$`));
  });

  test('a guest who opens the account area is sent to log in', async ({ page, brandUnderTest: brand }) => {
    await page.goto(`/?brand=${brand.id}`);
    await page.goto(`/${brand.language}/office`);
    await expect(page).toHaveURL(new RegExp(`/${brand.language}/login`));
  });
});
