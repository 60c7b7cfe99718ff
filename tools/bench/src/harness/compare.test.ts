import { describe, expect, it } from 'vitest';
import { agreementOf, compareFigures, movement, renderComparison, verdictOf, type ReportedFigure } from './compare';
import { sampled } from './figure';

const before = (
  name: string,
  value: number,
  min: number,
  max: number,
  extra: Partial<ReportedFigure> = {},
): ReportedFigure => ({
  area: 'bets',
  name,
  value,
  unit: 'bets/s',
  better: 'higher',
  budget: 1_500,
  verdict: 'pass',
  spread: { min, max, rounds: 3 },
  ...extra,
});

describe('movement', () => {
  it('calls a change noise while the rounds of the two runs overlap', () => {
    const m = movement(
      before('rate', 1_600, 1_500, 1_700),
      sampled({
        area: 'bets',
        name: 'rate',
        rounds: [1_650, 1_690, 1_800],
        unit: 'bets/s',
        better: 'higher',
        budget: 1_500,
      }),
    );
    expect(m?.change).toBe('noise');
  });
  it('calls a throughput that rose clear of the earlier rounds better, and a latency that rose worse', () => {
    const up = movement(
      before('rate', 1_600, 1_500, 1_700),
      sampled({ area: 'bets', name: 'rate', rounds: [1_900, 2_000, 2_100], unit: 'bets/s', better: 'higher' }),
    );
    expect(up?.change).toBe('better');
    const slower = movement(
      before('p99', 30, 28, 33, { unit: 'ms', better: 'lower', budget: 50 }),
      sampled({ area: 'bets', name: 'p99', rounds: [40, 41, 45], unit: 'ms', better: 'lower', budget: 50 }),
    );
    expect(slower).toMatchObject({ change: 'worse', verdictBefore: 'pass', verdictAfter: 'pass' });
    expect(slower?.factor).toBeCloseTo(41 / 30);
  });
  it('skips figures not measured in either run', () => {
    expect(
      movement(
        before('rate', 1_600, 1_500, 1_700, { value: null }),
        sampled({ area: 'bets', name: 'rate', rounds: [1], unit: 'bets/s' }),
      ),
    ).toBeUndefined();
  });
});

describe('compareFigures and renderComparison', () => {
  it('matches figures by area and name and lists what is new and what is gone', () => {
    const c = compareFigures(
      'old.json',
      [before('rate', 1_600, 1_500, 1_700), before('gone', 1, 1, 1)],
      [
        sampled({
          area: 'bets',
          name: 'rate',
          rounds: [900, 950, 1_000],
          unit: 'bets/s',
          better: 'higher',
          budget: 1_500,
        }),
        sampled({ area: 'bets', name: 'new', rounds: [1], unit: '' }),
      ],
    );
    expect(c.movements).toHaveLength(1);
    expect(c.movements[0]).toMatchObject({ change: 'worse', verdictBefore: 'pass', verdictAfter: 'fail' });
    expect(c.added).toEqual(['bets: new']);
    expect(c.removed).toEqual(['bets: gone']);
    const md = renderComparison(c).join('\n');
    expect(md).toContain('## Compared with old.json');
    expect(md).toContain('0 moved better and 1 worse beyond the noise');
    expect(md).toContain(
      '| bets | rate | 1,600 bets/s (1,500–1,700) | 950 bets/s (900–1,000) | 0.594× | worse | pass → fail |',
    );
  });
});

