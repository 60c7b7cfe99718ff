import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, loadFixtureRegistry } from '../../testing/test-app';
import { Browser, registerByEmail } from './testing/accounts-test-kit';

/** sahrabet (Arabic; ae, tr) and rusbet (Russian; ru, kz): full and short registration, no captcha. */
const worldBrandsDir = fileURLToPath(new URL('./testing/world-brands', import.meta.url));

const full = (email: string, first_name: string, last_name: string) => ({
  variant: 'full',
  email,
  password: 'Sunny-Meadow-Lantern-42',
  password_confirmation: 'Sunny-Meadow-Lantern-42',
  first_name,
  last_name,
  birth_date: '1990-05-17',
});

// Names of every script (util-validation README, "Names of every script"): the estimator of names is util-validation's validateName, on both sides.
describeEachDatabase('registration: names of every script', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, { brandRegistry: await loadFixtureRegistry(worldBrandsDir) });
    await app.ready();
  });
  afterAll(() => app.close());

  const stored = async (id: string) =>
    (
      await ctx.db.query<{ first_name: string; last_name: string }>(
        'select first_name, last_name from accounts_users where id = $1',
        [id],
      )
    ).rows[0];
  const users = async (): Promise<number> =>
    Number((await ctx.db.query<{ n: string }>('select count(*) as n from accounts_users')).rows[0]?.n);

  it('item 12: an Arabic name registers on the Arabic brand, a Cyrillic one on the Russian brand, stored as typed', async () => {
    // The e-mail registration opens the account once the code from the e-mail comes back (ADR 0202).
    const arabic = await registerByEmail(
      app,
      new Browser(app, 'sahrabet.example'),
      full('layla@example.com', 'ليلى', 'عبد الرحمن'),
    );
    expect(await stored(arabic.json().account_id)).toEqual({ first_name: 'ليلى', last_name: 'عبد الرحمن' });

    const cyrillic = await registerByEmail(
      app,
      new Browser(app, 'rusbet.example'),
      full('ivan@example.com', 'Иван', 'Петров-Водкин'),
    );
    expect(await stored(cyrillic.json().account_id)).toEqual({ first_name: 'Иван', last_name: 'Петров-Водкин' });
  });

  it('item 12: a name with a right-to-left override (U+202E) or a zero-width space (U+200B) is refused and nothing is written', async () => {
    const before = await users();
    const override = await new Browser(app, 'sahrabet.example').post(
      '/web-api/user/registration',
      full('rlo@example.com', 'ليلى\u202E', 'Smith'),
    );
    expect(override.statusCode).toBe(422);
    expect(override.json()).toMatchObject({
      validation_errors: [{ field: 'first_name', message: 'validation_hidden_symbols' }],
    });
    const zeroWidth = await new Browser(app, 'rusbet.example').post(
      '/web-api/user/registration',
      full('zw@example.com', 'Иван', 'Пет\u200Bров'),
    );
    expect(zeroWidth.statusCode).toBe(422);
    expect(zeroWidth.json()).toMatchObject({
      validation_errors: [{ field: 'last_name', message: 'validation_hidden_symbols' }],
    });
    // Letters only: digits and other symbols stay refused in any script.
    const digits = await new Browser(app, 'rusbet.example').post(
      '/web-api/user/registration',
      full('digits@example.com', 'Иван2', 'Петров'),
    );
    expect(digits.statusCode).toBe(400);
    expect(digits.json()).toMatchObject({
      validation_errors: [{ field: 'first_name', message: 'password_available_symbols' }],
    });
    expect(await users()).toBe(before);
  });
});
