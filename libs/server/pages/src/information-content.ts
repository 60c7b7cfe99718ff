import fs from 'node:fs';
import path from 'node:path';
import type { InformationBlock, InformationInline, InformationPageResponse } from '@tessera/shared/contract-api';

/** Where a brand keeps its information pages: `content/<lng>/<page>.md` in its folder. */
export const CONTENT_DIR = 'content';

/** Page ids are the keys of `information.pages` (the schema's pattern); nothing else names a file. */
const PAGE_ID = /^[a-zA-Z0-9-]+$/;
const LANGUAGE = /^[a-z]{2,3}$/;
/** A content file larger than this is refused: an information page is text, not a dump. */
export const CONTENT_MAX_BYTES = 64 * 1024;

/** A content file the parser refused: the file, the line and what was wrong, for the person who wrote it. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'ContentError';
  }
}

const SAFE_HREF = /^(\/(?!\/)[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[0-9 ()-]+)$/;

/** `**strong**` and `[text](href)` inside a line; everything else is text, taken literally. */
function parseInline(text: string, fail: (problem: string) => never): InformationInline[] {
  const runs: InformationInline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) runs.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) runs.push({ kind: 'strong', text: match[1] });
    else {
      const href = match[3] ?? '';
      if (!SAFE_HREF.test(href)) fail(`link target "${href}" is not a site path, an https address, mailto: or tel:`);
      runs.push({ kind: 'link', text: match[2] ?? '', href });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ kind: 'text', text: text.slice(last) });
  return runs;
}

/**
 * Parses an information page's content file: a small, closed subset of Markdown. The first line is the title
 * (`# Title`); then `## ` and `### ` headings, paragraphs (lines joined until a blank line), `- ` lists and `1. `
 * numbered lists, with `**strong**` and `[links](/path | https://… | mailto:… | tel:…)` inside. Anything that looks
 * like markup (`<` before a letter, `/` or `!`) is refused rather than escaped, so a file cannot smuggle HTML or
 * script into a page; the site renders the blocks as elements, never as HTML (ADR 0335).
 */
export function parseInformationContent(
  source: string,
  file: string,
): Pick<InformationPageResponse, 'title' | 'blocks'> {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  let lineNo = 0;
  const fail = (problem: string): never => {
    throw new ContentError(file, lineNo, problem);
  };
  const blocks: InformationBlock[] = [];
  let title: string | undefined;
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' '), fail) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map((i) => parseInline(i, fail)) });
    list = undefined;
  };
  for (const raw of lines) {
    lineNo += 1;
    const line = raw.trim();
    if (/<[a-zA-Z/!?]/.test(line)) fail('markup is not allowed in content files (write plain text)');
    // Control characters (tab, carriage return and line feed aside) have no place in text a person reads.
    if ([...raw].some((c) => (c < ' ' && c !== '\t' && c !== '\r') || c === '\u007f'))
      fail('control characters are not allowed');
    if (title === undefined) {
      if (line === '') continue;
      const heading = /^# (.+)$/.exec(line);
      if (!heading?.[1]) fail('the file must start with the page title: "# Title"');
      title = heading?.[1]?.trim();
      continue;
    }
    if (line === '') {
      flush();
      continue;
    }
    const heading = /^(#{1,6}) (.+)$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 0;
      if (level !== 2 && level !== 3) fail('only "## " and "### " headings may follow the title');
      flush();
      blocks.push({ kind: 'heading', level: level as 2 | 3, content: parseInline(heading[2] ?? '', fail) });
      continue;
    }
    const bullet = /^- (.+)$/.exec(line);
    const numbered = /^\d+\. (.+)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      if (paragraph.length > 0) flush();
      const ordered = numbered !== null;
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1] ?? '');
      continue;
    }
    // A line indented under a list item continues it; any other line continues the paragraph.
    if (list && /^\s+/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  if (title === undefined) fail('the file is empty: it must start with the page title, "# Title"');
  if (blocks.length === 0) fail('the page has a title but no text');
  return { title: title ?? '', blocks };
}

/** Reads one page of one brand in one language; `undefined` when the brand has no such file. */
export type InformationContent = (
  brandDir: string,
  language: string,
  page: string,
) => InformationPageResponse | undefined;

/**
 * The brands' information pages, read and parsed once per file and kept (content changes with a restart, as the
 * brand's configuration does). A file that fails to parse is reported through `onError` and served as absent (404),
 * so one bad file never takes the site down; `tessera config validate`'s test (`information-content.test.ts`) keeps
 * the demo brands' files valid.
 */
export function createInformationContent(onError: (error: ContentError) => void): InformationContent {
  const cache = new Map<string, InformationPageResponse | undefined>();
  return (brandDir, language, page) => {
    if (!PAGE_ID.test(page) || !LANGUAGE.test(language)) return undefined;
    const file = path.join(brandDir, CONTENT_DIR, language, `${page}.md`);
    if (cache.has(file)) return cache.get(file);
    let answer: InformationPageResponse | undefined;
    try {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat?.isFile()) {
        if (stat.size > CONTENT_MAX_BYTES) throw new ContentError(file, 0, `larger than ${CONTENT_MAX_BYTES} bytes`);
        const parsed = parseInformationContent(fs.readFileSync(file, 'utf8'), file);
        answer = { page, language, ...parsed };
      }
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      onError(error);
    }
    cache.set(file, answer);
    return answer;
  };
}

/** Every content file of a brand folder, parsed: for checks that all of a brand's pages are valid and present. */
export function readBrandContent(brandDir: string): { pages: Map<string, Set<string>>; errors: ContentError[] } {
  const pages = new Map<string, Set<string>>();
  const errors: ContentError[] = [];
  const root = path.join(brandDir, CONTENT_DIR);
  if (!fs.existsSync(root)) return { pages, errors };
  for (const language of fs.readdirSync(root).sort()) {
    const dir = path.join(root, language);
    if (!LANGUAGE.test(language) || !fs.statSync(dir).isDirectory()) continue;
    const found = new Set<string>();
    for (const name of fs.readdirSync(dir).sort()) {
      if (!name.endsWith('.md')) continue;
      const file = path.join(dir, name);
      try {
        parseInformationContent(fs.readFileSync(file, 'utf8'), file);
        found.add(name.slice(0, -3));
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        errors.push(error);
      }
    }
    pages.set(language, found);
  }
  return { pages, errors };
}

/** The part of the resolved configuration that decides whether a page is offered. */
export interface InformationSettings {
  pages: Record<string, { enabled?: boolean; languages?: string[] } | undefined>;
}

/**
 * The page a visitor may read: switched on in the brand × country × language's configuration (`information.pages`),
 * offered in that language, and written (a content file). Anything else is absent, which the route answers with 404.
 */
export function informationPage(
  content: InformationContent,
  brandDir: string,
  settings: InformationSettings,
  language: string,
  page: string,
): InformationPageResponse | undefined {
  if (!Object.hasOwn(settings.pages, page)) return undefined;
  const setting = settings.pages[page];
  if (setting?.enabled === false) return undefined;
  if (setting?.languages && !setting.languages.includes(language)) return undefined;
  return content(brandDir, language, page);
}
