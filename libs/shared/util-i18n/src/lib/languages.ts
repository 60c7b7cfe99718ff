/** Languages the platform ships dictionaries for; a brand may offer any subset (or others, with its own copy). */
export const PLATFORM_LANGUAGES = ['ru', 'en', 'de', 'ar', 'fa'] as const;

/** A platform language code. */
export type PlatformLanguage = (typeof PLATFORM_LANGUAGES)[number];

/** The spec's default language (section 9) when neither the brand nor the request names one. */
export const DEFAULT_LANGUAGE = 'ru';

/** The pseudo-language used in tests: every translated string is wrapped and accented, untranslated text stands out. */
export const PSEUDO_LANGUAGE = 'en-XA';

// Spec section 3 names these right-to-left; IQ is kept because brands use it as a language code for Iraq.
const RTL_LANGUAGES = new Set(['fa', 'ar', 'he', 'ku', 'ur', 'iq']);

/** Writing direction of a language. */
export type TextDirection = 'ltr' | 'rtl';

/** True for right-to-left languages (FA, AR, HE, KU, UR, IQ), case-insensitive, regional variants included (`ar-EG`). */
export function isRtl(lng: string): boolean {
  const primary = lng.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(primary);
}

/** The `dir` attribute value for a language. */
export function textDirection(lng: string): TextDirection {
  return isRtl(lng) ? 'rtl' : 'ltr';
}

// Endonyms are a fixed table rather than Intl.DisplayNames: ICU data differs between Node and browsers,
// and a different label on the server and the client would break hydration.
const ENDONYMS: Record<string, string> = {
  ru: 'Русский',
  en: 'English',
  de: 'Deutsch',
  ar: 'العربية',
  fa: 'فارسی',
  he: 'עברית',
  ku: 'Kurdî',
  ur: 'اردو',
  iq: 'العربية (العراق)',
  uk: 'Українська',
  kk: 'Қазақша',
  uz: 'Oʻzbekcha',
  az: 'Azərbaycanca',
  tr: 'Türkçe',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  it: 'Italiano',
  pl: 'Polski',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  zh: '中文',
  ja: '日本語',
  ko: '한국어',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  [PSEUDO_LANGUAGE.toLowerCase()]: 'Pseudo',
};

/** A language's own name for the language switcher; the upper-cased code when unknown. */
export function languageName(lng: string): string {
  return ENDONYMS[lng.toLowerCase()] ?? lng.toUpperCase();
}
