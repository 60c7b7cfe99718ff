import fs from 'node:fs';
import path from 'node:path';

/** A JSON Schema node as plain data. */
export type SchemaNode = { [key: string]: unknown };

/** The schemas the platform compiles, each bundled into one self-contained document. */
export interface SchemaBundle {
  siteConfig: SchemaNode;
  theme: SchemaNode;
  serverConfig: SchemaNode;
  /** A jurisdiction profile (jurisdictions/<id>.json, docs/adr/0260). */
  jurisdiction: SchemaNode;
}

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties']);

const SECTION_FILE = /^_([a-z0-9-]+)\.schema\.json$/;

/** `_third-party.schema.json` -> `thirdParty`: the key a section has in the bundle's $defs. */
export function sectionKey(fileName: string): string {
  const match = SECTION_FILE.exec(fileName);
  if (!match?.[1]) throw new Error(`not a section schema file name: ${fileName}`);
  return match[1].replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * `x-planned: "<feature>"` marks a property no code honours yet, naming the feature (issue) that will. It is an
 * annotation: validators never see it (withoutDocs drops it), the types carry it in the doc comment, and
 * libs/shared/util-config's schema-reads test fails on an unread property without it.
 */
export const PLANNED_KEYWORD = 'x-planned';

/** Throws on an `x-planned` that is not a non-empty string: a typo should not pass for a plan. */
function checkAnnotations(node: unknown, where: string): void {
  if (Array.isArray(node)) return node.forEach((item, i) => checkAnnotations(item, `${where}/${i}`));
  if (!isNode(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default' || key === 'examples' || key === 'const' || key === 'enum') continue;
    if (key === PLANNED_KEYWORD && (typeof value !== 'string' || value.trim() === '')) {
      throw new Error(
        `${where}: ${PLANNED_KEYWORD} must name the feature that will honour the property, found ${JSON.stringify(value)}`,
      );
    }
    checkAnnotations(value, `${where}/${key}`);
  }
}

function readJson(file: string): SchemaNode {
  const node = JSON.parse(fs.readFileSync(file, 'utf8')) as SchemaNode;
  checkAnnotations(node, path.basename(file));
  return node;
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rewrites every $ref of one file so it points into the bundle's $defs. */
function rewriteRefs(node: unknown, ownKey: string | null): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, ownKey));
  if (!isNode(node)) return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      out[key] = rewriteRef(value, ownKey);
    } else {
      out[key] = rewriteRefs(value, ownKey);
    }
  }
  return out;
}

function rewriteRef(ref: string, ownKey: string | null): string {
  const [file, fragment] = ref.split('#') as [string, string | undefined];
  const target = file === '' ? ownKey : sectionKey(file);
  if (target === null) return ref;
  if (!fragment) return `#/$defs/${target}`;
  const def = /^\/\$defs\/([A-Za-z0-9_-]+)$/.exec(fragment);
  if (!def?.[1]) throw new Error(`unsupported $ref fragment ${ref}: only #/$defs/<name> is allowed`);
  return `#/$defs/${target}_${def[1]}`;
}

/**
 * Bundles schemas/site-config.schema.json and its section files into one document:
 * sections become $defs/<section>, their $defs become $defs/<section>_<name>.
 * One document keeps ajv standalone output and json-schema-to-typescript free of file or URL resolution.
 */
export function loadSchemaBundle(schemasDir: string): SchemaBundle {
  const root = readJson(path.join(schemasDir, 'site-config.schema.json'));
  const defs: SchemaNode = {};
  const sectionDefaults: SchemaNode = {};
  const sectionFiles = fs
    .readdirSync(schemasDir)
    .filter((name) => SECTION_FILE.test(name))
    .sort();
  for (const name of sectionFiles) {
    const key = sectionKey(name);
    const section = rewriteRefs(readJson(path.join(schemasDir, name)), key) as SchemaNode;
    // A default at a schema's root is ignored by ajv (strict mode refuses it): it moves to the root property below.
    const { $defs: sectionDefs, $schema: _s, $id: _i, default: sectionDefault, ...body } = section;
    defs[key] = body;
    if (sectionDefault !== undefined) sectionDefaults[key] = sectionDefault;
    if (isNode(sectionDefs)) {
      for (const [defName, def] of Object.entries(sectionDefs)) defs[`${key}_${defName}`] = def;
    }
  }
  const { $schema, ...rootBody } = rewriteRefs(root, null) as SchemaNode;
  const rootProperties = rootBody['properties'] as Record<string, SchemaNode>;
  for (const [name, prop] of Object.entries(rootProperties)) {
    const target = typeof prop['$ref'] === 'string' ? prop['$ref'].replace('#/$defs/', '') : undefined;
    if (target && target in sectionDefaults) rootProperties[name] = { ...prop, default: sectionDefaults[target] };
  }
  const siteConfig: SchemaNode = { $schema, ...rootBody, $defs: defs };
  return {
    siteConfig,
    theme: readJson(path.join(schemasDir, 'theme.schema.json')),
    serverConfig: readJson(path.join(schemasDir, 'server-config.schema.json')),
    jurisdiction: readJson(path.join(schemasDir, 'jurisdiction.schema.json')),
  };
}

