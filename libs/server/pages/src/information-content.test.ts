import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandScaffold, loadBrandRegistry } from '@tessera/server/brand-registry';
import { describe, expect, it } from 'vitest';
import {
  ContentError,
  createInformationContent,
  informationPage,
  parseInformationContent,
  readBrandContent,
} from './information-content';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('parseInformationContent', () => {
  it('turns the title, headings, paragraphs, lists, strong text and links into blocks', () => {
    const page = parseInformationContent(
      [
        '# Payments',
        '',
        'Deposits are **free** and',
        'credited at once.',
        '',
        '## Withdrawals',
        '- To your card, see [limits](/information/responsiblegaming).',
        '- Write to [us](mailto:pay@example.org)',
        '  any time.',
        '',
        '1. First',
        '2. Second',
      ].join('\n'),
      'payment.md',
    );
    expect(page.title).toBe('Payments');
    expect(page.blocks).toEqual([
      {
        kind: 'paragraph',
        content: [
          { kind: 'text', text: 'Deposits are ' },
          { kind: 'strong', text: 'free' },
          { kind: 'text', text: ' and credited at once.' },
        ],
      },
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Withdrawals' }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [
            { kind: 'text', text: 'To your card, see ' },
            { kind: 'link', text: 'limits', href: '/information/responsiblegaming' },
            { kind: 'text', text: '.' },
          ],
          [
            { kind: 'text', text: 'Write to ' },
            { kind: 'link', text: 'us', href: 'mailto:pay@example.org' },
            { kind: 'text', text: ' any time.' },
          ],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'First' }], [{ kind: 'text', text: 'Second' }]] },
    ]);
  });

  it.each([
    ['markup', '# T\n\nHello <script>alert(1)</script>', 'rules.md:3: markup is not allowed'],
    ['an image tag', '# T\n\n<img src=x onerror=alert(1)>', 'rules.md:3: markup is not allowed'],
    ['a javascript: link', '# T\n\n[click](javascript:alert(1))', 'rules.md:3: link target "javascript:'],
    ['a plain http link', '# T\n\n[old](http://example.org)', 'is not a site path, an https address'],
    ['a protocol-relative link', '# T\n\n[x](//evil.example)', 'is not a site path'],
    ['a missing title', 'Just text', 'rules.md:1: the file must start with the page title'],
    ['a second title', '# T\n\n# Again', 'rules.md:3: only "## " and "### " headings'],
    ['a title alone', '# T\n', 'the page has a title but no text'],
    ['a control character', '# T\n\nBell \u0007 here', 'rules.md:3: control characters are not allowed'],
  ])('refuses %s, naming the file and line', (_, source, problem) => {
    expect(() => parseInformationContent(source, 'brands/x/content/en/rules.md')).toThrow(ContentError);
    expect(() => parseInformationContent(source, 'brands/x/content/en/rules.md')).toThrow(problem);
  });

  it('keeps characters that only look like markup as text', () => {
    const page = parseInformationContent('# T\n\nStakes < 5 € and 3 > 2 & more.', 'x.md');
    expect(page.blocks).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Stakes < 5 € and 3 > 2 & more.' }] },
    ]);
  });
});

describe('informationPage', () => {
  const brandDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-content-'));
  fs.mkdirSync(path.join(brandDir, 'content', 'en'), { recursive: true });
  fs.writeFileSync(path.join(brandDir, 'content', 'en', 'rules.md'), '# Rules\n\nBe fair.');
  fs.writeFileSync(path.join(brandDir, 'content', 'en', 'broken.md'), '# Broken\n\n<b>no</b>');
  const errors: ContentError[] = [];
  const content = createInformationContent((error) => errors.push(error));
  const on = { pages: { rules: { enabled: true }, broken: { enabled: true }, cookies: { enabled: true } } };

  it('serves a page the configuration switches on and the brand has written', () => {
    expect(informationPage(content, brandDir, on, 'en', 'rules')).toEqual({
      page: 'rules',
      language: 'en',
      title: 'Rules',
      blocks: [{ kind: 'paragraph', content: [{ kind: 'text', text: 'Be fair.' }] }],
    });
  });

  it('has no page that is switched off, not offered in the language, unwritten, unknown or invalid', () => {
    expect(informationPage(content, brandDir, { pages: { rules: { enabled: false } } }, 'en', 'rules')).toBeUndefined();
    expect(
      informationPage(content, brandDir, { pages: { rules: { languages: ['de'] } } }, 'en', 'rules'),
    ).toBeUndefined();
    expect(informationPage(content, brandDir, on, 'en', 'cookies')).toBeUndefined();
    expect(informationPage(content, brandDir, on, 'de', 'rules')).toBeUndefined();
    expect(informationPage(content, brandDir, on, 'en', 'toString')).toBeUndefined();
    expect(informationPage(content, brandDir, { pages: { '..': {} } }, 'en', '..')).toBeUndefined();
    expect(informationPage(content, brandDir, on, 'en', 'broken')).toBeUndefined();
    expect(errors.map((e) => e.problem)).toEqual(['markup is not allowed in content files (write plain text)']);
  });
});

describe('the demo brands', () => {
  it('have valid text for every information page they switch on, in every language they offer it', async () => {
    const registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
    const missing: string[] = [];
    for (const brand of registry.brands()) {
      const brandDir = registry.brandDir(brand.id) ?? '';
      const { pages, errors } = readBrandContent(brandDir);
      expect(errors.map((e) => e.message)).toEqual([]);
      for (const language of brand.languages) {
        for (const country of brand.countries) {
          const { config } = registry.resolve(brand.id, country, language);
          for (const [page, setting] of Object.entries(config.information.pages)) {
            if (setting.enabled === false || (setting.languages && !setting.languages.includes(language))) continue;
            if (!pages.get(language)?.has(page)) missing.push(`${brand.id}/content/${language}/${page}.md`);
          }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('write the responsible-gaming page for each language with the real breaks the server enforces', () => {
    for (const brand of ['albion-odds', 'polar-bet', 'rhein-wetten', 'sahra-bet']) {
      const { pages } = readBrandContent(path.join(workspace, 'brands', brand));
      for (const [language, written] of pages)
        expect(written.has('responsiblegaming'), `${brand} ${language}`).toBe(true);
    }
    // The lock lengths of libs/server/responsible (time-out 24 hours to 6 weeks; self-exclusion 6 months to 5 years).
    const en = fs.readFileSync(path.join(workspace, 'brands/albion-odds/content/en/responsiblegaming.md'), 'utf8');
    expect(en).toContain('24 hours to 6 weeks');
    expect(en).toContain('6 months to 5 years');
  });

  it('give a new brand (tessera brand new) valid starter pages for every page switched on by default', () => {
    const files = brandScaffold({ id: 'fresh-start', name: 'Fresh Start' });
    const pages = Object.entries(files).filter(([file]) => file.startsWith('content/en/'));
    expect(pages.map(([file]) => file.slice('content/en/'.length, -3)).sort()).toEqual([
      'about',
      'contacts',
      'cookies',
      'howbet',
      'payment',
      'privacyPolicy',
      'responsiblegaming',
      'rules',
    ]);
    for (const [file, text] of pages) expect(parseInformationContent(text, file).blocks.length).toBeGreaterThan(2);
  });
});
