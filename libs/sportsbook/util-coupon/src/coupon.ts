import { maxEventsFor, type BetType, type CouponConfig } from './coupon-config';
import type { CouponIssue } from './coupon-issue';
import type { FullCoverBetName } from './full-cover';

/** One outcome picked from the line or live feed. */
export interface Selection {
  /** The game (match) the outcome belongs to: the one-per-game rule keys on it. */
  readonly gameId: string;
  /** The event (market) id within the game. */
  readonly marketId: string;
  /** The outcome picked within the market. */
  readonly outcomeId: string;
  /** Decimal price at the moment it was picked or last updated by the feed. */
  readonly odds: number;
  /** The market is suspended or blocked: the coupon cannot be placed while it is. */
  readonly blocked: boolean;
  /** The game is in play. */
  readonly live: boolean;
}

/** A selection inside a coupon, with the multi group it belongs to (0 unless the coupon is multi). */
export interface CouponSelection extends Selection {
  /** Index of the multi group (each group is its own express or single); 0 for every other bet type. */
  readonly group: number;
}

/** A bet slip: immutable; every operation returns a new coupon. */
export interface Coupon {
  /** How the selections are combined. */
  readonly betType: BetType;
  /** The picked outcomes, in the order they were added. */
  readonly selections: readonly CouponSelection[];
  /**
   * Stake typed by the bettor: per selection for singles, per line for a full-cover bet (a Yankee at 1.00 costs
   * 11.00), the whole bet for express, anti-express and system.
   */
  readonly stake: number;
  /** k of a k-of-n system (ignored for other bet types). */
  readonly systemSize: number;
  /** The named full-cover bet (bet type fullCover only). */
  readonly fullCover?: FullCoverBetName;
  /** Stake of each multi group, by group index (multi only). */
  readonly groupStakes: readonly number[];
  /** Currency code of the account the bet is paid from. */
  readonly currency: string;
}

/** The result of adding a selection: the new coupon, or the unchanged coupon and why it was refused. */
export type CouponChange =
  | { readonly ok: true; readonly coupon: Coupon; readonly replaced?: CouponSelection }
  | { readonly ok: false; readonly coupon: Coupon; readonly issue: CouponIssue };

/** Options of addSelection. */
export interface AddSelectionOptions {
  /** The multi group to add to; a new group when equal to the number of groups. 0 by default. */
  readonly group?: number;
  /** Event limits; spec section 9 defaults when absent. */
  readonly limits?: Pick<CouponConfig, 'maxEvents' | 'maxSystemEvents'>;
}

/** The stable key of a selection: game, market and outcome. */
export function selectionKey(selection: Pick<Selection, 'gameId' | 'marketId' | 'outcomeId'>): string {
  return `${selection.gameId}:${selection.marketId}:${selection.outcomeId}`;
}

/** A new, empty coupon (singles, no stake, a 2-of-n system size ready). */
export function createCoupon(init: Partial<Omit<Coupon, 'selections'>> & { readonly currency: string }): Coupon {
  return {
    betType: init.betType ?? 'single',
    selections: [],
    stake: init.stake ?? 0,
    systemSize: init.systemSize ?? 2,
    groupStakes: init.groupStakes ?? [],
    currency: init.currency,
  };
}

/**
 * Adds a selection. The same outcome again updates it in place; another outcome of a game already
 * in the coupon replaces that game's selection (one per game), except in a multi where the rule
 * holds per group. Refused, coupon unchanged, when the event limit for the bet type would be passed.
 */
export function addSelection(coupon: Coupon, selection: Selection, options: AddSelectionOptions = {}): CouponChange {
  const multi = coupon.betType === 'multi';
  const groupCount = countGroups(coupon);
  const group = multi ? (options.group ?? 0) : 0;
  if (!Number.isInteger(group) || group < 0 || group > groupCount) {
    throw new RangeError(`addSelection: group must be an integer from 0 to ${groupCount}, got ${group}`);
  }
  const entry: CouponSelection = { ...selection, group };
  const key = selectionKey(selection);
  const same = coupon.selections.findIndex((s) => selectionKey(s) === key && s.group === group);
  const sameGame = coupon.selections.findIndex((s) => s.gameId === selection.gameId && s.group === group);
  const index = same >= 0 ? same : sameGame;
  if (index >= 0) {
    const replaced = coupon.selections[index];
    const selections = coupon.selections.map((s, i) => (i === index ? entry : s));
    return replaced
      ? { ok: true, coupon: { ...coupon, selections }, replaced }
      : { ok: true, coupon: { ...coupon, selections } };
  }
  const limit = maxEventsFor(coupon.betType, options.limits);
  if (coupon.selections.length >= limit) {
    return {
      ok: false,
      coupon,
      issue: {
        code: 'too_many_events',
        message: `A ${coupon.betType} coupon holds at most ${limit} events`,
        limit,
      },
    };
  }
  const groupStakes =
    multi && group === groupCount ? [...coupon.groupStakes.slice(0, groupCount), coupon.stake] : coupon.groupStakes;
  return { ok: true, coupon: { ...coupon, selections: [...coupon.selections, entry], groupStakes } };
}

