import type { ErrorObject } from 'ajv';
import type {
  JurisdictionFloor,
  JurisdictionProfile,
  JurisdictionRule,
  JurisdictionRuleSource,
} from './generated/jurisdiction.types';
import { validateJurisdictionProfile } from './generated/jurisdiction.validators.js';
import jurisdictionSchema from './generated/jurisdiction.schema.bundle.json';
import { describeValue, issuesFromAjv, makeIssue, type ConfigIssue } from './config-issue';
import { getAtPointer, parsePointer } from './json-pointer';
import { cloneJson, isJsonObject, mergeInto, type JsonObject } from './merge';
import { platformDefaults, type ConfigLayer, type LayerRule, type ResolvedSiteConfig } from './resolve';
import { responsibleFile, validateLayerData } from './validate';

/** The profile of a brand country without a licence jurisdiction: no rules. */
export const NO_JURISDICTION = 'none';

/** A checked profile with the layer its floors make (lowest above the platform defaults, docs/adr/0260). */
export interface LoadedJurisdiction {
  profile: JurisdictionProfile;
  /** The file it came from (jurisdictions/uk-gc.json). */
  file: string;
  /** Layer `jurisdiction:<id>`: each floor's bound where the platform default does not already meet it. */
  layer: ConfigLayer;
}

