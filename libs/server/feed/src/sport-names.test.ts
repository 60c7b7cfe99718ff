import { SPORTS } from '@tessera/server/feed-simulator';
import { platformDictionaries } from '@tessera/shared/util-i18n';
import { describe, expect, it } from 'vitest';
import { sportNamer } from './feed-answers';

describe('sport names of the feed answers', () => {
  it('come in the page language, from the sportsbook copy, for every sport and platform language', () => {
    for (const [language, dictionary] of Object.entries(platformDictionaries)) {
      const name = sportNamer(dictionary);
      for (const sport of SPORTS) {
        const key = sport.nameKey.slice(sport.nameKey.indexOf(':') + 1);
        expect(dictionary['sportsbook']?.[key], `${language} ${key}`).toBeTruthy();
        expect(name(sport)).toBe(dictionary['sportsbook']?.[key]);
      }
    }
  });

  it('are not English on Russian, German, Arabic and Persian pages', () => {
    const football = SPORTS.find((s) => s.id === 1);
    if (!football) throw new Error('the simulator has no football');
    expect(sportNamer(platformDictionaries.ru)(football)).toBe('Футбол');
    expect(sportNamer(platformDictionaries.de)(football)).toBe('Fußball');
    expect(sportNamer(platformDictionaries.ar)(football)).toBe('كرة القدم');
    expect(sportNamer(platformDictionaries.fa)(football)).toBe('فوتبال');
  });

  it("keep the feed's name where the dictionary has none", () => {
    const unknown = {
      id: 999,
      nameKey: 'feed:sport.sepakTakraw',
      name: 'Sepak takraw',
      kind: 'regular' as const,
      mainMarketType: '1x2',
    };
    expect(sportNamer({})(unknown)).toBe('Sepak takraw');
  });
});
