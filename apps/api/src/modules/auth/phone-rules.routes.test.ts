import { fileURLToPath } from 'node:url';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';
import { Browser } from './testing/accounts-test-kit';

const demoBrands = fileURLToPath(new URL('../../../../../brands', import.meta.url));

// PolarBet's brand.json adds a custom rule for Kazakh numbers (registration.phone.customRules.kz-mobile-operators):
// the routes validate phones with the brand's configured rules, not the built-in defaults (libs/server/accounts README, "Every registration states the minimum age").
describeEachDatabase('phone rules come from the brand configuration', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, {
      brandsDir: demoBrands,
      brandRegistry: await loadBrandRegistry({ brandsDir: demoBrands }),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const register = (phone: string) =>
    new Browser(app, 'polarbet.example').post('/web-api/user/registration', {
      variant: 'phone',
      age_confirmed: true,
      phone,
      country_code: 'KZ',
      confirm_code: '000000',
      password: 'Secret-pass-1',
    });

  it('refuses a Kazakh number the brand rule excludes, with the rule message on the phone field', async () => {
    const res = await register('7991234567');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request',
      validation_errors: [{ field: 'phone', message: 'validation_phone_incorrect' }],
    });
  });

  it('lets a number of a known operator through to the code check', async () => {
    const res = await register('7011234567');
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'confirm_code', message: expect.any(String) }]);
  });
});
