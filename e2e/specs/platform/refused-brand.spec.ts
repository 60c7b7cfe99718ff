import { expect, test } from '@playwright/test';
import { INVALID_BRAND_ID } from '../../fixtures/brands';

test('a schema-invalid brand is refused and named, while every valid brand is served', async ({ request }) => {
  const ready = await request.get('/ready');
  expect(ready.status()).toBe(200);
  const body = JSON.stringify(await ready.json());
  expect(body).toContain(INVALID_BRAND_ID);
  expect(body).toContain('brand.json');

  const refused = await request.get(`/?brand=${INVALID_BRAND_ID}`, { maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  const served = await request.get('/?brand=albion-odds');
  expect(served.status()).toBe(200);
});
