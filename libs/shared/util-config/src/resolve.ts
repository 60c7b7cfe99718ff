import type { ErrorObject } from 'ajv';
import { validateSiteConfig } from './generated/resolved.validators.js';
import type { SiteConfig } from './generated/site-config.types';
import { getAtPointer, parsePointer } from './json-pointer';
import { cloneJson, deepFreeze, isJsonObject, mergeInto, type JsonObject } from './merge';

/**
 * Name of a resolution layer, lowest first: defaults < jurisdiction:<id> (the floors of the profile a country file
 * names, docs/adr/0260) < brand < country:<iso2> < language:<lng> < console:<country|*>/<language|*> (the console's
 * layer in the database, ADR 0310) (< request).
 */
export type LayerName =
  | 'defaults'
  | `jurisdiction:${string}`
  | 'brand'
  | `country:${string}`
  | `language:${string}`
  | `console:${string}`
  | 'request';

/** The rule behind a value a layer sets (a jurisdiction profile's floor), as explain reports it. */
export interface LayerRule {
  /** Rule id (UKGC-RC-1). */
  id: string;
  /** The rule in one plain sentence. */
  statement: string;
  /** The regulation it comes from, in words (instrument, provision). */
  source: string;
}

/** One layer of configuration: its name, the file it came from and its (partial) content. */
export interface ConfigLayer {
  name: LayerName;
  file: string;
  data: JsonObject;
  /** Per JSON pointer of a value this layer sets: the rule that made it set it (jurisdiction layers only). */
  rules?: Readonly<Record<string, LayerRule>>;
}

/** Where a resolved value came from. */
export interface Provenance {
  /** The pointer that was asked about. */
  pointer: string;
  /** The resolved value there. */
  value: unknown;
  /** The highest layer that set (or, for an object, contributed to) this value. */
  layer: LayerName;
  /** The file of that layer (for defaults, the schema file that declares the default). */
  file: string;
  /** For an object: every layer that contributed keys, lowest first. */
  contributors?: { layer: LayerName; file: string }[];
  /** A higher layer removed the value with null, so the schema default applies again. */
  removedBy?: { layer: LayerName; file: string };
  /** The rule that set the value, where the deciding layer is a jurisdiction profile's floor. */
  rule?: LayerRule;
}

/** A resolved configuration with its provenance. */
export interface ResolvedSiteConfig {
  config: SiteConfig;
  /** Which layer set the value at a JSON pointer; undefined when nothing is there. */
  explain(pointer: string): Provenance | undefined;
  /** Raw ajv errors of the resolved configuration (empty when it is valid). */
  errors: readonly ErrorObject[];
  /** The layers, lowest first, without the defaults. */
  layers: readonly ConfigLayer[];
}

const SECTION_FILES: Record<string, string> = {
  thirdParty: 'third-party',
  bringFriend: 'bring-friend',
  globalEvent: 'global-event',
  bannerWidgets: 'banner-widgets',
};

/** The schema file that declares the default of a pointer's section. */
export function defaultsFileFor(pointer: string): string {
  const section = parsePointer(pointer)[0];
  if (!section) return 'schemas/site-config.schema.json';
  return `schemas/_${SECTION_FILES[section] ?? section}.schema.json`;
}

/**
 * Applies the schema defaults to a merged configuration in place (ajv useDefaults) and returns the errors.
 * Exposed so the registry can validate exactly what it serves.
 */
function applyDefaults(config: JsonObject): ErrorObject[] {
  const valid = validateSiteConfig(config);
  return valid ? [] : [...(validateSiteConfig.errors ?? [])];
}

let defaultsCache: JsonObject | undefined;

/** The frozen platform defaults, shared as the base of every resolution. */
function frozenDefaults(): JsonObject {
  if (!defaultsCache) {
    const config: JsonObject = {};
    applyDefaults(config);
    defaultsCache = deepFreeze(config);
  }
  return defaultsCache;
}

/** The platform defaults: the configuration an empty brand resolves to (schema defaults only). A fresh copy. */
export function platformDefaults(): SiteConfig {
  return cloneJson(frozenDefaults()) as unknown as SiteConfig;
}

type Probe = 'absent' | 'set' | 'replaced' | 'removed';

/** How a layer relates to a pointer: it set it, replaced an ancestor wholesale, removed it with null, or is silent. */
function probe(data: unknown, segments: readonly string[]): Probe {
  let node: unknown = data;
  for (let i = 0; i < segments.length; i++) {
    if (!isJsonObject(node)) return 'replaced';
    const key = segments[i] as string;
    if (!(key in node)) return 'absent';
    node = node[key];
    if (node === null) return 'removed';
    if (i < segments.length - 1 && !isJsonObject(node)) return 'replaced';
  }
  return 'set';
}

/**
 * Resolves layers (lowest first, defaults excluded) into one configuration: platform defaults, then each layer
 * merged deeply (arrays replace, null removes), then schema defaults again inside new entries (a new currency). Pure: the same
 * layers always give an equal result, and the inputs are never changed. Treat the result as read-only: parts of it
 * are the frozen platform defaults.
 */
export function resolveSiteConfig(layers: readonly ConfigLayer[]): ResolvedSiteConfig {
  // Defaults are the lowest layer, so a brand that adds one navigation item keeps the default ones.
  // Untouched subtrees are shared with the frozen defaults instead of copied: resolution stays well under a
  // millisecond. They are complete, so filling defaults below never writes into them.
  let merged: JsonObject = frozenDefaults();
  for (const layer of layers) merged = mergeInto(merged, layer.data);
  const errors = applyDefaults(merged);
  const config = merged as unknown as SiteConfig;

  function explain(pointer: string): Provenance | undefined {
    const segments = parsePointer(pointer);
    const value = getAtPointer(config, pointer);
    if (value === undefined) return undefined;
    const contributors: { layer: LayerName; file: string }[] = [];
    let removedBy: { layer: LayerName; file: string } | undefined;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i] as ConfigLayer;
      const state = probe(layer.data, segments);
      if (state === 'absent') continue;
      if (state === 'removed') {
        removedBy = { layer: layer.name, file: layer.file };
        break;
      }
      contributors.unshift({ layer: layer.name, file: layer.file });
      // A scalar, an array, or an ancestor replaced wholesale: lower layers cannot have contributed.
      if (state === 'replaced' || !isJsonObject(value)) break;
    }
    const top = contributors[contributors.length - 1];
    const base: Provenance = top
      ? { pointer, value, layer: top.layer, file: top.file }
      : { pointer, value, layer: 'defaults', file: defaultsFileFor(pointer) };
    if (isJsonObject(value) && contributors.length > 0) base.contributors = contributors;
    const rule = top ? layers.find((l) => l.name === top.layer)?.rules?.[pointer] : undefined;
    if (rule) base.rule = rule;
    if (removedBy) base.removedBy = removedBy;
    return base;
  }

  return { config, explain, errors, layers };
}
