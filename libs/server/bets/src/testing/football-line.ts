import type { LineGame, LineMarket, LineModel } from '../line.port';

/**
 * A line of `games` football games (ids 1 … games) before kick-off, each with one open 1x2 market at 2.00 / 3.40 /
 * 3.80, outcomes `<id>:1x2:home|draw|away`: the line of the placement tests and of the bet placement benchmark.
 */
export function footballLine(games: number): LineModel {
  const byId = new Map<number, LineGame>();
  for (let id = 1; id <= games; id++) {
    const market: LineMarket = {
      id: `${id}:1x2`,
      status: 'open',
      outcomes: [
        { id: `${id}:1x2:home`, odds: 2, status: 'open' },
        { id: `${id}:1x2:draw`, odds: 3.4, status: 'open' },
        { id: `${id}:1x2:away`, odds: 3.8, status: 'open' },
      ],
    };
    byId.set(id, {
      game: { status: 'prematch', sportId: 1, home: { name: `Home ${id}` }, away: { name: `Away ${id}` } },
      markets: [market],
      outcomeById: new Map(market.outcomes.map((o) => [o.id, { market, outcome: o }])),
    });
  }
  return { games: byId, sports: new Map([[1, { id: 1, kind: 'regular' }]]) };
}
