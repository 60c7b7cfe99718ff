/**
 * Checked access for places where the simulator's own invariants guarantee a value: a broken invariant fails
 * loudly with a message instead of spreading `undefined`.
 */
import type { Game, LiveState } from './model';

/** The element at `index`; throws if there is none. */
export function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`No element at index ${index} of ${list.length}`);
  return value;
}

/** The live state of a game that has started; throws for a game that has not. */
export function liveOf(game: Game): LiveState {
  if (!game.live) throw new Error(`Game ${game.id} has no live state`);
  return game.live;
}
