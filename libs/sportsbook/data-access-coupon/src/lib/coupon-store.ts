import {
  addSelection,
  clearCoupon,
  createCoupon,
  removeSelection,
  replaceSelection,
  selectionKey,
  setBetType,
  setGroupStake,
  setStake,
  setSystemSize,
  setFullCover,
  FULL_COVER_BETS,
  suggestedBetType,
  toggleSelection,
  type BetType,
  type Coupon,
  type CouponConfig,
  type CouponIssue,
  type FullCoverBetName,
  type Selection,
} from '@tessera/sportsbook/util-coupon';
import { CHECK_CF, type CheckCf } from './bet-placement.types';

/** What the coupon shows of a selection besides the maths: teams, market and outcome names. */
export interface SelectionLabel {
  /** Home team or player. */
  home: string;
  /** Away team or player. */
  away: string;
  /** Market name as shown on the odds button. */
  market: string;
  /** Outcome label as shown on the odds button (1, X, Over 2.5). */
  outcome: string;
}

/** A pick offered by an odds button: the selection and its labels. */
export interface CouponPick {
  selection: Selection;
  label: SelectionLabel;
}

/** The bettor's coupon settings (spec: coupon settings are a stored preference). */
export interface CouponSettings {
  /** Odds-change policy sent as CheckCf (README, "CheckCf"). */
  checkCf: CheckCf;
  /** One-click betting switched on by the bettor (only offered where the brand allows it). */
  oneClick: boolean;
  /** Stake of a one-click bet. */
  oneClickStake: number;
}

/** Everything the coupon keeps: the coupon of util-coupon, the labels by selection key, the settings. */
export interface CouponState {
  coupon: Coupon;
  labels: Readonly<Record<string, SelectionLabel>>;
  settings: CouponSettings;
  /** Whether the bettor chose the bet type (else it follows the number of selections: single, then express). */
  betTypeChosen: boolean;
  /** Why the last add was refused (too many events); cleared by the next change. */
  lastIssue: CouponIssue | null;
  /**
   * Prices that moved since the bettor last saw them accepted, by outcome id: the price before the first move. The slip
   * marks these up or down until the bettor accepts the changes (not stored across page loads).
   */
  oddsChanges?: Readonly<Record<string, number>>;
}

/** Default coupon settings: ask on every odds change (spec CheckCf default 0), one-click off. */
export const DEFAULT_COUPON_SETTINGS: CouponSettings = { checkCf: CHECK_CF.none, oneClick: false, oneClickStake: 0 };

/** An empty coupon state in a currency. */
export function emptyCouponState(currency: string): CouponState {
  return {
    coupon: createCoupon({ currency }),
    labels: {},
    settings: DEFAULT_COUPON_SETTINGS,
    betTypeChosen: false,
    lastIssue: null,
  };
}

/** A feed update of one selection already in the coupon. */
export interface SelectionUpdate {
  outcomeId: string;
  odds?: number;
  blocked?: boolean;
}

type Listener = () => void;

/**
 * The coupon as a small external store: immutable states from util-coupon's operations, listeners called after each
 * change, and an optional `onChange` (the provider persists there). React reads it with useSyncExternalStore.
 */
export class CouponStore {
  private state: CouponState;
  private readonly listeners = new Set<Listener>();
  private oneClick: ((pick: CouponPick) => void) | undefined;

  constructor(
    initial: CouponState,
    private readonly config: CouponConfig,
    private readonly onChange?: (state: CouponState) => void,
  ) {
    this.state = initial;
  }

  /** The current state (the same object until something changes). */
  getState = (): CouponState => this.state;

  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether the outcome is in the coupon. */
  has(pick: Pick<Selection, 'gameId' | 'marketId' | 'outcomeId'>): boolean {
    const key = selectionKey(pick);
    return this.state.coupon.selections.some((s) => selectionKey(s) === key);
  }

  /**
   * Routes odds clicks to a one-click placement instead of the coupon while set (the panel sets it when the bettor
   * switched one-click betting on); `undefined` restores normal clicks.
   */
  setOneClickHandler(handler: ((pick: CouponPick) => void) | undefined): void {
    this.oneClick = handler;
  }

  /** What a click on an odds button does: adds the pick (replacing another outcome of the same game) or removes it. */
  toggle(pick: CouponPick): void {
    if (this.oneClick) {
      this.oneClick(pick);
      return;
    }
    const change = toggleSelection(this.state.coupon, pick.selection, { limits: this.config });
    if (!change.ok) {
      this.set({ ...this.state, lastIssue: change.issue });
      return;
    }
    const labels = { ...this.state.labels, [selectionKey(pick.selection)]: pick.label };
    this.commit(change.coupon, labels);
  }

  /** Adds a pick (kept when already there). */
  add(pick: CouponPick): void {
    const change = addSelection(this.state.coupon, pick.selection, { limits: this.config });
    if (!change.ok) {
      this.set({ ...this.state, lastIssue: change.issue });
      return;
    }
    this.commit(change.coupon, { ...this.state.labels, [selectionKey(pick.selection)]: pick.label });
  }

  /** Removes a selection by key. */
  remove(key: string): void {
    this.commit(removeSelection(this.state.coupon, key), this.state.labels);
  }

  /** Empties the coupon (after a placed bet, or by the bettor). */
  clear(): void {
    this.set({
      ...this.state,
      coupon: clearCoupon(this.state.coupon),
      labels: {},
      oddsChanges: {},
      betTypeChosen: false,
      lastIssue: null,
    });
  }

