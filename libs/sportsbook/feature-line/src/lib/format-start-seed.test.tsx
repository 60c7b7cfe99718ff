import { describe, expect, it } from 'vitest';
import { formatStart } from './line-game-row';

// A page the server rendered: the start texts are in it, written by the server's formatter. The client's first
// formats must give exactly these texts (hydration) without building a formatter of its own.
const startsAt = 1_795_000_000;
document.body.innerHTML = [
  `<time data-start="en" datetime="${new Date(startsAt * 1000).toISOString()}">SERVER TEXT</time>`,
  `<time datetime="${new Date((startsAt + 60) * 1000).toISOString()}">not a start of the list</time>`,
].join('');

describe('formatStart in a server-rendered page', () => {
  it("answers the server's text of a start the page shows, in that language", () => {
    expect(formatStart(startsAt, 'en')).toBe('SERVER TEXT');
  });
  it('formats what the page did not show: another language, another start, a time that is not a start', () => {
    const options = { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
    expect(formatStart(startsAt, 'de')).toBe(new Intl.DateTimeFormat('de', options).format(new Date(startsAt * 1000)));
    expect(formatStart(startsAt + 60, 'en')).toBe(
      new Intl.DateTimeFormat('en', options).format(new Date((startsAt + 60) * 1000)),
    );
  });
});
