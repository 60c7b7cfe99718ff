// Outage drill: a page shows the line and the coupon, the API goes away for 30 seconds (SIGKILL), comes back on the
// same address; the page must keep showing what it showed and recover by itself (a successful API call again).
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../harness/browser';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';

const AREA = 'drills';
const OUTAGE_SECONDS = Math.max(5, Number(process.env['BENCH_OUTAGE_SECONDS'] ?? 30) || 30);
/** The line page's contract with the drill: the events list and the coupon carry these test ids. */
export const LINE_SELECTOR = '[data-testid="line-events"]';
export const COUPON_SELECTOR = '[data-testid="coupon"]';

/** Runs the drill on PGlite with a data folder (the restart must find the same data). */
export async function outageDrill(ctx: BenchContext): Promise<Figure[]> {
  const label = `API down ${OUTAGE_SECONDS} s`;
  const pgliteDataDir = path.join(ctx.tmpDir, `outage-pglite-${Date.now()}`);
  const api = await ctx.startApi({ name: 'outage-1', engine: 'pglite', pgliteDataDir });
  let restarted: Awaited<ReturnType<BenchContext['startApi']>> | undefined;
  const browser = await launchChromium();
  try {
    const brand = (await (await fetch(`${api.baseUrl}/ready`)).json()) as { brands: { valid: { id: string }[] } };
    const brandId = brand.brands.valid[0]?.id ?? '';
    const config = (await (await fetch(`${api.baseUrl}/web-api/site-config?brand=${brandId}`)).json()) as { language: string };
    const url = `${api.baseUrl}/${config.language}/line?brand=${brandId}`;
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const hasLine = (await page.locator(LINE_SELECTOR).count()) > 0;
    const hasCoupon = (await page.locator(COUPON_SELECTOR).count()) > 0;
    if (!hasLine || !hasCoupon) {
      const reason = `the line page shows no ${!hasLine ? `line (${LINE_SELECTOR})` : ''}${!hasLine && !hasCoupon ? ' and no ' : ''}${!hasCoupon ? `coupon (${COUPON_SELECTOR})` : ''} yet`;
      return [
        notMeasured(AREA, `${label}: line and coupon stay visible`, reason, { unit: 'yes=1', budget: 1, better: 'higher' }),
        notMeasured(AREA, `${label}: page recovers by itself after restart`, reason, { unit: 's', budget: 30 }),
      ];
    }
    const lineBefore = await page.locator(LINE_SELECTOR).innerText();
    const couponBefore = await page.locator(COUPON_SELECTOR).innerText();
    await api.kill();
    const downAt = Date.now();
    let keptShowing = true;
    while (Date.now() - downAt < OUTAGE_SECONDS * 1000) {
      await page.waitForTimeout(5_000);
      const line = await page.locator(LINE_SELECTOR).innerText().catch(() => '');
      const coupon = await page.locator(COUPON_SELECTOR).innerText().catch(() => '');
      // Odds may not change while the API is down; the events and the coupon must not disappear.
      if (line.length < lineBefore.length / 2 || coupon.length < couponBefore.length / 2) keptShowing = false;
    }
    let recoveredAt: number | undefined;
    page.on('response', (res) => {
      if (recoveredAt === undefined && res.ok() && /\/(service-api|web-api)\//.test(res.url())) recoveredAt = Date.now();
    });
    restarted = await ctx.startApi({ name: 'outage-2', engine: 'pglite', pgliteDataDir, port: api.port });
    const upAt = Date.now();
    while (recoveredAt === undefined && Date.now() - upAt < 60_000) await page.waitForTimeout(500);
    return [
      figure({ area: AREA, name: `${label}: line and coupon stay visible`, value: keptShowing ? 1 : 0, unit: 'yes=1', budget: 1, better: 'higher' }),
      recoveredAt === undefined
        ? figure({ area: AREA, name: `${label}: page recovers by itself after restart`, value: Infinity, unit: 's', budget: 30, notes: 'no successful API call within 60 s of the restart' })
        : figure({ area: AREA, name: `${label}: page recovers by itself after restart`, value: (recoveredAt - upAt) / 1000, unit: 's', budget: 30 }),
    ];
  } finally {
    await browser.close();
    await restarted?.stop();
    await api.stop();
    fs.rmSync(pgliteDataDir, { recursive: true, force: true });
  }
}
