import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, mix, readableOn } from './contrast';

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('picks the first candidate that reads, else black or white', () => {
    expect(readableOn('#ffffff', ['#eeeeee', '#333333'])).toBe('#333333');
    expect(readableOn('#111111', ['#222222'])).toBe('#ffffff');
  });

  it('darkens or lightens a colour until it reads, keeping it when it already does', () => {
    expect(ensureContrast('#000000', '#ffffff')).toBe('#000000');
    const adjusted = ensureContrast('#a3e635', '#ffffff');
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('mixes two colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});
