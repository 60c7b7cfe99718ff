import { describe, expect, it } from 'vitest';
import { createI18n, translateDynamic, translator } from './create-i18n';
import { platformDictionaries } from './dictionaries';

describe('createI18n', () => {
  it('is ready synchronously with the given dictionary', () => {
    const t = translator(createI18n({ language: 'de', dictionary: platformDictionaries.de }));
    expect(t('header:auth.login')).toBe('Anmelden');
    expect(t('footer:copyright', { year: 2026, brand: 'Northbet' })).toBe('© 2026 Northbet. Alle Rechte vorbehalten.');
  });

  it('does not escape interpolated values (React does)', () => {
    const t = translator(createI18n({ language: 'en', dictionary: platformDictionaries.en }));
    expect(t('pages:office.welcome', { name: 'A & B' })).toBe('Welcome, A & B.');
  });

  it('keeps instances apart, so concurrent requests in different languages do not leak', () => {
    const ru = translator(createI18n({ language: 'ru', dictionary: platformDictionaries.ru }));
    const ar = translator(createI18n({ language: 'ar', dictionary: platformDictionaries.ar }));
    expect(ru('common:button.close')).toBe('Закрыть');
    expect(ar('common:button.close')).toBe('إغلاق');
  });

  it('uses brand overrides from the resolved dictionary', () => {
    const dictionary = {
      ...platformDictionaries.en,
      header: { ...platformDictionaries.en.header, 'auth.login': 'Sign in' },
    };
    expect(translator(createI18n({ language: 'en', dictionary }))('header:auth.login')).toBe('Sign in');
  });

  it('renders the pseudo-language on request', () => {
    const i18n = createI18n({ language: 'en', dictionary: platformDictionaries.en, pseudo: true });
    expect(i18n.language).toBe('en-XA');
    expect(translator(i18n)('common:button.ok')).toBe('⟦ÖK⟧');
  });

  it('translates keys that arrive as data, with a fallback for unknown keys', () => {
    const i18n = createI18n({ language: 'en', dictionary: platformDictionaries.en });
    expect(translateDynamic(i18n, 'header:menu.live')).toBe('Live');
    expect(translateDynamic(i18n, 'header:menu.nothing', 'Nothing')).toBe('Nothing');
  });
});
