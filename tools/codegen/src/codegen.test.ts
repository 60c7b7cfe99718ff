import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { driftedFiles } from './main';
import { layerView, loadSchemaBundle, resolvedView, sectionKey, withoutDocs, type SchemaNode } from './schema-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bundle = loadSchemaBundle(path.join(root, 'schemas'));

/** Every object schema in a document, with its location. */
function objectSchemas(node: unknown, at = '#'): { at: string; schema: SchemaNode }[] {
  if (typeof node !== 'object' || node === null) return [];
  if (Array.isArray(node)) return node.flatMap((n, i) => objectSchemas(n, `${at}/${i}`));
  const schema = node as SchemaNode;
  const own = schema['properties'] ? [{ at, schema }] : [];
  return own.concat(
    Object.entries(schema)
      .filter(([k]) => k !== 'default' && k !== 'enum' && k !== 'examples')
      .flatMap(([k, v]) => objectSchemas(v, `${at}/${k}`)),
  );
}

describe('generated code', () => {
  it('matches the schemas (run `npm run codegen` and commit when this fails)', async () => {
    expect(await driftedFiles(root)).toEqual([]);
  });
});

describe('schemas/ house rules', () => {
  const all = [bundle.siteConfig, bundle.theme, bundle.serverConfig, bundle.jurisdiction].flatMap((s) =>
    objectSchemas(s),
  );

  it('give every property a description (it becomes the type doc comment and console help)', () => {
    const missing = all.flatMap(({ at, schema }) =>
      Object.entries(schema['properties'] as Record<string, SchemaNode>)
        .filter(([, prop]) => typeof prop['description'] !== 'string')
        .map(([name]) => `${at}/properties/${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('state additionalProperties on every object', () => {
    expect(all.filter(({ schema }) => !('additionalProperties' in schema)).map(({ at }) => at)).toEqual([]);
  });

  it('cover every section the spec lists', () => {
    expect(Object.keys(bundle.siteConfig['properties'] as object)).toEqual(
      expect.arrayContaining([
        'global',
        'betting',
        'cyber',
        'support',
        'coupon',
        'application',
        'modules',
        'iframe',
        'toto',
        'information',
        'footer',
        'header',
        'promo',
        'auth',
        'office',
        'thirdParty',
        'bringFriend',
        'registration',
        'globalEvent',
        'bannerWidgets',
        'dictionary',
        'customize',
        'captcha',
        'responsible',
        'licence',
        'other',
        'boolean',
      ]),
    );
  });
});

describe('schema views', () => {
  it('names sections after their files', () => {
    expect(sectionKey('_third-party.schema.json')).toBe('thirdParty');
    expect(() => sectionKey('site-config.schema.json')).toThrow();
  });

  it('mark defaulted properties required for the resolved types', () => {
    const coupon = (resolvedView(bundle.siteConfig)['$defs'] as Record<string, SchemaNode>)['coupon'];
    expect(coupon?.['required']).toEqual(expect.arrayContaining(['maxEvents', 'features', 'taxes']));
  });

  it('drop required and defaults for layer files', () => {
    const global = (layerView(bundle.siteConfig, 'x')['$defs'] as Record<string, SchemaNode>)['global'];
    expect(global?.['required']).toBeUndefined();
    expect(JSON.stringify(layerView(bundle.siteConfig, 'x'))).not.toContain('"default"');
  });

  it('keep x-planned out of the validators and say it in the type doc comments', () => {
    expect(JSON.stringify(bundle.siteConfig)).toContain('"x-planned"');
    expect(JSON.stringify(withoutDocs(bundle.siteConfig))).not.toContain('x-planned');
    const planned = {
      type: 'object',
      properties: { later: { type: 'boolean', description: 'A switch.', 'x-planned': 'some feature (issue 99)' } },
    };
    const later = (resolvedView(planned)['properties'] as Record<string, SchemaNode>)['later'];
    expect(later?.['description']).toBe('A switch. Planned, not honoured yet: some feature (issue 99).');
  });

  it('refuse an x-planned that names no feature', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegen-planned-'));
    for (const name of fs.readdirSync(path.join(root, 'schemas'))) {
      if (name.endsWith('.json')) fs.copyFileSync(path.join(root, 'schemas', name), path.join(dir, name));
    }
    const toto = JSON.parse(fs.readFileSync(path.join(dir, '_toto.schema.json'), 'utf8')) as SchemaNode;
    fs.writeFileSync(path.join(dir, '_toto.schema.json'), JSON.stringify({ ...toto, 'x-planned': '' }));
    expect(() => loadSchemaBundle(dir)).toThrow(
      '_toto.schema.json: x-planned must name the feature that will honour the property, found ""',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
