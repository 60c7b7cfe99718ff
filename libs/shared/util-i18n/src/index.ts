export { createI18n, translateDynamic, translator } from './lib/create-i18n';
export type { CreateI18nOptions, I18n, Translate, TranslationValues } from './lib/create-i18n';
export { NAMESPACES, platformDictionaries } from './lib/dictionaries';
export { PLURAL_CATEGORIES, isPluralForm, pluralBase, pluralCategory, requiredPluralForms } from './lib/plurals';
export type { PluralBase, PluralCategory } from './lib/plurals';
export type { Dictionary, Namespace, TranslationKey } from './lib/dictionaries';
// The console's live configuration copy (ADR 0310), merged into the console's dictionaries beside `backoffice`.
export { BACKOFFICE_CONFIG_NAMESPACE, backofficeConfigDictionaries } from './lib/backoffice-config-dictionaries';
export type { BackofficeConfigKey } from './lib/backoffice-config-dictionaries';
export {
  DEFAULT_LANGUAGE,
  PLATFORM_LANGUAGES,
  PSEUDO_LANGUAGE,
  isRtl,
  languageName,
  textDirection,
} from './lib/languages';
export type { PlatformLanguage, TextDirection } from './lib/languages';
export {
  createPseudoI18n,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoDictionary,
  pseudoLocalize,
  untranslatedText,
} from './lib/pseudo';
export { hasLanguagePrefix, isSameAddress, switchLanguage, withLanguage } from './lib/with-language';
export {
  BACKOFFICE_DESKS_NAMESPACE,
  BACKOFFICE_NAMESPACE,
  backofficeDictionaries,
} from './lib/backoffice-dictionaries';
export type { BackofficeKey } from './lib/backoffice-dictionaries';
// The console's copy of one language, loaded on demand (a chunk per language in the console's build).
export { loadBackofficeCopy } from './lib/backoffice-copy';
export { casinoDictionaries } from './lib/casino-dictionaries';
// The casino's copy of one language, loaded on demand (a chunk per language in the site's build).
export { CASINO_NAMESPACE, loadCasinoCopy } from './lib/casino-copy';
export type { CasinoKey } from './lib/casino-dictionaries';
