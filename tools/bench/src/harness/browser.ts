import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** Debian's Chromium: test tools cannot download browsers on these machines (docs: TOOLCHAIN.md). */
export const CHROMIUM_PATH = process.env['BENCH_CHROMIUM'] ?? '/usr/bin/chromium';

/** Launch arguments that keep Chromium quiet on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Debian's Chromium through Playwright. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** The mid-range phone of the issue: CPU 4× slower, slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up). */
export const MOBILE_PROFILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  cpuSlowdown: 4,
  network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
} as const;

/** A fresh browser context shaped as the profile's phone (viewport, pixel ratio, touch, user agent); cold caches. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: MOBILE_PROFILE.viewport,
    deviceScaleFactor: MOBILE_PROFILE.deviceScaleFactor,
    isMobile: MOBILE_PROFILE.isMobile,
    hasTouch: MOBILE_PROFILE.hasTouch,
    userAgent: MOBILE_PROFILE.userAgent,
  });
}

/**
 * Applies CPU and network throttling to a page through the Chrome DevTools Protocol. `cpuRate` is the slowdown; the
 * vitals area passes the rate calibrated to the reference device for this round (calibrate.ts), others the fixed 4×.
 */
export async function throttle(page: Page, cpuRate: number = MOBILE_PROFILE.cpuSlowdown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE_PROFILE.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
}
