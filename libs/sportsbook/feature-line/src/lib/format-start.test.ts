import { createSiteFormat } from '@tessera/shared/util-format';
import { describe, expect, it } from 'vitest';
import { formatStart } from './line-game-row';

// 2026-11-18T11:06:40Z
const startsAt = 1_795_000_000;
const london = { timezone: 'Europe/London' };

describe('formatStart', () => {
  it("writes day and month in the page language and the time in the brand's timeFormat and zone", () => {
    expect(formatStart(startsAt, 'en', createSiteFormat(london, 'en'), 'HH:mm')).toBe('18 Nov 11:06');
    expect(formatStart(startsAt, 'en', createSiteFormat(london, 'en'), 'HH:mm')).toBe('18 Nov 11:06');
  });

  it('keeps languages apart', () => {
    const berlin = createSiteFormat({ timezone: 'Europe/Berlin' }, 'de');
    expect(formatStart(startsAt, 'de', berlin, 'HH:mm')).toBe('18 Nov. 12:06');
    expect(formatStart(startsAt + 900, 'de', berlin, 'HH:mm')).toBe('18 Nov. 12:21');
  });

  it("keeps brands apart: the server renders them all, each start in its own brand's zone and time format", () => {
    expect(formatStart(startsAt, 'en', createSiteFormat(london, 'en'), 'HH:mm')).toBe('18 Nov 11:06');
    expect(formatStart(startsAt, 'en', createSiteFormat({ timezone: 'Asia/Dubai' }, 'en'), 'HH:mm')).toBe(
      '18 Nov 15:06',
    );
    expect(formatStart(startsAt, 'en', createSiteFormat({ timezone: 'UTC' }, 'en'), 'hh:mm a')).toBe('18 Nov 11:06 AM');
  });
});
