import arConfig from '../locales/ar/backoffice-config.json' with { type: 'json' };
import deConfig from '../locales/de/backoffice-config.json' with { type: 'json' };
import enConfig from '../locales/en/backoffice-config.json' with { type: 'json' };
import faConfig from '../locales/fa/backoffice-config.json' with { type: 'json' };
import ruConfig from '../locales/ru/backoffice-config.json' with { type: 'json' };
import type { Dictionary } from './dictionaries';
import type { PlatformLanguage } from './languages';

/** The console's live-configuration namespace (ADR 0310), beside `backoffice`; never part of a site's dictionaries. */
export const BACKOFFICE_CONFIG_NAMESPACE = 'backoffice-config';

/** Every live-configuration key as `backoffice-config:area.element` (typed from English, the reference). */
export type BackofficeConfigKey = `backoffice-config:${Extract<keyof typeof enConfig, string>}`;

/** The live configuration's copy per platform language: every language has exactly the English keys (a test pins it). */
export const backofficeConfigDictionaries: Record<PlatformLanguage, Dictionary> = {
  en: { [BACKOFFICE_CONFIG_NAMESPACE]: enConfig },
  ru: { [BACKOFFICE_CONFIG_NAMESPACE]: ruConfig },
  de: { [BACKOFFICE_CONFIG_NAMESPACE]: deConfig },
  ar: { [BACKOFFICE_CONFIG_NAMESPACE]: arConfig },
  fa: { [BACKOFFICE_CONFIG_NAMESPACE]: faConfig },
};
