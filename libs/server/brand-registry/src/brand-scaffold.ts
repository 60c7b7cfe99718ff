import { scaffoldContent } from './scaffold-content';

/** Options of a new brand; everything but the id has a sensible default. */
export interface BrandScaffoldOptions {
  /** Brand id: kebab-case, also the folder name. */
  id: string;
  /** Display name (default: the id in title case). */
  name?: string;
  /** Default language code (default en). */
  language?: string;
  /** Default country code (default gb). */
  country?: string;
  /** Default currency code (default EUR). */
  currency?: string;
}

/** Brand ids are kebab-case and equal to the folder name (same rule as the registry). */
export const BRAND_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const CURRENCIES: Record<string, { id: number; symbol: string; name: string }> = {
  EUR: { id: 12, symbol: '€', name: 'Euro' },
  GBP: { id: 18, symbol: '£', name: 'Pound sterling' },
  USD: { id: 10, symbol: '$', name: 'US dollar' },
  RUB: { id: 1, symbol: '₽', name: 'Russian rouble' },
  TRY: { id: 20, symbol: '₺', name: 'Turkish lira' },
  INR: { id: 99, symbol: '₹', name: 'Indian rupee' },
};

const LANGUAGES: Record<string, { id: number; title: string; locale: string }> = {
  en: { id: 2, title: 'English', locale: 'en_GB' },
  ru: { id: 1, title: 'Русский', locale: 'ru_RU' },
  de: { id: 4, title: 'Deutsch', locale: 'de_DE' },
  ar: { id: 20, title: 'العربية', locale: 'ar_AE' },
  fa: { id: 21, title: 'فارسی', locale: 'fa_IR' },
  tr: { id: 22, title: 'Türkçe', locale: 'tr_TR' },
};

/** Why an id cannot be a brand id, or undefined when it can. */
export function brandIdProblem(id: string): string | undefined {
  if (!BRAND_ID_PATTERN.test(id))
    return `"${id}" is not a brand id: use lower-case letters, digits and single hyphens (for example north-bet)`;
  if (id.length > 40) return `"${id}" is too long: keep brand ids to 40 characters`;
  return undefined;
}

function titleCase(id: string): string {
  return id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A stable hue from the id, so two generated brands do not look alike. */
function hueOf(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The files of a new brand, relative to its folder. Shared by `tessera brand new` and the Nx generator,
 * so both produce the same brand, and that brand validates with no code change.
 */
export function brandScaffold(options: BrandScaffoldOptions): Record<string, string> {
  const problem = brandIdProblem(options.id);
  if (problem) throw new Error(problem);
  const id = options.id;
  const name = options.name?.trim() || titleCase(id);
  const language = (options.language ?? 'en').toLowerCase();
  const country = (options.country ?? 'gb').toLowerCase();
  const currencyCode = (options.currency ?? 'EUR').toUpperCase();
  if (!/^[a-z]{2}$/.test(language)) throw new Error(`"${language}" is not a two-letter language code`);
  if (!/^[a-z]{2}$/.test(country)) throw new Error(`"${country}" is not a two-letter country code`);
  const currency = CURRENCIES[currencyCode];
  if (!currency)
    throw new Error(
      `unknown currency "${currencyCode}": choose one of ${Object.keys(CURRENCIES).join(', ')} and add others in brand.json`,
    );
  const lang = LANGUAGES[language] ?? { id: 0, title: language, locale: `${language}_${country.toUpperCase()}` };
  const languages = language === 'en' ? ['en'] : [language, 'en'];
  const hue = hueOf(id);

  const brand = {
    $schema: '../../schemas/site-config.schema.json',
    global: {
      brandName: name,
      domains: [`${id}.localhost`],
      mainLanguage: { id: lang.id, title: lang.title, code: language, locale: lang.locale },
      languages,
      defaultCountry: country,
      countries: [country],
      currencies: {
        [currencyCode]: { id: currency.id, code: currencyCode, symbol: currency.symbol, name: currency.name },
      },
      defaultCurrency: currencyCode,
    },
  };
  const theme = {
    $schema: '../../schemas/theme.schema.json',
    mode: 'dark',
    palette: {
      primary: hsl(hue, 70, 50),
      secondary: hsl(hue, 45, 18),
      accent: hsl((hue + 150) % 360, 75, 55),
      background: hsl(hue, 35, 8),
      surface: hsl(hue, 30, 14),
      text: '#f4f6fa',
      success: '#2fb36b',
      warning: '#f0b429',
      danger: '#e5484d',
    },
    fonts: { body: "'Inter', 'Segoe UI', Roboto, sans-serif", heading: "'Inter', 'Segoe UI', Roboto, sans-serif" },
    radii: { small: 4, medium: 8, large: 12 },
    logo: { src: 'assets/logo.svg', alt: name, width: 140, height: 32 },
  };
  const logo =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 140 32" role="img" aria-label="${escapeXml(name)}">` +
    `<title>${escapeXml(name)}</title><rect x="2" y="6" width="20" height="20" rx="5" fill="${theme.palette.primary}"/>` +
    `<text x="30" y="22" font-family="Inter, Segoe UI, sans-serif" font-size="16" font-weight="700" fill="${theme.palette.text}">${escapeXml(name)}</text></svg>\n`;
  return {
    'brand.json': `${JSON.stringify(brand, null, 2)}\n`,
    'theme.json': `${JSON.stringify(theme, null, 2)}\n`,
    'assets/logo.svg': logo,
    // English always among a new brand's languages: its information pages, for the operator to make its own.
    ...scaffoldContent(name),
  };
}
