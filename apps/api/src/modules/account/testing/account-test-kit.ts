import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Browser, lastCode } from '../../auth/testing/accounts-test-kit';

/**
 * idlebet: signs out after 30 minutes without activity and ends every session 120 minutes after its sign-in
 * (auth.autoLogoff), under a server lifetime of 720 minutes; steadybet: no auto-logoff, a server lifetime of 60
 * minutes. Both open accounts by Kazakh phone.
 */
export const idleBrandsDir = fileURLToPath(new URL('./brands', import.meta.url));

/** The password every account of these tests is opened with. */
export const TEST_PASSWORD = 'Secret-pass-1';

/** A browser signed in to a new account opened by phone (Kazakh national number, 10 digits). */
export async function registerByPhone(app: FastifyInstance, host: string, national: string): Promise<Browser> {
  const browser = new Browser(app, host);
  expect(
    (await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' })).statusCode,
  ).toBe(200);
  const res = await browser.post('/web-api/user/registration', {
    variant: 'phone',
    age_confirmed: true,
    phone: national,
    country_code: 'KZ',
    confirm_code: await lastCode(app, `+7${national}`),
    password: TEST_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}
