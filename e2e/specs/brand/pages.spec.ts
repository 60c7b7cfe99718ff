import http from 'node:http';
import { expect, test } from '../../fixtures/test';

/** The bytes of an answer as they travel, asking for Brotli (Playwright's own requests decode bodies). */
function rawGet(url: string): Promise<{ status: number; encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], bytes }));
      })
      .on('error', reject);
  });
}

/** Every link of the header's main menu and of the footer, as the server rendered them on the home page. */
async function siteLinks(page: import('@playwright/test').Page, menuLabel: string): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: menuLabel });
  const footer = page.getByRole('contentinfo');
  const hrefs = [
    ...(await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
    ...(await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
  ];
  // Links of the site itself; the regulator's page and social networks are other sites.
  return [...new Set(hrefs.filter((href) => href.startsWith('/')))];
}

test.describe('menu and information pages', () => {
  test('every link of the main menu and the footer answers 200 with a page heading', async ({
    page,
    brandUnderTest: brand,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/?brand=${brand.id}`);
    const links = await siteLinks(page, brand.menuLabel);
    expect(links.length).toBeGreaterThan(6);
    for (const href of links) {
      const res = await page.request.get(href);
      expect(res.status(), `${href} answers`).toBe(200);
      expect(await res.text(), `${href} has a page heading`).toMatch(/<h1[^>]*>[^<]+/);
    }
  });

  test('each information page of the footer has its text in the first HTML, in the brand language', async ({
    page,
    brandUnderTest: brand,
  }, testInfo) => {
    await page.goto(`/?brand=${brand.id}`);
    const pages = (await siteLinks(page, brand.menuLabel)).filter((href) => href.includes('/information/'));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const href of pages) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${brand.language}"`);
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const text = main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      // Real pages, not a sentence: headings and several paragraphs or list items of text.
      expect(text.length, `${href}: words on the page`).toBeGreaterThan(400);
      expect((main.match(/<(p|li)[\s>]/g) ?? []).length, `${href}: paragraphs`).toBeGreaterThanOrEqual(3);
    }

    // The responsible-gaming page at both widths, for a person to look at (and what the configuration offers below it).
    const responsible = pages.find((href) => href.endsWith('/information/responsiblegaming'));
    expect(responsible).toBeDefined();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(responsible ?? '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `no horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
      const shot = testInfo.outputPath(`${brand.id}-responsible-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`${brand.id} responsible gaming ${width} px (${brand.dir})`, {
        path: shot,
        contentType: 'image/png',
      });
    }
  });

  test('an information page the brand does not offer answers 404', async ({ request, brandUnderTest: brand }) => {
    const res = await request.get(`/${brand.language}/information/no-such-page?brand=${brand.id}`);
    expect(res.status()).toBe(404);
  });

  test('the line page travels compressed, under 150 KB, with its first screen of games in it', async ({
    baseURL,
    request,
    brandUnderTest: brand,
  }) => {
    const url = `${baseURL}/${brand.language}/line?brand=${brand.id}`;
    const raw = await rawGet(url);
    expect(raw.status).toBe(200);
    expect(raw.encoding).toBe('br');
    expect(raw.bytes).toBeLessThan(150 * 1024);
    // The same page decoded has the games and their odds (server render), not a skeleton.
    const html = await (await request.get(url)).text();
    expect(html.slice(html.indexOf('<main'))).toMatch(/<button[^>]+aria-label="[^"]+ – [^"]+, [^"]+, [^"]+, [^"]+"/);
  });
});