describe('agreement on pass or fail', () => {
  const now = (name: string, rounds: number[]) =>
    sampled({ area: 'bets', name, rounds, unit: 'bets/s', better: 'higher', budget: 1_500 });
  it('agrees only when both runs pass or both fail', () => {
    const a = agreementOf(
      [
        before('both pass', 1_600, 1_550, 1_700),
        before('both fail', 900, 800, 1_000, { verdict: 'fail' }),
        before('pass then fail', 1_600, 1_550, 1_700),
        before('unstable before', 1_600, 1_400, 1_700, { verdict: 'unstable' }),
        before('only before', 1_600, 1_550, 1_700),
        before('informational', 5, 5, 5, { budget: null, verdict: 'info' }),
      ],
      [
        now('both pass', [1_900, 2_000, 2_100]),
        now('both fail', [100, 200, 300]),
        now('pass then fail', [900, 1_000, 1_100]),
        now('unstable before', [1_600, 1_700, 1_800]),
        sampled({ area: 'bets', name: 'informational', rounds: [6], unit: '' }),
      ],
    );
    expect(a.map((x) => [x.name, x.before, x.now, x.agree])).toEqual([
      ['both pass', 'pass', 'pass', true],
      ['both fail', 'fail', 'fail', true],
      ['pass then fail', 'pass', 'fail', false],
      ['unstable before', 'unstable', 'pass', false],
      ['only before', 'pass', 'absent', false],
    ]);
  });
  it('compares a run of some areas on those areas', () => {
    const a = agreementOf(
      [before('rate', 1_600, 1_550, 1_700), { ...before('tbt', 1, 1, 1), area: 'vitals' }],
      [],
      ['bets'],
    );
    expect(a.map((x) => `${x.area} ${x.now}`)).toEqual(['bets absent']);
  });
  it("judges the earlier figure by this run's rules, not the verdict stored with it", () => {
    expect(verdictOf(before('lucky round', 0.79, 0.78, 2.36, { budget: 0.17, verdict: 'unstable' }))).toBe('pass');
    expect(verdictOf(before('gone', 0, 0, 0, { value: null, verdict: 'not measured' }))).toBe('not measured');
  });
  it('prints the summary line and the figures that differ', () => {
    const c = compareFigures(
      'quiet.json',
      [before('a', 1_600, 1_550, 1_700), before('b', 1_600, 1_550, 1_700)],
      [now('a', [1_900, 2_000, 2_100]), now('b', [1_000, 1_100, 1_200])],
    );
    const md = renderComparison(c).join('\n');
    expect(md).toContain('**1 of 2 budgeted figures agree on pass or fail with quiet.json**');
    expect(md).toContain(
      '| bets | b | ≥ 1,500 bets/s | pass: 1,600 bets/s (1,550–1,700) | fail: 1,100 bets/s (1,000–1,200) | the median moved across the budget: 1,600 → 1,100 |',
    );
    expect(md).toContain(
      '| bets | a | ≥ 1,500 bets/s | pass: 1,600 bets/s (1,550–1,700) | pass: 2,000 bets/s (1,900–2,100) | yes |',
    );
  });
  it('says which run was unstable and over which rounds', () => {
    const c = compareFigures(
      'busy.json',
      [before('c', 1_600, 1_550, 1_700)],
      [now('c', [1_450, 1_480, 1_600, 1_640, 1_700])],
    );
    expect(c.agreement[0]).toMatchObject({ before: 'pass', now: 'unstable', agree: false });
    expect(c.agreement[0]?.cause).toBe('now: rounds 1,480–1,640 (trimmed) fall on both sides of 1,500');
  });
  it("says when a pooled median's interval straddles the budget", () => {
    const pooled = sampled({
      area: 'bets',
      name: 'd',
      rounds: [1_450, 1_470, 1_480, 1_490, 1_500, 1_520, 1_560, 1_600, 1_640, 1_700],
      judge: 'median',
      unit: 'bets/s',
      better: 'higher',
      budget: 1_500,
    });
    const c = compareFigures('busy.json', [before('d', 1_600, 1_550, 1_700)], [pooled]);
    expect(c.agreement[0]?.cause).toBe('now: the median interval 1,470–1,640 straddles 1,500');
  });
  it('re-judges an earlier report with all its rounds by the trimmed range', () => {
    const rounds = { min: 1_200, max: 1_800, rounds: 5, values: [1_600, 1_200, 1_650, 1_700, 1_800] };
    expect(verdictOf(before('one slow round', 1_650, 1_200, 1_800, { spread: rounds }))).toBe('pass');
    expect(verdictOf(before('no rounds kept', 1_650, 1_200, 1_800))).toBe('unstable');
  });
});
