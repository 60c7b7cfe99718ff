import fs from 'node:fs';
import path from 'node:path';
import { isJsonObject } from '@tessera/shared/util-config';
import { platformDictionaries } from '@tessera/shared/util-i18n';
import type { Dictionary } from './types';

/** Platform dictionaries by language: lng -> namespace -> key -> text. */
export type PlatformDictionaries = Record<string, Dictionary>;

/** Nested translation objects flattened to dotted keys ({ a: { b: 'x' } } -> { 'a.b': 'x' }). */
export function flattenMessages(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (!isJsonObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out[name] = child;
    else flattenMessages(child, name, out);
  }
  return out;
}

/**
 * Reads <dir>/<lng>/<namespace>.json. A missing or empty folder gives no dictionaries (the web engineers
 * may still be writing them); an unreadable file is skipped rather than taking every brand down.
 */
export function loadPlatformDictionaries(dir: string): PlatformDictionaries {
  const out: PlatformDictionaries = {};
  if (!fs.existsSync(dir)) return out;
  for (const lng of fs.readdirSync(dir).sort()) {
    const lngDir = path.join(dir, lng);
    if (!/^[a-z]{2}$/.test(lng) || !fs.statSync(lngDir).isDirectory()) continue;
    for (const file of fs.readdirSync(lngDir).sort()) {
      if (!file.endsWith('.json')) continue;
      try {
        const data = JSON.parse(fs.readFileSync(path.join(lngDir, file), 'utf8')) as unknown;
        (out[lng] ??= {})[file.slice(0, -'.json'.length)] = flattenMessages(data);
      } catch {
        // The i18n library's own tests report a broken platform dictionary; brands are judged on their files only.
      }
    }
  }
  return out;
}

/** The platform dictionaries util-i18n ships (its one import of the locale files), in the registry's flat shape. */
export function shippedPlatformDictionaries(): PlatformDictionaries {
  const out: PlatformDictionaries = {};
  for (const [lng, dictionary] of Object.entries(platformDictionaries)) {
    out[lng] = Object.fromEntries(
      Object.entries(dictionary).map(([namespace, messages]) => [namespace, flattenMessages(messages)]),
    );
  }
  return out;
}
