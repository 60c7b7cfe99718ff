import { describe, expect, it } from 'vitest';
import { formatStart } from './line-game-row';

const options = { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
const startsAt = 1_795_000_000;

describe('formatStart', () => {
  it('writes day and time in the page language, the same on every call', () => {
    const en = new Intl.DateTimeFormat('en', options).format(new Date(startsAt * 1000));
    expect(formatStart(startsAt, 'en')).toBe(en);
    expect(formatStart(startsAt, 'en')).toBe(en);
  });

  it('keeps languages apart', () => {
    const de = new Intl.DateTimeFormat('de', options).format(new Date(startsAt * 1000));
    formatStart(startsAt, 'en');
    expect(formatStart(startsAt, 'de')).toBe(de);
    expect(formatStart(startsAt + 900, 'de')).toBe(
      new Intl.DateTimeFormat('de', options).format(new Date((startsAt + 900) * 1000)),
    );
  });
});
