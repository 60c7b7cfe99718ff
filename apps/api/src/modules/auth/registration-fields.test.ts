import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateLayerData } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

const configSchema = readJson('schemas/_registration.schema.json') as {
  $defs: { variant: { properties: { requiredFields: { items: { enum: string[] } } } } };
};
const configuredNames = configSchema.$defs.variant.properties.requiredFields.items.enum;
const requestSchema = readJson('schemas/api/auth/registration-request.schema.json') as {
  properties: Record<string, unknown>;
};

describe('registration requiredFields: the brand configuration, the server and the form name fields the same way', () => {
  it('only allows names that are properties of the registration request, which the server reads', () => {
    expect(configuredNames.length).toBeGreaterThan(0);
    expect(configuredNames.filter((name) => !(name in requestSchema.properties))).toEqual([]);
  });

  it('refuses camelCase or unknown field names in a brand file, naming the file and pointer', () => {
    const layer = { registration: { variants: { full: { requiredFields: ['firstName', 'postcode'] } } } };
    const issues = validateLayerData(layer, 'brands/x/brand.json').map((issue) => `${issue.pointer}: ${issue.found}`);
    expect(issues).toEqual([
      expect.stringMatching(/^\/registration\/variants\/full\/requiredFields\/0: .*firstName/),
      expect.stringMatching(/^\/registration\/variants\/full\/requiredFields\/1: .*postcode/),
    ]);
    expect(
      validateLayerData(
        { registration: { variants: { full: { requiredFields: ['first_name', 'birth_date'] } } } },
        'brands/x/brand.json',
      ),
    ).toEqual([]);
  });

  it('holds for every brand in brands/', () => {
    const brandsDir = path.join(root, 'brands');
    const brands = fs.readdirSync(brandsDir).filter((name) => fs.existsSync(path.join(brandsDir, name, 'brand.json')));
    expect(brands.length).toBeGreaterThan(1);
    for (const brand of brands) {
      const data = readJson(`brands/${brand}/brand.json`);
      const issues = validateLayerData(data, `brands/${brand}/brand.json`).filter((issue) =>
        issue.pointer.includes('requiredFields'),
      );
      expect(issues, brand).toEqual([]);
    }
  });
});
