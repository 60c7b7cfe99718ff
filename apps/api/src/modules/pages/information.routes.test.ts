import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, fixtureBrandsDir, loadFixtureRegistry } from '../../testing/test-app';

/** The fixture brands, with NorthBet's rules written in Russian and English and its privacy page broken. */
function brandsWithContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-info-'));
  fs.cpSync(fixtureBrandsDir, dir, { recursive: true });
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write(
    'northbet/content/ru/rules.md',
    '# Правила\n\nСтавки принимаются от **18 лет**.\n\n- Один аккаунт\n- [Контакты](/information/contacts)\n',
  );
  write('northbet/content/en/rules.md', '# Rules\n\nBets from **18**.\n');
  write('northbet/content/en/privacyPolicy.md', '# Privacy\n\n<script>alert(1)</script>\n');
  return dir;
}

describeEachDatabase('information pages', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const brandsDir = brandsWithContent();
    app = await buildTestApp(ctx.db, { brandsDir, brandRegistry: await loadFixtureRegistry(brandsDir) });
    await app.ready();
  });
  afterAll(() => app.close());

  const northbet = { host: 'northbet.example' };

  it('answers the brand page in the language asked, as blocks of text', async () => {
    const res = await app.inject({ url: '/web-api/information/rules?lng=ru', headers: northbet });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      page: 'rules',
      language: 'ru',
      title: 'Правила',
      blocks: [
        {
          kind: 'paragraph',
          content: [
            { kind: 'text', text: 'Ставки принимаются от ' },
            { kind: 'strong', text: '18 лет' },
            { kind: 'text', text: '.' },
          ],
        },
        {
          kind: 'list',
          ordered: false,
          items: [
            [{ kind: 'text', text: 'Один аккаунт' }],
            [{ kind: 'link', text: 'Контакты', href: '/information/contacts' }],
          ],
        },
      ],
    });
    const en = await app.inject({ url: '/web-api/information/rules?lng=en', headers: northbet });
    expect(en.json()).toMatchObject({ language: 'en', title: 'Rules' });
  });

  it('answers 404 for a page not written, a file refused for its markup, or a page the configuration does not name', async () => {
    for (const url of [
      '/web-api/information/rules?lng=kk',
      '/web-api/information/privacyPolicy?lng=en',
      '/web-api/information/no-such-page?lng=en',
    ]) {
      const res = await app.inject({ url, headers: northbet });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Not found' });
    }
  });

  it('refuses a language the brand does not offer and a page id that could name another file', async () => {
    expect((await app.inject({ url: '/web-api/information/rules?lng=de', headers: northbet })).statusCode).toBe(400);
    expect((await app.inject({ url: '/web-api/information/..%2Frules?lng=en', headers: northbet })).statusCode).toBe(
      400,
    );
  });
});
