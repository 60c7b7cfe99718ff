import arAccount from '../locales/ar/account.json' with { type: 'json' };
import arCommon from '../locales/ar/common.json' with { type: 'json' };
import arCoupon from '../locales/ar/coupon.json' with { type: 'json' };
import arErrors from '../locales/ar/errors.json' with { type: 'json' };
import arFooter from '../locales/ar/footer.json' with { type: 'json' };
import arHeader from '../locales/ar/header.json' with { type: 'json' };
import arPages from '../locales/ar/pages.json' with { type: 'json' };
import arSportsbook from '../locales/ar/sportsbook.json' with { type: 'json' };
import deAccount from '../locales/de/account.json' with { type: 'json' };
import deCommon from '../locales/de/common.json' with { type: 'json' };
import deCoupon from '../locales/de/coupon.json' with { type: 'json' };
import deErrors from '../locales/de/errors.json' with { type: 'json' };
import deFooter from '../locales/de/footer.json' with { type: 'json' };
import deHeader from '../locales/de/header.json' with { type: 'json' };
import dePages from '../locales/de/pages.json' with { type: 'json' };
import deSportsbook from '../locales/de/sportsbook.json' with { type: 'json' };
import enAccount from '../locales/en/account.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enCoupon from '../locales/en/coupon.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enFooter from '../locales/en/footer.json' with { type: 'json' };
import enHeader from '../locales/en/header.json' with { type: 'json' };
import enPages from '../locales/en/pages.json' with { type: 'json' };
import enSportsbook from '../locales/en/sportsbook.json' with { type: 'json' };
import faAccount from '../locales/fa/account.json' with { type: 'json' };
import faCommon from '../locales/fa/common.json' with { type: 'json' };
import faCoupon from '../locales/fa/coupon.json' with { type: 'json' };
import faErrors from '../locales/fa/errors.json' with { type: 'json' };
import faFooter from '../locales/fa/footer.json' with { type: 'json' };
import faHeader from '../locales/fa/header.json' with { type: 'json' };
import faPages from '../locales/fa/pages.json' with { type: 'json' };
import faSportsbook from '../locales/fa/sportsbook.json' with { type: 'json' };
import ruAccount from '../locales/ru/account.json' with { type: 'json' };
import ruCommon from '../locales/ru/common.json' with { type: 'json' };
import ruCoupon from '../locales/ru/coupon.json' with { type: 'json' };
import ruErrors from '../locales/ru/errors.json' with { type: 'json' };
import ruFooter from '../locales/ru/footer.json' with { type: 'json' };
import ruHeader from '../locales/ru/header.json' with { type: 'json' };
import ruPages from '../locales/ru/pages.json' with { type: 'json' };
import ruSportsbook from '../locales/ru/sportsbook.json' with { type: 'json' };
import arPayments from '../locales/ar/payments.json' with { type: 'json' };
import arResponsible from '../locales/ar/responsible.json' with { type: 'json' };
import arVerification from '../locales/ar/verification.json' with { type: 'json' };
import arJurisdictions from '../locales/ar/jurisdictions.json' with { type: 'json' };
import dePayments from '../locales/de/payments.json' with { type: 'json' };
import deResponsible from '../locales/de/responsible.json' with { type: 'json' };
import deVerification from '../locales/de/verification.json' with { type: 'json' };
import deJurisdictions from '../locales/de/jurisdictions.json' with { type: 'json' };
import enPayments from '../locales/en/payments.json' with { type: 'json' };
import enResponsible from '../locales/en/responsible.json' with { type: 'json' };
import enVerification from '../locales/en/verification.json' with { type: 'json' };
import enJurisdictions from '../locales/en/jurisdictions.json' with { type: 'json' };
import faPayments from '../locales/fa/payments.json' with { type: 'json' };
import faResponsible from '../locales/fa/responsible.json' with { type: 'json' };
import faVerification from '../locales/fa/verification.json' with { type: 'json' };
import faJurisdictions from '../locales/fa/jurisdictions.json' with { type: 'json' };
import ruPayments from '../locales/ru/payments.json' with { type: 'json' };
import ruResponsible from '../locales/ru/responsible.json' with { type: 'json' };
import ruVerification from '../locales/ru/verification.json' with { type: 'json' };
import ruJurisdictions from '../locales/ru/jurisdictions.json' with { type: 'json' };
import type { PlatformLanguage } from './languages';

import type { PluralBase } from './plurals';

/** One language's copy: namespace -> key -> text (the shape the brand registry resolves and the server sends). */
export type Dictionary = Record<string, Record<string, string>>;

// English is the reference: its keys are the typed keys, and every other language must have exactly these.
const en = {
  common: enCommon,
  header: enHeader,
  footer: enFooter,
  errors: enErrors,
  pages: enPages,
  account: enAccount,
  sportsbook: enSportsbook,
  coupon: enCoupon,
  payments: enPayments,
  responsible: enResponsible,
  verification: enVerification,
  jurisdictions: enJurisdictions,
};

/** The platform's translation namespaces. */
export type Namespace = keyof typeof en;

/** Every platform translation key as `namespace:area.element` (a count-dependent text by its base key, ADR 0420). */
export type TranslationKey = {
  [N in Namespace]: `${N}:${PluralBase<Extract<keyof (typeof en)[N], string>>}`;
}[Namespace];

/** The platform's own dictionaries per language; brands override single keys on top (server side). */
export const platformDictionaries: Record<PlatformLanguage, Dictionary> = {
  en,
  ru: {
    common: ruCommon,
    header: ruHeader,
    footer: ruFooter,
    errors: ruErrors,
    pages: ruPages,
    account: ruAccount,
    sportsbook: ruSportsbook,
    coupon: ruCoupon,
    payments: ruPayments,
    responsible: ruResponsible,
    verification: ruVerification,
    jurisdictions: ruJurisdictions,
  },
  de: {
    common: deCommon,
    header: deHeader,
    footer: deFooter,
    errors: deErrors,
    pages: dePages,
    account: deAccount,
    sportsbook: deSportsbook,
    coupon: deCoupon,
    payments: dePayments,
    responsible: deResponsible,
    verification: deVerification,
    jurisdictions: deJurisdictions,
  },
  ar: {
    common: arCommon,
    header: arHeader,
    footer: arFooter,
    errors: arErrors,
    pages: arPages,
    account: arAccount,
    sportsbook: arSportsbook,
    coupon: arCoupon,
    payments: arPayments,
    responsible: arResponsible,
    verification: arVerification,
    jurisdictions: arJurisdictions,
  },
  fa: {
    common: faCommon,
    header: faHeader,
    footer: faFooter,
    errors: faErrors,
    pages: faPages,
    account: faAccount,
    sportsbook: faSportsbook,
    coupon: faCoupon,
    payments: faPayments,
    responsible: faResponsible,
    verification: faVerification,
    jurisdictions: faJurisdictions,
  },
};

/** The namespaces the platform ships. */
export const NAMESPACES = Object.keys(en) as Namespace[];
