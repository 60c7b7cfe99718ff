import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';
import { generateApiContract } from './api-contract';
import { layerView, loadSchemaBundle, resolvedView, withoutDocs, type SchemaNode } from './schema-bundle';

/** Where generated files go, relative to the workspace root. */
export const GENERATED_DIR = 'libs/shared/util-config/src/generated';

const BANNER = (what: string) =>
  `/* eslint-disable */\n// GENERATED FILE, DO NOT EDIT. ${what}\n// Source: schemas/*.schema.json. Regenerate with \`npm run codegen\`; \`npm run codegen:check\` fails when this drifts.\n`;

async function typesFor(schema: SchemaNode, name: string, what: string): Promise<string> {
  const ts = await compile(resolvedView(schema) as never, name, {
    bannerComment: BANNER(what).trimEnd(),
    additionalProperties: false,
    declareExternallyReferenced: true,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  return ts;
}

function newAjv(useDefaults: boolean) {
  // verbose keeps parentSchema on errors: the formatter lists the known properties of an object from it.
  return new Ajv2020({
    code: { source: true, esm: true, lines: false },
    allErrors: true,
    verbose: false,
    useDefaults,
    strict: true,
    allowUnionTypes: true,
    unicodeRegExp: false,
  });
}

// ajv's standalone output require()s two small runtime helpers even in ESM mode; inlining them keeps the
// validators a dependency-free ES module that runs in node, Vite and the browser alike.
const RUNTIME = `function ucs2length(str) { let n = 0; for (const _ of str) n++; return n; }
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}
`;

// ajv ships CommonJS: depending on the loader the function is the module itself or its .default.
const standaloneCode =
  (standaloneModule as unknown as { default?: typeof standaloneModule }).default ?? standaloneModule;

function validatorsModule(ajv: ReturnType<typeof newAjv>, exportsByName: Record<string, string>, what: string): string {
  const code = standaloneCode(ajv, exportsByName)
    .replace(/^"use strict";/, '')
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', 'ucs2length')
    .replaceAll('require("ajv/dist/runtime/equal").default', 'deepEqual');
  if (code.includes('require('))
    throw new Error('ajv standalone output still needs a runtime require(): inline it in generate.ts');
  return `${BANNER(what)}${RUNTIME}${code}\n`;
}

const VALIDATOR_DTS = (names: string[], what: string) =>
  `${BANNER(what)}import type { ErrorObject } from 'ajv';\n\n/** An ajv standalone validator: true when valid, otherwise errors are on the function. */\nexport interface CompiledValidator {\n  (data: unknown): boolean;\n  errors?: ErrorObject[] | null;\n}\n${names
    .map((n) => `export declare const ${n}: CompiledValidator;\n`)
    .join('')}`;

/** jurisdictions/<id>.json by id, in id order (JSON only: the registry validates them against their schema). */
function jurisdictionProfiles(workspaceRoot: string): Record<string, unknown> {
  const dir = path.join(workspaceRoot, 'jurisdictions');
  const out: Record<string, unknown> = {};
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
    if (name.endsWith('.json'))
      out[name.slice(0, -'.json'.length)] = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  }
  return out;
}

/** Every generated file as path (relative to the workspace root) -> content. Pure apart from reading schemas/. */
export async function generateAll(workspaceRoot: string): Promise<Map<string, string>> {
  const bundle = loadSchemaBundle(path.join(workspaceRoot, 'schemas'));
  const files = new Map<string, string>();
  const out = (name: string) => `${GENERATED_DIR}/${name}`;

  files.set(
    out('site-config.types.ts'),
    await typesFor(bundle.siteConfig, 'SiteConfig', 'Types of the resolved site configuration.'),
  );
  files.set(
    out('theme.types.ts'),
    await typesFor(bundle.theme, 'ThemePrimitives', 'Types of a brand theme (theme.json).'),
  );
  files.set(
    out('server-config.types.ts'),
    await typesFor(bundle.serverConfig, 'ServerConfig', 'Types of the server-only brand settings (server.json).'),
  );

  const withDefaults = newAjv(true);
  withDefaults.addSchema(withoutDocs(bundle.siteConfig) as never, 'siteConfig');
  withDefaults.addSchema(withoutDocs(bundle.serverConfig) as never, 'serverConfig');
  files.set(
    out('resolved.validators.js'),
    validatorsModule(
      withDefaults,
      { validateSiteConfig: 'siteConfig', validateServerConfig: 'serverConfig' },
      'Precompiled ajv validators that also fill in schema defaults.',
    ),
  );
  files.set(
    out('resolved.validators.d.ts'),
    VALIDATOR_DTS(['validateSiteConfig', 'validateServerConfig'], 'Types of resolved.validators.js.'),
  );

  const plain = newAjv(false);
  plain.addSchema(
    withoutDocs(layerView(bundle.siteConfig, 'https://tessera.local/schemas/site-config-layer.schema.json')) as never,
    'siteConfigLayer',
  );
  plain.addSchema(withoutDocs(bundle.theme) as never, 'theme');
  files.set(
    out('layer.validators.js'),
    validatorsModule(
      plain,
      { validateSiteConfigLayer: 'siteConfigLayer', validateThemePrimitives: 'theme' },
      'Precompiled ajv validators for layer files and themes; they never change the data.',
    ),
  );
  files.set(
    out('layer.validators.d.ts'),
    VALIDATOR_DTS(['validateSiteConfigLayer', 'validateThemePrimitives'], 'Types of layer.validators.js.'),
  );
  files.set(
    out('jurisdiction.types.ts'),
    await typesFor(
      bundle.jurisdiction,
      'JurisdictionProfile',
      'Types of a jurisdiction profile (jurisdictions/<id>.json).',
    ),
  );
  const profiles = newAjv(false);
  profiles.addSchema(withoutDocs(bundle.jurisdiction) as never, 'jurisdiction');
  files.set(
    out('jurisdiction.validators.js'),
    validatorsModule(
      profiles,
      { validateJurisdictionProfile: 'jurisdiction' },
      'Precompiled ajv validator of jurisdiction profiles.',
    ),
  );
  files.set(
    out('jurisdiction.validators.d.ts'),
    VALIDATOR_DTS(['validateJurisdictionProfile'], 'Types of jurisdiction.validators.js.'),
  );
  files.set(out('jurisdiction.schema.bundle.json'), `${JSON.stringify(bundle.jurisdiction, null, 2)}\n`);
  // The profiles themselves ship inside the platform, by id (docs/adr/0260); the registry checks them at load.
  files.set(
    out('jurisdiction-profiles.bundle.json'),
    `${JSON.stringify(jurisdictionProfiles(workspaceRoot), null, 2)}\n`,
  );
  // The bundled schema: the formatter reads property names from it for "did you mean" hints, the console its help texts.
  files.set(out('site-config.schema.bundle.json'), `${JSON.stringify(bundle.siteConfig, null, 2)}\n`);
  files.set(out('theme.schema.bundle.json'), `${JSON.stringify(bundle.theme, null, 2)}\n`);
  // The API contract (schemas/api) goes to its own library, libs/shared/contract-api.
  for (const [rel, content] of await generateApiContract(workspaceRoot)) files.set(rel, content);
  return files;
}
