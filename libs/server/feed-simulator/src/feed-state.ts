/**
 * Applying feed deltas to a snapshot: the reference consumer of the `FeedProvider` contract, used by read models
 * (and by the tests that prove the deltas are complete).
 */
import type { FeedProviderMarket } from '@tessera/shared/contract-api';
import type { FeedEvent, FeedSnapshot } from './feed-provider';

function findMarket(state: FeedSnapshot, gameId: number, marketId: string): FeedProviderMarket | undefined {
  return state.markets[gameId]?.find((m) => m.id === marketId);
}

/** Applies one event to a snapshot in place; events at or below the snapshot's `seq` are ignored. */
export function applyFeedEvent(state: FeedSnapshot, event: FeedEvent): void {
  if (event.seq <= state.seq) return;
  state.seq = event.seq;
  state.at = Math.max(state.at, event.at);
  const game = state.games.find((g) => g.id === event.gameId);
  switch (event.type) {
    case 'game.added':
      state.games.push(structuredClone(event.game));
      state.markets[event.gameId] = structuredClone(event.markets);
      return;
    case 'game.started':
      if (!game) return;
      game.status = 'live';
      game.live = structuredClone(event.live);
      return;
    case 'odds.changed': {
      const outcome = findMarket(state, event.gameId, event.marketId)?.outcomes.find((o) => o.id === event.outcomeId);
      if (outcome) outcome.odds = event.newOdds;
      return;
    }
    case 'market.suspended': {
      const market = findMarket(state, event.gameId, event.marketId);
      if (!market) return;
      market.status = 'suspended';
      market.suspendReason = event.reason;
      for (const o of market.outcomes) o.status = 'suspended';
      return;
    }
    case 'market.resumed': {
      const market = findMarket(state, event.gameId, event.marketId);
      if (!market) return;
      market.status = 'open';
      delete market.suspendReason;
      for (const o of market.outcomes) o.status = 'open';
      return;
    }
    case 'score.changed':
      if (!game?.live) return;
      game.live.period = event.period;
      game.live.score = { ...event.score };
      game.live.periodScores = event.periodScores.map((s) => ({ ...s }));
      return;
    case 'clock.tick':
      if (!game?.live) return;
      game.live.period = event.period;
      game.live.clockSeconds = event.clockSeconds;
      game.live.clockRunning = event.clockRunning;
      while (game.live.periodScores.length < event.period) game.live.periodScores.push({ home: 0, away: 0 });
      return;
    case 'game.finished':
    case 'game.cancelled':
      if (!game) return;
      game.status = event.result.status;
      if (game.live) game.live.clockRunning = false;
      for (const market of state.markets[event.gameId] ?? []) {
        market.status = 'settled';
        delete market.suspendReason;
        for (const o of market.outcomes) {
          o.status = 'settled';
          const result = event.result.outcomes[o.id];
          if (result) o.result = result;
        }
      }
      return;
    case 'game.removed':
      state.games = state.games.filter((g) => g.id !== event.gameId);
      delete state.markets[event.gameId];
      return;
  }
}
