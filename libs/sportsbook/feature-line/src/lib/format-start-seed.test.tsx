import { createSiteFormat } from '@tessera/shared/util-format';
import { describe, expect, it } from 'vitest';
import { formatStart } from './line-game-row';

// A page the server rendered: the start texts are in it, written by the server's formatter. The client's first
// formats must give exactly these texts (hydration) without building a formatter of its own.
const startsAt = 1_795_000_000;
document.body.innerHTML = [
  `<time data-start="en" datetime="${new Date(startsAt * 1000).toISOString()}">SERVER TEXT</time>`,
  `<time datetime="${new Date((startsAt + 60) * 1000).toISOString()}">not a start of the list</time>`,
].join('');
const utc = (language: string) => createSiteFormat({ timezone: 'UTC' }, language);

describe('formatStart in a server-rendered page', () => {
  it("answers the server's text of a start the page shows, in that language", () => {
    expect(formatStart(startsAt, 'en', utc('en'), 'HH:mm')).toBe('SERVER TEXT');
  });
  it('formats what the page did not show: another language, another start, a time that is not a start', () => {
    expect(formatStart(startsAt, 'de', utc('de'), 'HH:mm')).toBe('18 Nov. 11:06');
    expect(formatStart(startsAt + 60, 'en', utc('en'), 'HH:mm')).toBe('18 Nov 11:07');
  });
});