  /** The bettor picks a bet type. */
  setBetType(betType: BetType): void {
    this.set({ ...this.state, coupon: setBetType(this.state.coupon, betType), betTypeChosen: true, lastIssue: null });
  }

  /** Moves a selection of a multi bet to another coupon (group); a group index past the last opens a new coupon. */
  moveToGroup(key: string, group: number): void {
    const current = this.state.coupon.selections.find((s) => selectionKey(s) === key);
    if (!current || current.group === group) return;
    const without = removeSelection(this.state.coupon, key, current.group);
    const groups = without.selections.reduce((count, s) => Math.max(count, s.group + 1), 0);
    const { group: _old, ...selection } = current;
    const change = addSelection(without, selection, {
      group: Math.min(Math.max(group, 0), groups),
      limits: this.config,
    });
    if (change.ok) this.set({ ...this.state, coupon: change.coupon, lastIssue: null });
    else this.set({ ...this.state, lastIssue: change.issue });
  }

  /** The stake typed by the bettor. */
  setStake(stake: number): void {
    this.set({ ...this.state, coupon: setStake(this.state.coupon, stake), lastIssue: null });
  }

  /** The stake of a multi group. */
  setGroupStake(group: number, stake: number): void {
    this.set({ ...this.state, coupon: setGroupStake(this.state.coupon, group, stake) });
  }

  /** The bettor picks a named full-cover bet (Trixie, Yankee, ...): the stake becomes per line. */
  setFullCover(name: FullCoverBetName): void {
    this.set({ ...this.state, coupon: setFullCover(this.state.coupon, name), betTypeChosen: true, lastIssue: null });
  }

  /** k of a k-of-n system. */
  setSystemSize(size: number): void {
    this.set({ ...this.state, coupon: setSystemSize(this.state.coupon, size) });
  }

  /** Changes the bettor's settings. */
  setSettings(settings: Partial<CouponSettings>): void {
    this.set({ ...this.state, settings: { ...this.state.settings, ...settings } });
  }

  /**
   * Applies feed changes (new prices, suspensions) to the selections they concern; unknown outcomes are ignored. A moved
   * price is remembered against the one the bettor accepted (a price that moves back is no longer a change).
   */
  update(updates: readonly SelectionUpdate[]): void {
    let coupon = this.state.coupon;
    const changes: Record<string, number> = { ...this.state.oddsChanges };
    for (const update of updates) {
      const current = coupon.selections.find((s) => s.outcomeId === update.outcomeId);
      if (!current) continue;
      const next: Selection = {
        gameId: current.gameId,
        marketId: current.marketId,
        outcomeId: current.outcomeId,
        odds: update.odds ?? current.odds,
        blocked: update.blocked ?? current.blocked,
        live: current.live,
      };
      if (next.odds !== current.odds) {
        const accepted = changes[current.outcomeId] ?? current.odds;
        if (next.odds === accepted) delete changes[current.outcomeId];
        else changes[current.outcomeId] = accepted;
      }
      if (next.odds !== current.odds || next.blocked !== current.blocked) coupon = replaceSelection(coupon, next);
    }
    if (coupon !== this.state.coupon) this.set({ ...this.state, coupon, oddsChanges: changes });
  }

  /** The bettor accepts the prices as they are now: the slip stops marking them as changed. */
  acceptChanges(): void {
    if (Object.keys(this.state.oddsChanges ?? {}).length === 0) return;
    this.set({ ...this.state, oddsChanges: {} });
  }

  /** Removes every suspended selection (the bettor's way on when a market will not reopen). */
  removeSuspended(): void {
    const blocked = this.state.coupon.selections.filter((s) => s.blocked);
    if (blocked.length === 0) return;
    let coupon = this.state.coupon;
    for (const s of blocked) coupon = removeSelection(coupon, selectionKey(s), s.group);
    this.commit(coupon, this.state.labels);
  }

  /** Replaces the whole state (a coupon loaded by code). */
  replace(state: CouponState): void {
    this.set(state);
  }

  private commit(coupon: Coupon, labels: Readonly<Record<string, SelectionLabel>>): void {
    const keys = new Set(coupon.selections.map(selectionKey));
    const kept = Object.fromEntries(Object.entries(labels).filter(([key]) => keys.has(key)));
    const outcomes = new Set(coupon.selections.map((s) => s.outcomeId));
    const changes = Object.fromEntries(Object.entries(this.state.oddsChanges ?? {}).filter(([id]) => outcomes.has(id)));
    // Until the bettor chooses, one selection is a single and more make an express (the usual slip behaviour). A full
    // cover that no longer has its number of selections (a Trixie given a fourth) is no choice any more.
    const named = coupon.betType === 'fullCover' && coupon.fullCover ? FULL_COVER_BETS[coupon.fullCover] : undefined;
    const chosen =
      this.state.betTypeChosen && !(coupon.betType === 'fullCover' && named?.selections !== coupon.selections.length);
    const betType = chosen ? coupon.betType : suggestedBetType(coupon.selections.length);
    const typed = coupon.selections.length === 0 ? coupon : setBetType(coupon, betType);
    this.set({
      ...this.state,
      coupon: typed,
      labels: kept,
      oddsChanges: changes,
      betTypeChosen: coupon.selections.length === 0 ? false : chosen,
      lastIssue: null,
    });
  }

  private set(state: CouponState): void {
    this.state = state;
    this.onChange?.(state);
    for (const listener of this.listeners) listener();
  }
}