/** A floor the resolved configuration breaks. */
export interface FloorViolation {
  rule: JurisdictionRule;
  floor: JurisdictionFloor;
  /** What the configuration holds at the floor's setting. */
  found: unknown;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

function items(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** True when `found` meets the floor. An absent number meets no bound; an absent array holds nothing. */
export function meetsFloor(floor: JurisdictionFloor, found: unknown): boolean {
  const bound: unknown = floor.value;
  switch (floor.operator) {
    case 'min':
      return typeof found === 'number' && found >= (bound as number);
    case 'max':
      return typeof found === 'number' && found <= (bound as number);
    case 'equals':
      return equal(found, bound);
    case 'includes':
      return Array.isArray(found) && items(bound).every((item) => found.some((f) => equal(f, item)));
    case 'excludes':
      return (
        found === undefined || (Array.isArray(found) && !items(bound).some((item) => found.some((f) => equal(f, item))))
      );
  }
}

function quote(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** What a floor asks for, in the words of a ConfigIssue's "expected". */
export function floorExpectation(floor: JurisdictionFloor): string {
  const bound: unknown = floor.value;
  switch (floor.operator) {
    case 'min':
      return `at least ${String(bound)}`;
    case 'max':
      return `at most ${String(bound)}`;
    case 'equals':
      return JSON.stringify(bound);
    case 'includes':
      return `a list including ${quote(items(bound))}`;
    case 'excludes':
      return `a list without ${quote(items(bound))}`;
  }
}

/** A rule's source in one line: instrument, provision (in force date). */
export function sourceText(source: JurisdictionRuleSource): string {
  return `${source.instrument}, ${source.provision}${source.inForce ? ` (in force ${source.inForce})` : ''}`;
}

/** The value a floor puts in the profile's layer over `below` (the value beneath), or undefined to leave it. */
function flooredValue(floor: JurisdictionFloor, below: unknown): unknown {
  const bound: unknown = floor.value;
  switch (floor.operator) {
    case 'equals':
      return cloneJson(bound);
    // A default already stricter than the bound stays: a floor never loosens what is beneath it.
    case 'min':
      return typeof below === 'number' && below > (bound as number) ? undefined : bound;
    case 'max':
      return typeof below === 'number' && below < (bound as number) ? undefined : bound;
    case 'includes': {
      const list = Array.isArray(below) ? [...below] : [];
      for (const item of items(bound)) if (!list.some((x) => equal(x, item))) list.push(cloneJson(item));
      return list;
    }
    case 'excludes':
      return Array.isArray(below) ? below.filter((x) => !items(bound).some((item) => equal(x, item))) : undefined;
  }
}

function setAt(target: JsonObject, pointer: string, value: unknown): void {
  const segments = parsePointer(pointer);
  const last = segments.pop() as string;
  let node = target;
  for (const key of segments) {
    const next = node[key];
    node = isJsonObject(next) ? next : (node[key] = {});
  }
  node[last] = value;
}

/** The layer of a profile: every floor's bound written over the platform defaults, each value knowing its rule. */
export function jurisdictionLayer(profile: JurisdictionProfile, file: string): ConfigLayer {
  const defaults = platformDefaults() as unknown as JsonObject;
  const data: JsonObject = {};
  const rules: Record<string, LayerRule> = {};
  for (const rule of profile.rules) {
    for (const floor of rule.floors ?? []) {
      const below = getAtPointer(mergeInto(defaults, data), floor.setting);
      const value = flooredValue(floor, below);
      if (value === undefined) continue;
      setAt(data, floor.setting, value);
      rules[floor.setting] = { id: rule.id, statement: rule.statement, source: sourceText(rule.source) };
    }
  }
  return { name: `jurisdiction:${profile.id}`, file, data, rules };
}

/**
 * Checks a profile file: the schema, its id equal to the file name, each rule with floors or pending (not neither),
 * rule ids unique within it, and the floors' layer valid against the site configuration schema (a floor over a
 * setting that does not exist, or a bound the setting cannot hold, is refused here rather than at a brand).
 */
export function checkJurisdictionProfile(
  data: unknown,
  file: string,
  id: string,
): { loaded?: LoadedJurisdiction; issues: ConfigIssue[] } {
  if (!validateJurisdictionProfile(data)) {
    const errors = validateJurisdictionProfile.errors as ErrorObject[] | null | undefined;
    return { issues: issuesFromAjv(errors, data, () => file, jurisdictionSchema) };
  }
  const profile = data as unknown as JurisdictionProfile;
  const issues: ConfigIssue[] = [];
  if (profile.id !== id)
    issues.push(makeIssue(file, '/id', `the file's name ${JSON.stringify(id)}`, JSON.stringify(profile.id)));
  const seen = new Set<string>();
  profile.rules.forEach((rule, i) => {
    if (seen.has(rule.id))
      issues.push(
        makeIssue(file, `/rules/${i}/id`, 'a rule id not used before in this profile', JSON.stringify(rule.id)),
      );
    seen.add(rule.id);
    if (!rule.floors === !rule.pending)
      issues.push(
        makeIssue(file, `/rules/${i}`, 'either floors (with enforcedBy) or pending', rule.floors ? 'both' : 'neither'),
      );
  });
  if (issues.length > 0) return { issues };
  const layer = jurisdictionLayer(profile, file);
  const invalid = validateLayerData(layer.data, file).map((issue) =>
    makeIssue(
      file,
      '/rules',
      `floors over settings of the site configuration (${issue.pointer}: ${issue.expected})`,
      issue.found,
    ),
  );
  if (invalid.length > 0) return { issues: invalid };
  return { loaded: { profile, file, layer }, issues: [] };
}

/** The jurisdiction a layer file names in licence.jurisdiction, if it names one. */
export function jurisdictionNamedBy(data: JsonObject): string | undefined {
  const licence = data['licence'];
  const id = isJsonObject(licence) ? licence['jurisdiction'] : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** The floors of a profile that a resolved configuration breaks. */
export function floorViolations(config: object, profile: JurisdictionProfile): FloorViolation[] {
  const out: FloorViolation[] = [];
  for (const rule of profile.rules) {
    for (const floor of rule.floors ?? []) {
      const found = getAtPointer(config, floor.setting);
      if (!meetsFloor(floor, found)) out.push({ rule, floor, found });
    }
  }
  return out;
}

/**
 * The floors a resolved configuration breaks as issues a person can act on: blamed on the file that set the weaker
 * value, naming the country, the profile, the rule id and its statement.
 */
export function validateJurisdictionFloors(
  resolved: ResolvedSiteConfig,
  profile: JurisdictionProfile,
  country: string,
): ConfigIssue[] {
  return floorViolations(resolved.config, profile).map(({ rule, floor, found }) =>
    makeIssue(
      responsibleFile(resolved, floor.setting),
      floor.setting,
      `${floorExpectation(floor)} for country ${country}, as jurisdiction ${profile.id} rule ${rule.id} requires ("${rule.statement}")`,
      foundText(found),
    ),
  );
}

/** What a setting holds, with a list's items spelt out (describeValue would say only how many). */
function foundText(found: unknown): string {
  if (!Array.isArray(found)) return describeValue(found);
  const text = `[${quote(found)}]`;
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