/** Deep copy of a schema with a transform applied to every object schema (nodes with `properties`). */
export function mapObjectSchemas(node: unknown, fn: (schema: SchemaNode) => SchemaNode): unknown {
  if (Array.isArray(node)) return node.map((item) => mapObjectSchemas(item, fn));
  if (!isNode(node)) return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    // Defaults and examples are data, not schemas: copy them untouched.
    out[key] =
      key === 'default' || key === 'examples' || key === 'const' || key === 'enum'
        ? value
        : mapObjectSchemas(value, fn);
  }
  return isNode(out['properties']) ? fn(out) : out;
}

/**
 * The view of the schema used for TypeScript types of the *resolved* configuration: a property with a default is
 * always present after resolution, so it is marked required and the type has no `| undefined` for it.
 */
export function resolvedView(schema: SchemaNode): SchemaNode {
  const marked = mapObjectSchemas(schema, (node) => {
    const properties = node['properties'] as Record<string, SchemaNode>;
    const required = new Set<string>(Array.isArray(node['required']) ? (node['required'] as string[]) : []);
    for (const [name, prop] of Object.entries(properties)) if (prop && 'default' in prop) required.add(name);
    // A planned property says so in its doc comment, so nobody mistakes it for a working setting.
    const documented = Object.fromEntries(
      Object.entries(properties).map(([name, prop]) => {
        const planned = prop?.[PLANNED_KEYWORD];
        if (typeof planned !== 'string' || isNode(prop['properties'])) return [name, prop];
        const description = typeof prop['description'] === 'string' ? `${prop['description']} ` : '';
        return [name, { ...prop, description: `${description}Planned, not honoured yet: ${planned}.` }];
      }),
    );
    const planned = node[PLANNED_KEYWORD];
    const own =
      typeof planned === 'string'
        ? {
            description: `${typeof node['description'] === 'string' ? `${node['description']} ` : ''}Planned, not honoured yet: ${planned}.`,
          }
        : {};
    return { ...node, ...own, properties: documented, required: [...required] };
  });
  // json-schema-to-typescript makes a new type for every $ref that has siblings (FeatureSwitch1, 2 ...):
  // a bare $ref reuses the referenced type.
  const bareRefs = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(bareRefs);
    if (!isNode(node)) return node;
    if (typeof node['$ref'] === 'string') return { $ref: node['$ref'] };
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === 'default' || k === 'enum' ? v : bareRefs(v)]),
    );
  };
  return bareRefs(marked) as SchemaNode;
}

/** A copy without titles and descriptions: validators do not need them, and they would be inlined into the code. */
export function withoutDocs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDocs);
  if (!isNode(node)) return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'title' || key === 'description' || key === PLANNED_KEYWORD) continue;
    if (SCHEMA_MAPS.has(key) && isNode(value)) {
      // Keys of these maps are property or definition names, not keywords: keep every one.
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutDocs(sub)]));
    } else {
      out[key] = key === 'default' || key === 'enum' || key === 'const' ? value : withoutDocs(value);
    }
  }
  return out;
}

/**
 * The view used to validate one layer file (brand, country or language): a layer is a partial configuration,
 * so `required` and `minProperties` are dropped; they are checked on the resolved configuration instead.
 */
export function layerView(schema: SchemaNode, id: string): SchemaNode {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isNode(node)) return node;
    const out: SchemaNode = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'required' || key === 'minProperties' || key === 'default') continue;
      if (SCHEMA_MAPS.has(key) && isNode(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strip(sub)]));
      } else {
        out[key] = key === 'enum' || key === 'const' || key === 'examples' ? value : strip(value);
      }
    }
    return out;
  };
  return { ...(strip(schema) as SchemaNode), $id: id, title: 'SiteConfigLayer' };
}
