// Outage drill: the line page shows the line and a coupon with a selection, the API goes away for 30 seconds
// (SIGKILL), comes back on the same address; the page must keep showing both and recover by itself (a successful
// API call or a live-feed message again, without a reload).
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { launchChromium } from '../harness/browser';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';

const AREA = 'drills';
const OUTAGE_SECONDS = Math.max(5, Number(process.env['BENCH_OUTAGE_SECONDS'] ?? 30) || 30);
/** An odds button of the line: its accessible name ends with the price ("Home – Away, Match result, 1, 2.54"). */
const ODDS_BUTTON_NAME = /, \d+(?:[.,]\d+)?$/;

/** The line (odds buttons in the main landmark) and the coupon (the complementary landmark with the bet slip). */
function parts(page: Page): { odds: Locator; coupon: Locator } {
  return {
    odds: page.getByRole('main').getByRole('button', { name: ODDS_BUTTON_NAME }),
    coupon: page.getByRole('complementary').first(),
  };
}

/** Runs the drill on PGlite with a data folder (the restart must find the same data). */
export async function outageDrill(ctx: BenchContext): Promise<Figure[]> {
  const label = `API down ${OUTAGE_SECONDS} s`;
  const pgliteDataDir = path.join(ctx.tmpDir, `outage-pglite-${Date.now()}`);
  const api = await ctx.startApi({ name: 'outage-1', engine: 'pglite', pgliteDataDir });
  let restarted: Awaited<ReturnType<BenchContext['startApi']>> | undefined;
  const browser = await launchChromium();
  try {
    const ready = (await (await fetch(`${api.baseUrl}/ready`)).json()) as { brands: { valid: { id: string }[] } };
    const brandId = ready.brands.valid.find((b) => b.id === 'polar-bet')?.id ?? ready.brands.valid[0]?.id ?? '';
    const config = (await (await fetch(`${api.baseUrl}/web-api/site-config?brand=${brandId}`)).json()) as {
      language: string;
    };
    const url = `${api.baseUrl}/${config.language}/line?brand=${brandId}`;
    // A desktop-sized window: the coupon is a side column there (on a phone it is a sheet opened on demand).
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url, { waitUntil: 'load' });
    const { odds, coupon } = parts(page);
    const hasLine = await odds
      .first()
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    const hasCoupon = await coupon.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!hasLine || !hasCoupon) {
      const reason = `the line page shows no ${!hasLine ? 'odds buttons in its main landmark' : ''}${!hasLine && !hasCoupon ? ' and no ' : ''}${!hasCoupon ? 'coupon (complementary landmark)' : ''}`;
      return [
        notMeasured(AREA, `${label}: line and coupon stay visible`, reason, {
          unit: 'yes=1',
          budget: 1,
          better: 'higher',
        }),
        notMeasured(AREA, `${label}: page recovers by itself after restart`, reason, { unit: 's', budget: 30 }),
      ];
    }
    // Put a selection on the coupon, as a bettor would before the outage.
    const pick = odds.first();
    const game = ((await pick.getAttribute('aria-label')) ?? (await pick.innerText())).split(', ')[0] ?? '';
    await pick.click();
    const couponHasPick = await coupon
      .getByText(game, { exact: false })
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    const oddsBefore = await odds.count();
    ctx.note(
      AREA,
      `outage drill: ${url.replace(api.baseUrl, '')} on PGlite, ${oddsBefore} odds buttons shown, selection "${game}" ${couponHasPick ? 'on' : 'NOT shown on'} the coupon; API killed with SIGKILL for ${OUTAGE_SECONDS} s, checked every 5 s, restarted on the same data folder and port`,
    );

    await api.kill();
    const downAt = Date.now();
    let keptShowing = couponHasPick;
    const samples: string[] = [];
    while (Date.now() - downAt < OUTAGE_SECONDS * 1000) {
      await page.waitForTimeout(5_000);
      const shown = await odds.count().catch(() => 0);
      const stillPicked = await coupon
        .getByText(game, { exact: false })
        .count()
        .catch(() => 0);
      samples.push(
        `${Math.round((Date.now() - downAt) / 1000)} s: ${shown} odds, coupon ${stillPicked > 0 ? 'holds' : 'lost'} the pick`,
      );
      // Odds may not move while the API is down; the events and the coupon's selection must not disappear.
      if (shown < oddsBefore / 2 || stillPicked === 0) keptShowing = false;
    }
    let recoveredAt: number | undefined;
    let how = '';
    page.on('response', (res) => {
      if (recoveredAt === undefined && res.ok() && /\/(service-api|web-api)\//.test(res.url())) {
        recoveredAt = Date.now();
        how = `HTTP ${new URL(res.url()).pathname}`;
      }
    });
    page.on('websocket', (ws) =>
      ws.on('framereceived', () => {
        if (recoveredAt === undefined) {
          recoveredAt = Date.now();
          how = 'a live-feed message on a new WebSocket';
        }
      }),
    );
    restarted = await ctx.startApi({ name: 'outage-2', engine: 'pglite', pgliteDataDir, port: api.port });
    const upAt = Date.now();
    while (recoveredAt === undefined && Date.now() - upAt < 60_000) await page.waitForTimeout(500);
    const oddsAfter = await odds.count().catch(() => 0);
    return [
      figure({
        area: AREA,
        name: `${label}: line and coupon stay visible`,
        value: keptShowing ? 1 : 0,
        unit: 'yes=1',
        budget: 1,
        better: 'higher',
        notes: samples.join('; '),
      }),
      recoveredAt === undefined
        ? figure({
            area: AREA,
            name: `${label}: page recovers by itself after restart`,
            value: Infinity,
            unit: 's',
            budget: 30,
            notes: 'no successful API call or live-feed message within 60 s of the restart',
          })
        : figure({
            area: AREA,
            name: `${label}: page recovers by itself after restart`,
            value: (recoveredAt - upAt) / 1000,
            unit: 's',
            budget: 30,
            notes: `first sign: ${how}; ${oddsAfter} odds buttons shown afterwards`,
          }),
    ];
  } finally {
    await browser.close();
    await restarted?.stop();
    await api.stop();
    fs.rmSync(pgliteDataDir, { recursive: true, force: true });
  }
}
