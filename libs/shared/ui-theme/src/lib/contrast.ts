/** An sRGB colour as 0-255 channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses `#rgb` or `#rrggbb`; throws on anything else so a broken theme fails loudly at start-up, not on screen. */
export function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`theme: expected a colour as #rrggbb, found "${hex}"`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

/** Formats channels as lower-case `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.x relative luminance (0 black to 1 white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes two colours: weight 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, weight: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r + (y.r - x.r) * weight, g: x.g + (y.g - x.g) * weight, b: x.b + (y.b - x.b) * weight });
}

/** The same colour with an alpha channel, as `#rrggbbaa`. */
export function withAlpha(hex: string, alpha: number): string {
  return `${toHex(parseHex(hex))}${Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

const BLACK = '#000000';
const WHITE = '#ffffff';

/** WCAG AA minimum for body text. */
export const AA_TEXT = 4.5;
/** WCAG AA minimum for large text and interface parts (borders, focus rings, icons). */
export const AA_NON_TEXT = 3;

/** Of the candidates, the first that reaches `min` contrast on `background`; else whichever of black and white reads better. */
export function readableOn(background: string, candidates: readonly string[] = [], min = AA_TEXT): string {
  const ok = candidates.find((c) => contrastRatio(c, background) >= min);
  if (ok) return toHex(parseHex(ok));
  return contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE;
}

/**
 * Keeps the hue of `colour` but moves it towards black or white (whichever the background allows) until it reaches
 * `min` contrast, so a brand's green stays green while becoming readable.
 */
export function ensureContrast(colour: string, background: string, min = AA_TEXT): string {
  if (contrastRatio(colour, background) >= min) return toHex(parseHex(colour));
  const target = contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(colour, target, step / 20);
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return target;
}
