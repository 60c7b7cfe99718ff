import { casinoDictionaries, PLATFORM_LANGUAGES } from '@tessera/shared/util-i18n';
import { describe, expect, it } from 'vitest';
import { BLACKJACK_ACTIONS } from './blackjack';
import { FairRandom } from './fair-random';
import { GameInputError } from './game-input-error';
import { blackjack, CASINO_GAMES, crash, europeanRoulette, SLOTS } from './games';
import { ROULETTE_PAYOUTS } from './roulette';

const key = (full: string) => full.replace(/^casino:/, '');

describe('the in-house games', () => {
  it('are two slots, European roulette, blackjack and crash', () => {
    expect([...CASINO_GAMES.keys()]).toEqual([
      'aurora-gems',
      'harbour-fruits',
      'european-roulette',
      'crash',
      'blackjack',
    ]);
  });

  it('publish their RTP and largest win for the help text', () => {
    expect(
      Object.fromEntries(
        [...CASINO_GAMES.values()].map((g) => [
          g.info.id,
          [g.info.rtpPercent, g.info.rtpSource, g.info.maxWinMultiple],
        ]),
      ),
    ).toEqual(PUBLISHED);
  });

  it.each(PLATFORM_LANGUAGES)('have names, help, symbols, bets and decisions in %s', (lng) => {
    const casino = casinoDictionaries[lng]['casino'] ?? {};
    for (const game of CASINO_GAMES.values()) {
      expect(casino[key(game.info.nameKey)], `${lng} ${game.info.nameKey}`).toBeTruthy();
      expect(casino[key(game.info.helpKey)], `${lng} ${game.info.helpKey}`).toContain('{{rtp}}');
      expect(casino[key(game.info.helpKey)], `${lng} ${game.info.helpKey}`).toContain('{{maxWin}}');
    }
    for (const game of SLOTS) {
      const stem = key(game.info.nameKey).replace(/^games\.(.*)\.name$/, '$1');
      for (const symbol of game.slot.symbols)
        expect(casino[`symbols.${stem}.${symbol}`], `${lng} ${symbol}`).toBeTruthy();
    }
    for (const type of Object.keys(ROULETTE_PAYOUTS)) expect(casino[`bets.${type}`], `${lng} ${type}`).toBeTruthy();
    for (const action of BLACKJACK_ACTIONS) expect(casino[`actions.${action}`], `${lng} ${action}`).toBeTruthy();
  });

  it('check bets strictly and store them normalised', () => {
    expect(SLOTS[0]?.check({ stake: 200 })).toEqual({
      stake: 200,
      maxWin: 200 * (SLOTS[0]?.info.maxWinMultiple ?? 0),
      bet: { stake: 200 },
    });
    expect(() => SLOTS[0]?.check({ stake: 201 })).toThrow(GameInputError);
    expect(() => SLOTS[0]?.check({ stake: 200, lines: 20 })).toThrow('bet.lines is not a known property');
    expect(crash.check({ stake: 100, target: 250 })).toEqual({
      stake: 100,
      maxWin: 250,
      bet: { stake: 100, target: 250 },
    });
    expect(
      europeanRoulette.check({
        bets: [
          { type: 'red', amount: 50 },
          { type: 'straight', numbers: [7], amount: 10 },
        ],
      }),
    ).toMatchObject({ stake: 60, maxWin: 460 });
    expect(() => blackjack.check({ stake: 101 })).toThrow('stake must be a positive even integer');
  });

  it('play a stored bet to the same result from the same seeds', () => {
    const random = () => new FairRandom({ serverSeed: '2'.repeat(64), clientSeed: 'same', nonce: 9 });
    for (const game of [SLOTS[0], SLOTS[1], europeanRoulette, crash]) {
      if (!game) continue;
      const bet =
        game === europeanRoulette
          ? { bets: [{ type: 'odd', amount: 20 }] }
          : game === crash
            ? { stake: 100, target: 150 }
            : { stake: 20 };
      const checked = game.check(bet);
      expect(game.play(random(), checked.bet)).toEqual(game.play(random(), checked.bet));
    }
    expect(blackjack.replay(random(), { stake: 2 }, [])).toEqual(blackjack.replay(random(), { stake: 2 }, []));
  });
});

const PUBLISHED = {
  'aurora-gems': ['96.48', 'exact', 63_550],
  'harbour-fruits': ['95.56', 'exact', 35_650],
  'european-roulette': ['97.30', 'exact', 36],
  crash: ['97.00', 'exact', 1000],
  blackjack: ['99.59', 'published', 16],
};
