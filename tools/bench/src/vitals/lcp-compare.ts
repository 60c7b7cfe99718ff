// LCP after the document's first byte for several builds of a page, each beside its own no-script copy, loaded cold
// and interleaved under the phone profile at a fixed CPU slowdown: a diagnostic to compare builds on the same host,
// not a figure source (the vitals area's LCP figures are calibrated per round).
//   npx tsx tools/bench/src/vitals/lcp-compare.ts <url> [<url> ...] [--loads 16] [--rate 4]
// The no-script copy is taken of the first URL. Each pass loads every subject once, starting one further along each
// time, so a change of the host's load falls on all of them; the report gives each subject's median, its loads in
// order, and the median's ratio to the no-script copy's. The tools/bench README ("LCP and the no-script page") quotes
// figures of this script.
import { launchChromium, phoneContext } from '../harness/browser';
import { priorityLine, raisePriority } from '../harness/priority';
import { median } from '../harness/stats';
import { startBaselineServer } from './baseline-pages/baseline-server';
import { loadCollecting } from './collector';
import { numberFlag, urlArguments } from './script-args';

async function main(): Promise<void> {
  const urls = urlArguments();
  const first = urls[0];
  if (!first) throw new Error('usage: lcp-compare.ts <url> [<url> ...] [--loads N] [--rate X]');
  const loads = numberFlag('--loads', 16);
  const rate = numberFlag('--rate', 4);
  const baselines = await startBaselineServer();
  const subjects = [
    { label: 'no scripts', url: baselines.noScriptsUrl(first) },
    ...urls.map((url) => ({ label: url, url })),
  ];
  const seen = subjects.map(() => [] as number[]);
  // The same CPU share as the bench (ADR 0510), so a diagnosis on a busy host sees what the bench sees.
  console.log(priorityLine(raisePriority()));
  const browser = await launchChromium();
  try {
    for (let pass = 0; pass < loads; pass++) {
      for (let k = 0; k < subjects.length; k++) {
        const i = (pass + k) % subjects.length;
        const subject = subjects[i];
        if (!subject) continue;
        const context = await phoneContext(browser);
        try {
          const page = await context.newPage();
          const v = await loadCollecting(page, subject.url, rate, 2_000);
          seen[i]?.push(v.lcp !== null && v.ttfb !== null ? v.lcp - v.ttfb : NaN);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await baselines.close();
  }
  const base = median(seen[0] ?? []);
  for (const [i, subject] of subjects.entries()) {
    const values = seen[i] ?? [];
    const m = median(values);
    console.log(
      `${subject.label}\n  median ${Math.round(m)} ms after the first byte (${(m / base).toFixed(2)}× no scripts); ` +
        `loads ${values.map((x) => Math.round(x)).join(' ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
