// The main-thread tasks after first paint by CPU time, as the vitals area's TBT reads them (ADR 0270), for one page
// or for several builds of it loaded in turn: a diagnostic to compare builds on a busy host, not a figure source.
//   npx tsx tools/bench/src/vitals/trace-tasks.ts <url> [<url> ...] [--rounds 6] [--slowdown 4] [--tasks]
// Each round loads every URL once, in turn, so a change of the host's load falls on all of them. Each load is the
// vitals area's own (loadTraced): scaled by the index read in the page after it, or by a fixed --slowdown.
import { launchChromium } from '../harness/browser';
import { priorityLine, raisePriority } from '../harness/priority';
import { median } from '../harness/stats';
import { referenceBlockingTime } from './cpu-blocking';
import { numberFlag, urlArguments } from './script-args';
import { loadTraced } from './vitals.area';

async function main(): Promise<void> {
  const urls = urlArguments();
  if (!urls.length) throw new Error('usage: trace-tasks.ts <url> [<url> ...] [--rounds N] [--slowdown X] [--tasks]');
  const rounds = numberFlag('--rounds', 6);
  const fixed = process.argv.includes('--slowdown');
  const slowdown = numberFlag('--slowdown', 4);
  const showTasks = process.argv.includes('--tasks');
  const seen = urls.map(() => ({
    tbt: [] as number[],
    cpu: [] as number[],
    longest: [] as number[],
    scale: [] as number[],
  }));
  // The same CPU share as the bench (ADR 0510), so a diagnosis on a busy host sees what the bench sees.
  console.log(priorityLine(raisePriority()));
  const browser = await launchChromium();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, url] of urls.entries()) {
        // A fixed --slowdown scales every load alike (builds compared on one scale); without it, the load's own index.
        const load = await loadTraced(browser, url, slowdown);
        const { tasks, fcpTs } = load;
        const scale = fixed ? slowdown : load.slowdown;
        const after = tasks.filter((t) => fcpTs === undefined || t.ts + t.wallMs * 1000 > fcpTs);
        const s = seen[i];
        if (!s) continue;
        s.tbt.push(fixed ? referenceBlockingTime(tasks, fcpTs, slowdown) : load.tbt);
        s.cpu.push(load.cpuMs);
        s.longest.push(Math.max(0, ...after.map((t) => t.cpuMs)));
        s.scale.push(scale);
        if (showTasks) {
          const big = after
            .filter((t) => t.cpuMs >= 5)
            .map((t) => `${Math.round((t.ts - (fcpTs ?? t.ts)) / 1000)}:${t.cpuMs.toFixed(1)}`);
          console.log(`round ${round + 1} ${url}: tasks ≥5 ms (ms after paint:CPU ms) ${big.join(' ')}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  for (const [i, url] of urls.entries()) {
    const s = seen[i];
    if (!s) continue;
    const range = (v: number[]) =>
      `${median(v).toFixed(0)} (${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
    console.log(
      `${url}\n  TBT at ${fixed ? `${slowdown}×` : `the load's own slowdown, ${median(s.scale).toFixed(2)}× (${Math.min(...s.scale).toFixed(2)}–${Math.max(...s.scale).toFixed(2)}×)`} ${range(s.tbt)} ms · CPU after paint ${range(s.cpu)} ms · longest task ${range(s.longest)} ms (${rounds} loads)`,
    );
  }
}

await main();
