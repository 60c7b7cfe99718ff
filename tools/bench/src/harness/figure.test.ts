import { describe, expect, it } from 'vitest';
import { figure, notMeasured, verdict, withinBudget } from './figure';

describe('figure', () => {
  it('passes at the budget for lower-is-better and fails above it', () => {
    expect(figure({ area: 'a', name: 'lcp', value: 1.2, unit: 's', budget: 1.2 }).pass).toBe(true);
    expect(figure({ area: 'a', name: 'lcp', value: 1.21, unit: 's', budget: 1.2 }).pass).toBe(false);
  });
  it('judges higher-is-better figures the other way round', () => {
    expect(figure({ area: 'a', name: 'rps', value: 900, unit: 'req/s', budget: 1000, better: 'higher' }).pass).toBe(
      false,
    );
    expect(figure({ area: 'a', name: 'rps', value: 1000, unit: 'req/s', budget: 1000, better: 'higher' }).pass).toBe(
      true,
    );
  });
  it('never passes a value that is not a finite number', () => {
    expect(withinBudget(NaN, undefined, 'lower')).toBe(false);
    expect(verdict(figure({ area: 'a', name: 'x', value: NaN, unit: '' }))).toBe('fail');
  });
  it('marks figures without a budget as information', () => {
    expect(verdict(figure({ area: 'a', name: 'ttfb', value: 12, unit: 'ms' }))).toBe('info');
  });
});

describe('notMeasured', () => {
  it('carries the reason, no value, and never counts as a pass', () => {
    const f = notMeasured('api', 'bet placement', 'the endpoint does not exist yet');
    expect(f).toMatchObject({
      value: null,
      pass: false,
      measured: false,
      notes: 'not measured: the endpoint does not exist yet',
    });
    expect(verdict(f)).toBe('not measured');
  });
});
