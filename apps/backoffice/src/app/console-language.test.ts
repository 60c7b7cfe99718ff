import { describe, expect, it } from 'vitest';
import { pickLanguage } from './console-language';

describe('pickLanguage', () => {
  it('keeps the language chosen before', () => {
    expect(pickLanguage('ar', ['de-DE'])).toBe('ar');
  });

  it('takes the first browser language the console has, by its primary subtag', () => {
    expect(pickLanguage(null, ['pt-BR', 'de-AT', 'en'])).toBe('de');
  });

  it('ignores an unknown stored value and falls back to English', () => {
    expect(pickLanguage('xx', ['pt-BR'])).toBe('en');
  });
});
