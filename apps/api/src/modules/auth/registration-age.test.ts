import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildAccountsApp, lastCode, registerByEmail, testClock } from './testing/accounts-test-kit';

function pathOf(location: string | undefined): string {
  const url = new URL(location ?? '', 'http://accountbet.example');
  return `${url.pathname}${url.search}`;
}

const MISSING = {
  message: 'Confirm that you are at least 18 years old',
  validation_errors: [{ field: 'age_confirmed', message: 'required' }],
};

// accountbet (kz): short, phone and social registration ask no birth date, so each needs the age confirmation (libs/server/accounts README, "Every registration states the minimum age").
describeEachDatabase('registration: the minimum age is always stated', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(() => app.close());

  const users = async (): Promise<number> =>
    Number((await ctx.db.query<{ n: string }>('select count(*) as n from accounts_users')).rows[0]?.n);
  const registrationAge = async (userId: string): Promise<unknown> =>
    (
      await ctx.db.query<{ detail: { age?: unknown } }>(
        "select detail from accounts_security_events where user_id = $1 and kind = 'registration'",
        [userId],
      )
    ).rows[0]?.detail.age;

  it('refuses a registration with neither a birth date nor the confirmation (422, the field named), and writes nothing', async () => {
    const before = await users();
    const browser = new Browser(app);
    const body = { variant: 'short', email: 'ageless@example.com', password: 'Secret-pass-1' };
    const none = await browser.post('/web-api/user/registration', body);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual(MISSING);
    const declined = await browser.post('/web-api/user/registration', { ...body, age_confirmed: false });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual(MISSING);
    // The German minimum age is 21: the message names the age in force for the country.
    const de = await browser.post('/web-api/user/registration', { ...body, country: 'de' });
    expect(de.json()).toEqual({ ...MISSING, message: 'Confirm that you are at least 21 years old' });
    expect(await users()).toBe(before);
  });

  it('accepts the confirmation and records it, with its time, in the registration event', async () => {
    const res = await registerByEmail(app, new Browser(app), {
      variant: 'short',
      email: 'confirmed@example.com',
      password: 'Secret-pass-1',
      age_confirmed: true,
    });
    expect(res.statusCode).toBe(201);
    expect(await registrationAge(res.json().account_id)).toEqual({
      method: 'confirmation',
      minAge: 18,
      at: clock.now().toISOString(),
    });
  });

  it('accepts a birth date that passes the minimum age instead, and records that it was the birth date', async () => {
    const res = await registerByEmail(app, new Browser(app), {
      variant: 'short',
      email: 'born@example.com',
      password: 'Secret-pass-1',
      birth_date: '1990-05-17',
      age_confirmed: undefined,
    });
    expect(res.statusCode).toBe(201);
    expect(await registrationAge(res.json().account_id)).toEqual({
      method: 'birth_date',
      minAge: 18,
      at: clock.now().toISOString(),
    });
  });

  it('checks a phone registration before its code is spent: the same code then registers with the confirmation', async () => {
    const browser = new Browser(app);
    const phone = { phone: '7051230001', country_code: 'KZ' };
    expect((await browser.post('/web-api/user/registration/send-code', phone)).statusCode).toBe(200);
    const body = {
      variant: 'phone',
      ...phone,
      confirm_code: await lastCode(app, '+77051230001'),
      password: 'Secret-pass-1',
    };
    const refused = await browser.post('/web-api/user/registration', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(MISSING);
    const registered = await browser.post('/web-api/user/registration', { ...body, age_confirmed: true });
    expect(registered.statusCode).toBe(201);
    expect(await registrationAge(registered.json().account_id)).toMatchObject({ method: 'confirmation' });
  });

  it('refuses to start a social sign-up without the confirmation; with it, the callback records when it was given', async () => {
    const browser = new Browser(app);
    const refused = await browser.get('/web-api/socauth/google/start?currency=EUR');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(MISSING);
    expect(refused.headers.location).toBeUndefined();
    expect(await browser.get('/web-api/socauth/google/start?age_confirmed=false')).toMatchObject({ statusCode: 422 });

    const confirmedAt = clock.now().toISOString();
    const start = await browser.get('/web-api/socauth/google/start?currency=EUR&age_confirmed=true');
    expect(start.statusCode).toBe(302);
    // The person takes a while at the provider: the evidence keeps the moment of the confirmation.
    clock.advance(45_000);
    const authorize = await browser.get(`${pathOf(start.headers.location)}&login_hint=grace`);
    clock.advance(5_000);
    const back = await browser.get(pathOf(authorize.headers.location));
    expect(back.headers.location).toBe('/en/welcome');
    const { user } = (await browser.get('/web-api/user/session')).json() as { user: { id: string } };
    expect(await registrationAge(user.id)).toEqual({ method: 'confirmation', minAge: 18, at: confirmedAt });
  });
});
