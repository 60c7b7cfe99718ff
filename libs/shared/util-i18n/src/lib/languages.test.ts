import { describe, expect, it } from 'vitest';
import { isRtl, languageName, textDirection } from './languages';

describe('isRtl', () => {
  it.each(['fa', 'ar', 'he', 'ku', 'ur', 'iq', 'AR', 'Fa', 'ar-EG', 'he_IL'])('treats %s as right-to-left', (lng) => {
    expect(isRtl(lng)).toBe(true);
  });

  it.each(['ru', 'en', 'de', 'tr', 'arn', 'kk', ''])('treats %s as left-to-right', (lng) => {
    expect(isRtl(lng)).toBe(false);
  });

  it('gives the dir attribute value', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
  });
});

describe('languageName', () => {
  it('names a language in itself, and falls back to the code', () => {
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('xx')).toBe('XX');
  });
});
