// The live-feed frame-time chart: an SVG line chart (one line per renderer), turned into a PNG by Chromium.
import type { Browser } from '@playwright/test';

/** One line of the chart. */
export interface ChartSeries {
  name: string;
  /** Stroke colour (the report is a standalone image, not themed UI). */
  color: string;
  /** Frame times in ms, in order. */
  frames: number[];
}

const W = 960;
const H = 420;
const PAD = { left: 60, right: 20, top: 40, bottom: 50 };

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Renders frame times against elapsed seconds; the y axis is capped at `maxMs` so one long frame does not flatten the rest. */
export function frameTimeChartSvg(series: readonly ChartSeries[], title: string, maxMs = 200): string {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const totalMs = Math.max(1, ...series.map((s) => s.frames.reduce((a, b) => a + b, 0)));
  const x = (ms: number): number => PAD.left + (ms / totalMs) * plotW;
  const y = (ms: number): number => PAD.top + plotH - (Math.min(ms, maxMs) / maxMs) * plotH;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  parts.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="15">${esc(title)}</text>`);
  for (const tick of [0, 16.7, 50, 100, 150, 200].filter((t) => t <= maxMs)) {
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(tick)}" y2="${y(tick)}" stroke="#dddddd"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(tick) + 4}" text-anchor="end">${tick} ms</text>`);
  }
  const seconds = Math.floor(totalMs / 1000);
  for (let s = 0; s <= seconds; s += Math.max(1, Math.ceil(seconds / 10))) {
    parts.push(`<text x="${x(s * 1000)}" y="${H - PAD.bottom + 18}" text-anchor="middle">${s} s</text>`);
  }
  parts.push(
    `<text x="${PAD.left + plotW / 2}" y="${H - 10}" text-anchor="middle">time since the stream started (frame time per animation frame; 16.7 ms = 60 fps)</text>`,
  );
  series.forEach((s, i) => {
    let t = 0;
    const points = s.frames.map((f) => {
      t += f;
      return `${x(t).toFixed(1)},${y(f).toFixed(1)}`;
    });
    parts.push(`<polyline fill="none" stroke="${s.color}" stroke-width="1.2" points="${points.join(' ')}"/>`);
    parts.push(`<rect x="${PAD.left + 10 + i * 220}" y="${PAD.top - 2}" width="12" height="12" fill="${s.color}"/>`);
    parts.push(`<text x="${PAD.left + 28 + i * 220}" y="${PAD.top + 8}">${esc(s.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** Screenshots the SVG in Chromium into a PNG file. */
export async function svgToPng(browser: Browser, svg: string, file: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  try {
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: file });
  } finally {
    await page.close();
  }
}
