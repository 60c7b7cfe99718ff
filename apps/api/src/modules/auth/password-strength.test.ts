import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  b64,
  Browser,
  buildAccountsApp,
  registerByEmail,
  testClock,
  waitForMessage,
} from './testing/accounts-test-kit';

const WEAK = ['Password1', 'qwerty123', 'aaaaaaaa1'] as const;
const PASSPHRASE = 'correct horse battery staple';

const weakError = (field: string) => ({
  message: 'Invalid request',
  validation_errors: [{ field, message: expect.stringMatching(/^is too easy to guess: \S.*\.$/) }],
});

// zxcvbn-ts on the server, score 3 or more (util-validation README, "Password strength, not composition"): registration, password change and password reset alike.
describeEachDatabase('new passwords: the strength estimator', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(() => app.close());

  const users = async (): Promise<number> =>
    Number((await ctx.db.query<{ n: string }>('select count(*) as n from accounts_users')).rows[0]?.n);
  const hashOf = async (id: string) =>
    (await ctx.db.query<{ password_hash: string }>('select password_hash from accounts_users where id = $1', [id]))
      .rows[0]?.password_hash;

  it('item 11: registration refuses Password1, qwerty123 and aaaaaaaa1 with the feedback on the password field, and takes a long passphrase', async () => {
    const before = await users();
    for (const password of WEAK) {
      const res = await new Browser(app).post('/web-api/user/registration', {
        variant: 'short',
        email: 'weak@example.com',
        password,
        password_confirmation: password,
        age_confirmed: true,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(weakError('password'));
    }
    // The estimator knows the person's own words: the e-mail's name is no password.
    const own = await new Browser(app).post('/web-api/user/registration', {
      variant: 'short',
      email: 'zanzibar.quokka@example.com',
      password: 'zanzibarquokka',
      age_confirmed: true,
    });
    expect(own.json()).toEqual(weakError('password'));
    expect(own.json().validation_errors[0].message).toContain('There should not be any personal or page related data.');
    expect(await users()).toBe(before);

    const passphrase = await registerByEmail(app, new Browser(app), {
      email: 'passphrase@example.com',
      password: PASSPHRASE,
      password_confirmation: PASSPHRASE,
    });
    expect(passphrase.statusCode).toBe(201);
  });

  it('item 11: the password change refuses a weak new password and keeps the old one', async () => {
    const browser = new Browser(app);
    const account = (await registerByEmail(app, browser, { email: 'changer@example.com' })).json() as {
      account_id: string;
    };
    const before = await hashOf(account.account_id);
    for (const password of WEAK) {
      const res = await browser.put('/web-api/api/web/user/v1/password', {
        data: {
          attributes: {
            old_password: b64('Secret-pass-1'),
            password: b64(password),
            password_confirmation: b64(password),
          },
        },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(weakError('data.attributes.password'));
    }
    expect(await hashOf(account.account_id)).toBe(before);
    const strong = await browser.put('/web-api/api/web/user/v1/password', {
      data: {
        attributes: {
          old_password: b64('Secret-pass-1'),
          password: b64(PASSPHRASE),
          password_confirmation: b64(PASSPHRASE),
        },
      },
    });
    expect(strong.statusCode).toBe(200);
  });

  it('item 11: the password reset refuses a weak new password and leaves the link usable', async () => {
    const account = (await registerByEmail(app, new Browser(app), { email: 'resetter@example.com' })).json() as {
      account_id: string;
    };
    await new Browser(app).post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { login: 'resetter@example.com' } },
    });
    const token =
      /Reset token: (\S+)/.exec((await waitForMessage(app, 'resetter@example.com', /Reset token: /)).text)?.[1] ?? '';
    const set = (password: string) =>
      new Browser(app).post('/web-api/api/internal/v1/user/passwordreset', {
        data: { attributes: { token, password, password_confirmation: password } },
      });
    const before = await hashOf(account.account_id);
    for (const password of WEAK) {
      const res = await set(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(weakError('data.attributes.password'));
    }
    expect(await hashOf(account.account_id)).toBe(before);
    expect((await set(PASSPHRASE)).statusCode).toBe(200);
    expect(
      (await new Browser(app).post('/web-api/user/auth', { login: account.account_id, password: PASSPHRASE })).json(),
    ).toMatchObject({ status: 'authorised' });
  });
});
