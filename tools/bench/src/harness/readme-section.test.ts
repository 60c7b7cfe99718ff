import { describe, expect, it } from 'vitest';
import { figure, notMeasured } from './figure';
import { apiTable, renderReadmeSection, vitalsTable } from './readme-section';
import type { ReportInput } from './report';

const run: ReportInput['run'] = {
  startedAt: '2026-11-22T09:15:00.000Z',
  finishedAt: '2026-11-22T09:31:00.000Z',
  areas: ['vitals', 'api', 'drills'],
  gitCommit: 'abc1234',
  gitDirty: false,
  node: 'v20.20.2',
  cpuModel: 'Test CPU',
  cpus: 2,
  loadAverage: [1.5, 2, 3],
  build: 'reused dist/',
};

describe('vitalsTable', () => {
  it('puts each page on one row and marks a missed budget', () => {
    const rows = vitalsTable([
      figure({ area: 'vitals', name: 'polar-bet line: LCP', value: 0.9, unit: 's', budget: 1.2 }),
      figure({ area: 'vitals', name: 'polar-bet line: TBT', value: 310, unit: 'ms', budget: 150 }),
      notMeasured('vitals', 'polar-bet game: every figure', '/ru/game/0 answered 404'),
    ]);
    expect(rows[2]).toBe('| polar-bet line | 0.900 s | — | — | **310 ms ✗** | — | — | — | — | — |');
    expect(rows[3]).toContain('| polar-bet game | not measured: /ru/game/0 answered 404 |');
  });
});

describe('apiTable', () => {
  it('puts each engine and route on one row with req/s, p50, p99 and the ratio', () => {
    const rows = apiTable([
      figure({ area: 'api', name: 'pglite: GET /health req/s', value: 8000, unit: 'req/s', better: 'higher' }),
      figure({ area: 'api', name: 'pglite: GET /health p50', value: 1, unit: 'ms' }),
      figure({ area: 'api', name: 'pglite: GET /health p99', value: 4, unit: 'ms' }),
      figure({
        area: 'api',
        name: 'pglite: GET /feed throughput / GET /health',
        value: 0.25,
        unit: '×',
        better: 'higher',
      }),
      figure({
        area: 'api',
        name: 'pglite: GET /feed throughput / hello-world',
        value: 0.5,
        unit: '×',
        better: 'higher',
        spread: { min: 0.4, max: 0.6, rounds: 3 },
      }),
      notMeasured('api', 'pglite: POST /bet (bet placement)', 'no deposits'),
    ]);
    expect(rows[2]).toBe('| pglite: GET /health | 8,000 req/s | 1 ms | 4 ms | — | — |');
    expect(rows[3]).toBe('| pglite: GET /feed | — | — | — | 0.250× | 0.500× (0.400–0.600) |');
    expect(rows).toContain('- pglite: POST /bet (bet placement): not measured: no deposits');
  });
});

describe('renderReadmeSection', () => {
  it('says how to run, how long it took, the verdict counts, and lists budgeted drill figures', () => {
    const md = renderReadmeSection({
      run,
      figures: [
        figure({ area: 'drills', name: 'crash: bets missing', value: 0, unit: 'bets', budget: 0 }),
        figure({ area: 'drills', name: 'crash: bets acknowledged', value: 300, unit: 'bets' }),
      ],
      notes: {},
      errors: [],
      chart: { absent: 'not run' },
    });
    expect(md).toContain('npm run bench');
    expect(md).toContain('in 16 minutes');
    expect(md).toContain('**1 pass, 0 fail, 0 unstable**');
    expect(md).toContain('| crash: bets missing | 0 bets | ≤ 0 bets | pass |');
    expect(md).not.toContain('bets acknowledged');
  });
});