/**
 * Updates a selection already in the coupon with fresh data from the feed (price, blocked, live),
 * found by its key; the coupon is returned unchanged when it is not there.
 */
export function replaceSelection(coupon: Coupon, selection: Selection): Coupon {
  const key = selectionKey(selection);
  if (!coupon.selections.some((s) => selectionKey(s) === key)) return coupon;
  return {
    ...coupon,
    selections: coupon.selections.map((s) => (selectionKey(s) === key ? { ...selection, group: s.group } : s)),
  };
}

/** Removes a selection by key, from one multi group when given, else from every group; empty multi groups close up. */
export function removeSelection(coupon: Coupon, key: string, group?: number): Coupon {
  const selections = coupon.selections.filter(
    (s) => selectionKey(s) !== key || (group !== undefined && s.group !== group),
  );
  if (selections.length === coupon.selections.length) return coupon;
  return compactGroups({ ...coupon, selections });
}

/** Adds the selection when absent, removes it when present: what a click on an odds button does. */
export function toggleSelection(coupon: Coupon, selection: Selection, options: AddSelectionOptions = {}): CouponChange {
  const key = selectionKey(selection);
  const group = coupon.betType === 'multi' ? (options.group ?? 0) : 0;
  if (coupon.selections.some((s) => selectionKey(s) === key && s.group === group)) {
    return { ok: true, coupon: removeSelection(coupon, key, group) };
  }
  return addSelection(coupon, selection, options);
}

/** Empties the coupon, keeping its bet type, stake and currency. */
export function clearCoupon(coupon: Coupon): Coupon {
  return { ...coupon, selections: [], groupStakes: [] };
}

/**
 * Changes the bet type. Leaving multi puts every selection back in one group (duplicated games are
 * then reported by validateCoupon); entering multi starts with one group at the coupon's stake.
 */
export function setBetType(coupon: Coupon, betType: BetType): Coupon {
  if (betType === coupon.betType) return coupon;
  if (betType === 'multi') {
    return { ...coupon, betType, groupStakes: coupon.selections.length > 0 ? [coupon.stake] : [] };
  }
  return { ...coupon, betType, selections: coupon.selections.map((s) => ({ ...s, group: 0 })), groupStakes: [] };
}

/** Sets the stake (see Coupon.stake for what it means per bet type). */
export function setStake(coupon: Coupon, stake: number): Coupon {
  return { ...coupon, stake };
}

/** Sets the stake of one multi group. */
export function setGroupStake(coupon: Coupon, group: number, stake: number): Coupon {
  if (!Number.isInteger(group) || group < 0 || group >= countGroups(coupon)) {
    throw new RangeError(`setGroupStake: no group ${group}`);
  }
  return { ...coupon, groupStakes: coupon.groupStakes.map((s, i) => (i === group ? stake : s)) };
}

/** Makes the coupon the named full-cover bet (Trixie, Yankee, Lucky 15, ...): one group, the stake per line. */
export function setFullCover(coupon: Coupon, fullCover: FullCoverBetName): Coupon {
  const single = setBetType(coupon, 'fullCover');
  return single.fullCover === fullCover ? single : { ...single, fullCover };
}

/** Sets k of a k-of-n system. */
export function setSystemSize(coupon: Coupon, systemSize: number): Coupon {
  return { ...coupon, systemSize };
}

/** The selections of each multi group, by group index (one group holding everything for other bet types). */
export function couponGroups(coupon: Coupon): readonly (readonly CouponSelection[])[] {
  const groups: CouponSelection[][] = [];
  for (const s of coupon.selections) (groups[s.group] ??= []).push(s);
  return groups.map((g) => g ?? []);
}

/** The bet type a coupon of n selections starts as: single for one, express for more. */
export function suggestedBetType(selectionCount: number): BetType {
  return selectionCount > 1 ? 'express' : 'single';
}

function countGroups(coupon: Coupon): number {
  return coupon.selections.reduce((count, s) => Math.max(count, s.group + 1), 0);
}

function compactGroups(coupon: Coupon): Coupon {
  if (coupon.betType !== 'multi') return coupon;
  const used = [...new Set(coupon.selections.map((s) => s.group))].sort((a, b) => a - b);
  const renumber = new Map(used.map((group, index) => [group, index]));
  return {
    ...coupon,
    selections: coupon.selections.map((s) => ({ ...s, group: renumber.get(s.group) ?? 0 })),
    groupStakes: used.map((group) => coupon.groupStakes[group] ?? coupon.stake),
  };
}
