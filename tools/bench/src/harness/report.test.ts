import { describe, expect, it } from 'vitest';
import { figure, notMeasured, sampled } from './figure';
import {
  conditionsLine,
  exitCodeFor,
  formatNumber,
  renderJson,
  renderMarkdown,
  summarise,
  valueWithSpread,
  type ReportInput,
} from './report';

const run: ReportInput['run'] = {
  startedAt: '2026-11-22T04:00:00Z',
  finishedAt: '2026-11-22T04:05:00Z',
  areas: ['config', 'live-feed'],
  gitCommit: 'abc1234',
  gitDirty: false,
  node: 'v20.20.2',
  cpuModel: 'Test CPU',
  cpus: 2,
  loadAverage: [1, 2, 3],
  build: 'reused dist/',
};

const passing = figure({ area: 'config', name: 'resolve, cached', value: 0.8, unit: 'µs', budget: 5 });
const failing = figure({ area: 'config', name: 'resolve, uncached', value: 1.4, unit: 'ms', budget: 1 });
const absent = notMeasured('live-feed', 'frame rate', 'the live page does not exist yet', { unit: 'fps' });

function input(figures = [passing, absent], extra: Partial<ReportInput> = {}): ReportInput {
  return {
    run,
    figures,
    notes: { config: ['15 samples'] },
    errors: [],
    chart: { absent: 'the live-feed area was not measured' },
    ...extra,
  };
}

describe('exitCodeFor', () => {
  it('is 0 when every budget is met, even with figures not measured', () => {
    expect(exitCodeFor(input())).toBe(0);
  });
  it('is 1 when a budget is missed', () => {
    expect(exitCodeFor(input([passing, failing]))).toBe(1);
  });
  it('is 1 when a figure is unstable: its rounds straddle the budget, so it is not a pass', () => {
    expect(
      exitCodeFor(
        input([passing, sampled({ area: 'vitals', name: 'TBT', rounds: [90, 140, 260], unit: 'ms', budget: 150 })]),
      ),
    ).toBe(1);
  });
  it('is 1 when an area crashed', () => {
    expect(exitCodeFor(input([passing], { errors: [{ area: 'api', message: 'boom' }] }))).toBe(1);
  });
});

describe('renderMarkdown', () => {
  it('writes one table per area with value, budget and result', () => {
    const md = renderMarkdown(input([passing, failing, absent]));
    expect(md).toContain('## config');
    expect(md).toContain('| resolve, cached | 0.800 µs | ≤ 5 µs | pass |');
    expect(md).toContain('| resolve, uncached | 1.40 ms | ≤ 1 ms | **FAIL** |');
    expect(md).toContain('| frame rate | — | — | not measured | not measured: the live page does not exist yet |');
    expect(md).toContain('**Budgets missed**: 1 pass, 1 fail, 0 unstable, 0 informational, 1 not measured.');
    expect(md).toContain('- 15 samples');
  });
  it('embeds the chart when there is one and says why when there is none', () => {
    expect(renderMarkdown(input())).toContain('Frame-time chart: absent (the live-feed area was not measured).');
    const withChart = renderMarkdown(
      input([passing, absent], { chart: { file: 'live-feed-frames.png', caption: 'Frame times' } }),
    );
    expect(withChart).toContain('![Frame times](live-feed-frames.png)');
  });
  it('keeps table cells intact when a note contains a pipe', () => {
    const f = figure({ area: 'config', name: 'a|b', value: 1, unit: '' });
    expect(renderMarkdown(input([f]))).toContain('| a\\|b |');
  });
});

describe('renderJson', () => {
  it('has one entry per figure with area, name, value, unit, budget and pass', () => {
    const json = JSON.parse(renderJson(input([passing, absent]))) as {
      figures: Record<string, unknown>[];
      summary: unknown;
    };
    expect(json.figures).toEqual([
      {
        area: 'config',
        name: 'resolve, cached',
        value: 0.8,
        unit: 'µs',
        budget: 5,
        better: 'lower',
        pass: true,
        measured: true,
        verdict: 'pass',
      },
      {
        area: 'live-feed',
        name: 'frame rate',
        value: null,
        unit: 'fps',
        budget: null,
        better: 'lower',
        pass: false,
        measured: false,
        verdict: 'not measured',
        notes: 'not measured: the live page does not exist yet',
      },
    ]);
    expect(json.summary).toEqual(summarise([passing, absent]));
  });
});

describe('formatNumber', () => {
  it('keeps three significant digits for small values and groups large ones', () => {
    expect(formatNumber(0.01234)).toBe('0.0123');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(123456.7)).toBe('123,457');
    expect(formatNumber(20)).toBe('20');
  });
});

describe('rounds in the report', () => {
  it('shows the median with min and max, and the meaning of a budget', () => {
    const f = sampled({
      area: 'vitals',
      name: 'line: TBT / React page',
      rounds: [2, 2.5, 3.1],
      unit: '×',
      budget: 4,
      meaning: 'blocking time of the page over that of a minimal hydrated React page',
    });
    expect(valueWithSpread(f)).toBe('2.50 × (2–3.10)');
    const md = renderMarkdown(input([f]));
    expect(md).toContain(
      '| line: TBT / React page | 2.50 × (2–3.10) | ≤ 4 × | pass | budget: blocking time of the page over that of a minimal hydrated React page |',
    );
  });
  it('shows the median interval a pooled figure is judged by, and the CPU share the run had', () => {
    const f = sampled({
      area: 'vitals',
      name: 'line: LCP after first byte / page without scripts',
      rounds: [1.27, 1.51, 2.47, 1.34, 0.76, 1.24, 1.13, 1.19, 1.21, 0.96, 1.26, 1.05, 1.17, 1.13, 0.87],
      judge: 'median',
      unit: '×',
      budget: 1.25,
    });
    expect(valueWithSpread(f)).toBe('1.19 × (0.760–2.47; median 90 % interval 1.05–1.27)');
    const md = renderMarkdown(
      input([f], {
        run: { ...run, priority: { cgroup: 'v1 cpu:/tessera-bench, cpu.shares 262144', nice: -10, missing: [] } },
      }),
    );
    expect(md).toContain('| **unstable** |');
    expect(md).toContain(
      '- Scheduling priority: CPU control group v1 cpu:/tessera-bench, cpu.shares 262144, nice -10;',
    );
  });
  it('writes the load and host index beside the area', () => {
    const md = renderMarkdown(
      input([passing], {
        run: {
          ...run,
          conditions: {
            config: {
              loadStart: [1.5, 1, 0.5],
              loadEnd: [2, 1, 0.5],
              hostIndexStart: 5_000,
              hostIndexEnd: 4_000,
              seconds: 12,
            },
          },
        },
      }),
    );
    expect(md).toContain(
      '- Conditions: load average 1.50 / 1.00 / 0.50 at the start, 2.00 / 1.00 / 0.50 at the end; host benchmark index 5,000 → 4,000; 12 s',
    );
    expect(
      conditionsLine({ loadStart: [0, 0, 0], loadEnd: [0, 0, 0], hostIndexStart: 1, hostIndexEnd: 1, seconds: 1 }),
    ).toContain('index 1 → 1');
  });
  it('counts unstable figures apart from passes and fails', () => {
    expect(
      summarise([passing, sampled({ area: 'a', name: 'x', rounds: [140, 60, 300], unit: 'ms', budget: 150 })]),
    ).toMatchObject({ pass: 1, unstable: 1, fail: 0 });
  });
});
