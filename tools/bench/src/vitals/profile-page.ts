// Where a page's main-thread time goes at start-up, under the vitals phone profile: long tasks after FCP and the
// CPU profile's self time per script and per function. A diagnostic for a TBT budget missed, not a figure source.
//   npx tsx tools/bench/src/vitals/profile-page.ts <url> [--top 25]
import { launchChromium, phoneContext, throttle } from '../harness/browser';
import { COLLECTOR_SCRIPT, type CollectedVitals } from './collector';
import { blockingTimeAfter } from './vitals-math';
import { busyStretches, inclusiveTimes, selfTimes, type Profile } from './cpu-profile';

function top(map: Map<string, number>, n: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`);
}

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url) throw new Error('usage: profile-page.ts <url> [--top N]');
  const topIndex = process.argv.indexOf('--top');
  const n = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
  const browser = await launchChromium();
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.addInitScript(COLLECTOR_SCRIPT);
    await throttle(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(2_500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const v = (await page.evaluate('window.__benchVitals')) as CollectedVitals;
    console.log(
      `FCP ${v.fcp?.toFixed(0)} ms, LCP ${v.lcp?.toFixed(0)} ms, TBT ${blockingTimeAfter(v.fcp, v.longTasks).toFixed(0)} ms`,
    );
    console.log(
      'long tasks (start, duration):',
      v.longTasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', '),
    );
    const shortUrl = (u: string): string => u.replace(/^https?:\/\/[^/]+/, '') || '(native/idle)';
    console.log('\nself time per script (profiled at 4x CPU slowdown):');
    console.log(
      top(
        selfTimes(profile, (node) => shortUrl(node.callFrame.url)),
        n,
      ).join('\n'),
    );
    console.log('\nself time per function:');
    console.log(
      top(
        selfTimes(
          profile,
          (node) =>
            `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`,
        ),
        n,
      ).join('\n'),
    );
    // What the long stretches of work consist of: inclusive time per named function of the page's own scripts.
    for (const stretch of busyStretches(profile, 100)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)) {
      console.log(
        `\nbusy stretch of ${stretch.ms.toFixed(0)} ms at ${((stretch.start - profile.startTime) / 1000).toFixed(0)} ms into the profile, inclusive time per function:`,
      );
      const named = (node: { callFrame: { functionName: string; url: string; lineNumber: number } }) =>
        node.callFrame.url && node.callFrame.functionName
          ? `${node.callFrame.functionName} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber}`
          : undefined;
      console.log(top(inclusiveTimes(profile, stretch.samples, named), 18).join('\n'));
    }
    await context.close();
  } finally {
    await browser.close();
  }
}

await main();
