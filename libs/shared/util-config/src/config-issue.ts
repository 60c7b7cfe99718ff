import type { ErrorObject } from 'ajv';
import { formatPointer, getAtPointer, parsePointer } from './json-pointer';

/** A problem in a configuration file, phrased for the person who edits that file. */
export interface ConfigIssue {
  /** The file to open, relative to the workspace (brands/acme/countries/de.json). */
  file: string;
  /** RFC 6901 pointer to the value inside that file ('' for the whole file). */
  pointer: string;
  /** What the schema or rule expects there. */
  expected: string;
  /** What the file holds there. */
  found: string;
  /** One line combining the above. */
  message: string;
  /** 1-based line of a JSON syntax error. */
  line?: number;
  /** 1-based column of a JSON syntax error. */
  column?: number;
}

/** The one-line text of an issue: `file at /pointer: expected X, found Y`. */
export function issueMessage(file: string, pointer: string, expected: string, found: string): string {
  return `${file} at ${pointer === '' ? '(root)' : pointer}: expected ${expected}, found ${found}`;
}

/** Builds an issue with its message. */
export function makeIssue(file: string, pointer: string, expected: string, found: string): ConfigIssue {
  return { file, pointer, expected, found, message: issueMessage(file, pointer, expected, found) };
}

/** A short human description of a JSON value, as it appears in a file. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return clip(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? 'an empty array' : `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  const keys = Object.keys(value as object);
  return keys.length === 0
    ? 'an empty object'
    : clip(`an object with ${keys.map((k) => JSON.stringify(k)).join(', ')}`);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const ARTICLE: Record<string, string> = { integer: 'an integer', object: 'an object', array: 'an array' };

function typeName(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => ARTICLE[String(t)] ?? `a ${String(t)}`).join(' or ');
}

function list(values: readonly unknown[]): string {
  const shown = values.slice(0, 12).map((v) => JSON.stringify(v));
  return values.length > 12 ? `${shown.join(', ')}, ...` : shown.join(', ');
}

/** Edit distance, for "did you mean" hints on misspelt property names. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min(
        current + 1,
        (row[j - 1] ?? 0) + 1,
        previous + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** The schema node that holds the failing keyword (its schemaPath without the keyword). */
function schemaNodeOf(
  schema: unknown,
  schemaPath: string,
): { properties?: Record<string, unknown>; description?: string } | undefined {
  if (schema === undefined) return undefined;
  const segments = parsePointer(schemaPath.replace(/^#/, '')).slice(0, -1);
  return getAtPointer(schema, formatPointer(segments)) as
    { properties?: Record<string, unknown>; description?: string } | undefined;
}

/** Property names the schema allows at the object an error's schemaPath points into. */
function knownProperties(schema: unknown, schemaPath: string): string[] {
  const node = schemaNodeOf(schema, schemaPath);
  return node?.properties ? Object.keys(node.properties).filter((k) => k !== '$schema') : [];
}

/** A pattern alone means little to an operator: lead with the schema's description of the value. */
function patternExpectation(schema: unknown, schemaPath: string, pattern: string): string {
  const description = schemaNodeOf(schema, schemaPath)?.description?.trim().replace(/\.$/, '');
  if (!description) return `text matching ${pattern}`;
  // Lower-case the first letter of a sentence, not of an acronym ("ISO 3166-1 ...").
  const lead = /^[A-Z]{2}/.test(description)
    ? description
    : `${description.charAt(0).toLowerCase()}${description.slice(1)}`;
  return `${lead} (text matching ${pattern})`;
}

function expectedFor(error: ErrorObject, schema: unknown): { expected: string; extraSegment?: string } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return { expected: typeName(p['type']) };
    case 'enum':
      return { expected: `one of ${list((p['allowedValues'] as unknown[]) ?? [])}` };
    case 'const':
      return { expected: JSON.stringify(p['allowedValue']) };
    case 'required':
      return { expected: 'a value (this setting is required)', extraSegment: String(p['missingProperty']) };
    case 'additionalProperties': {
      const name = String(p['additionalProperty']);
      const known = knownProperties(schema, error.schemaPath);
      const close = known
        .filter((k) => distance(k, name) <= Math.max(2, Math.floor(name.length / 4)))
        .sort((a, b) => distance(a, name) - distance(b, name));
      const hint = close[0]
        ? `did you mean "${close[0]}"?`
        : known.length > 0
          ? `known: ${known.slice(0, 15).join(', ')}${known.length > 15 ? ', ...' : ''}`
          : 'no other properties here';
      return { expected: `no property "${name}" (${hint})`, extraSegment: name };
    }
    case 'propertyNames':
      return { expected: 'a key in the expected format', extraSegment: String(p['propertyName']) };
    case 'pattern':
      return { expected: patternExpectation(schema, error.schemaPath, String(p['pattern'])) };
    case 'minLength':
      return { expected: `text of at least ${String(p['limit'])} character${p['limit'] === 1 ? '' : 's'}` };
    case 'maxLength':
      return { expected: `text of at most ${String(p['limit'])} characters` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { expected: `a number ${String(p['comparison'])} ${String(p['limit'])}` };
    case 'multipleOf':
      return { expected: `a multiple of ${String(p['multipleOf'])}` };
    case 'minItems':
      return { expected: `at least ${String(p['limit'])} item${p['limit'] === 1 ? '' : 's'}` };
    case 'maxItems':
      return { expected: `at most ${String(p['limit'])} items` };
    case 'uniqueItems':
      return { expected: `no duplicates (items ${String(p['j'])} and ${String(p['i'])} are equal)` };
    case 'minProperties':
      return { expected: `at least ${String(p['limit'])} entr${p['limit'] === 1 ? 'y' : 'ies'}` };
    default:
      return { expected: error.message ?? error.keyword };
  }
}

/**
 * Turns ajv errors into ConfigIssues. `data` is the validated document (to quote what was found);
 * `fileFor` names the file responsible for a pointer (for a resolved configuration, the layer that set it);
 * `schema`, the validated schema, adds property-name suggestions and descriptions to the texts.
 */
export function issuesFromAjv(
  errors: readonly ErrorObject[] | null | undefined,
  data: unknown,
  fileFor: (pointer: string) => string,
  schema?: unknown,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // A property-name error arrives twice (the inner pattern and propertyNames): keep the outer one.
    if ((error as { propertyName?: string }).propertyName !== undefined) continue;
    const { expected, extraSegment } = expectedFor(error, schema);
    const pointer =
      extraSegment === undefined ? error.instancePath : `${error.instancePath}${formatPointer([extraSegment])}`;
    const found =
      error.keyword === 'propertyNames'
        ? `the key ${JSON.stringify(extraSegment)}`
        : describeValue(getAtPointer(data, pointer));
    const file = fileFor(pointer);
    const key = `${file}|${pointer}|${expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(makeIssue(file, pointer, expected, found));
  }
  return issues;
}

/** Several issues as a readable block, one per line, for CLI output and logs. */
export function formatIssues(issues: readonly ConfigIssue[]): string {
  return issues.map((issue) => `  - ${issue.message}`).join('\n');
}
