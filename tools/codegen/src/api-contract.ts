import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import type { SchemaNode } from './schema-bundle';

/** Where the API contract's generated files go, relative to the workspace root. */
export const API_CONTRACT_DIR = 'libs/shared/contract-api/src/generated';

/** The `$id` every schema of schemas/api starts with. */
export const API_ID_BASE = 'https://tessera.local/schemas/api/';

const BANNER = (what: string) =>
  `/* eslint-disable */\n// GENERATED FILE, DO NOT EDIT. ${what}\n// Source: schemas/api/**/*.schema.json. Regenerate with \`npm run codegen\`; \`npm run codegen:check\` fails when this drifts.\n`;

/** One schema of schemas/api: its name (`error`, `feed/feed-game-row`: the path without `.schema.json`) and content. */
export interface ApiSchemaFile {
  name: string;
  schema: SchemaNode;
}

/** Every schema of schemas/api, sorted by name; throws when a file's `$id` does not match its path or a title repeats. */
export function loadApiSchemas(apiDir: string): ApiSchemaFile[] {
  const files: ApiSchemaFile[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.schema.json')) {
        const name = `${prefix}${entry.name.replace(/\.schema\.json$/, '')}`;
        const schema = JSON.parse(fs.readFileSync(path.join(dir, entry.name), 'utf8')) as SchemaNode;
        if (schema['$id'] !== `${API_ID_BASE}${name}.schema.json`) {
          throw new Error(
            `schemas/api/${name}.schema.json: $id must be ${API_ID_BASE}${name}.schema.json, found ${String(schema['$id'])}`,
          );
        }
        if (typeof schema['title'] !== 'string')
          throw new Error(`schemas/api/${name}.schema.json: a title names its type`);
        files.push({ name, schema });
      }
    }
  };
  walk(apiDir, '');
  files.sort((a, b) => a.name.localeCompare(b.name));
  const titles = new Map<string, string>();
  for (const { name, schema } of files) {
    const title = schema['title'] as string;
    const other = titles.get(title);
    if (other) throw new Error(`schemas/api: ${name} and ${other} both have the title ${title}; titles name the types`);
    titles.set(title, name);
  }
  return files;
}

/** Replaces cross-file `$ref`s (`https://tessera.local/schemas/api/<name>.schema.json#`) with `#/$defs/<Title>`. */
function rewriteRefs(node: unknown, titleOf: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, titleOf));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(API_ID_BASE)) {
      const name = value.slice(API_ID_BASE.length).replace(/\.schema\.json#?$/, '');
      const title = titleOf.get(name);
      if (!title) throw new Error(`schemas/api: $ref to ${value}, which has no file`);
      out[key] = `#/$defs/${title}`;
    } else if (key === 'default' || key === 'enum' || key === 'const' || key === 'examples') {
      out[key] = value;
    } else {
      out[key] = rewriteRefs(value, titleOf);
    }
  }
  return out;
}

/**
 * One document for json-schema-to-typescript: every schema under `$defs` by its title, and a root `ApiPayloads`
 * whose properties map each schema's name to its type, so code can go from a name to its payload type.
 */
export function apiTypesDocument(files: ApiSchemaFile[]): SchemaNode {
  const titleOf = new Map(files.map(({ name, schema }) => [name, schema['title'] as string]));
  const defs: Record<string, unknown> = {};
  for (const { schema } of files) {
    const { $id: _id, $schema: _schema, ...rest } = schema;
    defs[schema['title'] as string] = rewriteRefs(rest, titleOf);
  }
  return {
    title: 'ApiPayloads',
    description:
      'Every payload of the platform API by its schema name (the path under schemas/api without `.schema.json`).',
    type: 'object',
    additionalProperties: false,
    required: files.map((f) => f.name),
    properties: Object.fromEntries(
      files.map(({ name, schema }) => [name, { $ref: `#/$defs/${schema['title'] as string}` }]),
    ),
    $defs: defs,
  };
}

/** The generated files of the API contract library as path (relative to the workspace root) -> content. */
export async function generateApiContract(workspaceRoot: string): Promise<Map<string, string>> {
  const files = loadApiSchemas(path.join(workspaceRoot, 'schemas/api'));
  const out = new Map<string, string>();
  const types = await compile(apiTypesDocument(files) as never, 'ApiPayloads', {
    bannerComment: BANNER('Types of the platform API payloads.').trimEnd(),
    additionalProperties: false,
    declareExternallyReferenced: true,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  out.set(`${API_CONTRACT_DIR}/api.types.ts`, types);
  const bundle = Object.fromEntries(files.map(({ name, schema }) => [name, schema]));
  out.set(`${API_CONTRACT_DIR}/api.schemas.bundle.json`, `${JSON.stringify(bundle, null, 2)}\n`);
  return out;
}
