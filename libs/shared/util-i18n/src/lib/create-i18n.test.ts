import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, translateDynamic, translator, type I18n } from './create-i18n';
import { casinoDictionaries } from './casino-dictionaries';
import { platformDictionaries, type Dictionary } from './dictionaries';
import { isPluralForm, pluralBase } from './plurals';
import { createPseudoI18n, pseudoLocalize } from './pseudo';

/** i18next as the site configured it before ADR 0390: the reference the small translator must match. */
function i18next(language: string, dictionary: Dictionary) {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: dictionary },
    ns: Object.keys(dictionary),
    defaultNS: 'common',
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

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
    const i18n = createPseudoI18n({ language: 'en', dictionary: platformDictionaries.en });
    expect(i18n.language).toBe('en-XA');
    expect(translator(i18n)('common:button.ok')).toBe('⟦ÖK⟧');
  });

  it('translates keys that arrive as data, with a fallback for unknown keys', () => {
    const i18n = createI18n({ language: 'en', dictionary: platformDictionaries.en });
    expect(translateDynamic(i18n, 'header:menu.live')).toBe('Live');
    expect(translateDynamic(i18n, 'header:menu.nothing', 'Nothing')).toBe('Nothing');
  });

  it('answers every key of every platform language as i18next did, placeholders filled or kept', () => {
    const values = { year: 2026, brand: 'Northbet', name: 'A & B', count: 3, amount: '10.00 EUR', last4: '4242' };
    for (const [language, dictionary] of Object.entries(platformDictionaries)) {
      const ours = createI18n({ language, dictionary });
      const reference = i18next(language, dictionary);
      for (const [namespace, texts] of Object.entries(dictionary)) {
        for (const key of Object.keys(texts)) {
          const full = `${namespace}:${key}`;
          expect(ours.t(full, values), `${language} ${full}`).toBe(reference.t(full, values));
          expect(ours.t(full), `${language} ${full}`).toBe(reference.t(full));
        }
      }
      expect(ours.t('button.close')).toBe(reference.t('button.close'));
      expect(ours.t('sportsbook:no.such.key')).toBe(reference.t('sportsbook:no.such.key'));
      expect(ours.exists('sportsbook:no.such.key')).toBe(false);
      expect(ours.exists('common:button.close')).toBe(true);
    }
  });

  it('chooses plural forms by count as i18next does, in every language, the casino copy included', () => {
    const counts = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 1.5];
    const values = { k: 2, n: 3, name: 'X' };
    let checked = 0;
    for (const [language, platform] of Object.entries(platformDictionaries)) {
      const dictionary = { ...platform, ...casinoDictionaries[language as keyof typeof casinoDictionaries] };
      const ours = createI18n({ language, dictionary });
      const reference = i18next(language, dictionary);
      for (const [namespace, texts] of Object.entries(dictionary)) {
        const bases = new Set(Object.keys(texts).filter(isPluralForm).map(pluralBase));
        for (const base of bases) {
          const full = `${namespace}:${base}`;
          for (const count of counts) {
            expect(ours.t(full, { ...values, count }), `${language} ${full} ${count}`).toBe(
              reference.t(full, { ...values, count }),
            );
            expect(ours.exists(full, { count })).toBe(reference.exists(full, { count }));
            checked += 1;
          }
          // Without a count there is no form to choose: the key is as unknown to both.
          expect(ours.t(full)).toBe(reference.t(full));
          expect(ours.exists(full)).toBe(false);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('says "1 game", "3 матча", "11 матчей" and the Arabic dual', () => {
    const en = createI18n({ language: 'en', dictionary: platformDictionaries.en });
    const ru = createI18n({ language: 'ru', dictionary: platformDictionaries.ru });
    const ar = createI18n({ language: 'ar', dictionary: platformDictionaries.ar });
    expect(en.t('pages:home.gamesIn', { count: 1 })).toBe('1 game');
    expect(en.t('pages:home.gamesIn', { count: 7 })).toBe('7 games');
    expect(ru.t('pages:home.gamesIn', { count: 3 })).toBe('3 матча');
    expect(ru.t('pages:home.gamesIn', { count: 11 })).toBe('11 матчей');
    expect(ru.t('pages:home.gamesIn', { count: 21 })).toBe('21 матч');
    expect(ar.t('pages:home.gamesIn', { count: 2 })).toBe('مباراتان');
    expect(ar.t('pages:home.gamesIn', { count: 0 })).toBe('لا مباريات');
  });

  it("counts the slip's bets, the history's days, the reality check's minutes and the cooling-off hours", () => {
    const [en, de, ru, ar, fa] = (['en', 'de', 'ru', 'ar', 'fa'] as const).map((language) =>
      createI18n({ language, dictionary: platformDictionaries[language] }),
    ) as [I18n, I18n, I18n, I18n, I18n];
    const stake = { stake: '£1.00', total: '£4.00' };
    expect(en.t('coupon:fullCover.lines', { count: 4, ...stake })).toBe('4 bets × £1.00 = £4.00');
    expect(en.t('coupon:fullCover.option', { count: 1, name: 'Single' })).toBe('Single (1 bet)');
    expect(de.t('coupon:fullCover.option', { count: 7, name: 'Patent' })).toBe('Patent (7 Wetten)');
    expect(ru.t('coupon:fullCover.option', { count: 4, name: 'Трикси' })).toBe('Трикси (4 ставки)');
    expect(ru.t('coupon:fullCover.option', { count: 11, name: 'Янки' })).toBe('Янки (11 ставок)');
    expect(ru.t('coupon:fullCover.option', { count: 31, name: 'Лаки 31' })).toBe('Лаки 31 (31 ставка)');
    expect(ar.t('coupon:fullCover.lines', { count: 4, ...stake })).toBe('4 رهانات × £1.00 = £4.00');
    expect(ar.t('coupon:fullCover.lines', { count: 11, ...stake })).toBe('11 رهانًا × £1.00 = £4.00');
    expect(en.t('coupon:history.period', { count: 1 })).toBe('Last 1 day');
    expect(en.t('coupon:history.period', { count: 7 })).toBe('Last 7 days');
    expect(ru.t('coupon:history.period', { count: 21 })).toBe('Последний 21 день');
    expect(ru.t('coupon:history.period', { count: 7 })).toBe('Последние 7 дней');
    expect(ar.t('coupon:history.period', { count: 2 })).toBe('آخر يومين');
    expect(ar.t('coupon:history.period', { count: 7 })).toBe('آخر 7 أيام');
    expect(ar.t('coupon:history.period', { count: 30 })).toBe('آخر 30 يومًا');
    expect(en.t('responsible:reality.body', { count: 1 })).toBe('You have been playing for 1 minute.');
    expect(de.t('responsible:reality.body', { count: 60 })).toBe('Sie spielen seit 60 Minuten.');
    expect(ru.t('responsible:reality.body', { count: 22 })).toBe('Вы играете уже 22 минуты.');
    expect(ru.t('responsible:reality.body', { count: 45 })).toBe('Вы играете уже 45 минут.');
    expect(ar.t('responsible:reality.body', { count: 2 })).toBe('أنت تلعب منذ دقيقتين.');
    expect(fa.t('responsible:reality.body', { count: 45 })).toBe('شما 45 دقیقه است که بازی می‌کنید.');
    expect(en.t('responsible:limits.coolingOff', { count: 24 })).toMatch(/after 24 hours\.$/);
    expect(ru.t('responsible:limits.coolingOff', { count: 24 })).toMatch(/через 24 часа\.$/);
    expect(ru.t('responsible:limits.coolingOff', { count: 72 })).toMatch(/через 72 часа\.$/);
    expect(ru.t('responsible:limits.coolingOff', { count: 48 })).toMatch(/через 48 часов\.$/);
    expect(ar.t('responsible:limits.coolingOff', { count: 0 })).toBe('يسري خفض الحد ورفعه وإلغاؤه فورًا.');
    expect(ar.t('responsible:limits.coolingOff', { count: 24 })).toMatch(/بعد 24 ساعة\.$/);
  });

  it('keeps the plural forms in the pseudo-language', () => {
    const i18n = createPseudoI18n({ language: 'en', dictionary: platformDictionaries.en });
    expect(i18n.t('pages:home.gamesIn', { count: 1 })).toBe(pseudoLocalize('{{count}} game').replace('{{count}}', '1'));
    expect(i18n.t('pages:home.gamesIn', { count: 2 })).toBe(
      pseudoLocalize('{{count}} games').replace('{{count}}', '2'),
    );
  });
});
