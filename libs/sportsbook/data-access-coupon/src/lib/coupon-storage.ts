import {
  readStoredValue,
  removeStoredValue,
  writeStoredValue,
  type KeyValueStorage,
} from '@tessera/shared/data-access-brand';
import {
  BET_TYPES,
  FULL_COVER_BETS,
  type BetType,
  type CouponSelection,
  type FullCoverBetName,
} from '@tessera/sportsbook/util-coupon';
import { DEFAULT_COUPON_SETTINGS, type CouponState, type SelectionLabel } from './coupon-store';

/** The stored-preference key of the coupon (spec section 3: "coupon" is a stored preference). */
export const COUPON_STORAGE_KEY = 'coupon';

/**
 * How long a stored coupon lives after its last change: the spec's default expiry (section 9, 900000 ms). Every
 * change writes the coupon again, so the expiry slides; a coupon left alone longer is dropped on the next read,
 * because its prices are stale by then (ADR 0125).
 */
export const COUPON_TTL_MS = 900_000;

/** Writes the coupon with its expiry (value + expireDate), or removes it when empty. */
export function saveCoupon(
  storage: KeyValueStorage,
  state: CouponState,
  now: number = Date.now(),
  ttlMs: number = COUPON_TTL_MS,
): void {
  if (state.coupon.selections.length === 0) {
    removeStoredValue(storage, COUPON_STORAGE_KEY);
    return;
  }
  const { lastIssue: _lastIssue, ...kept } = state;
  writeStoredValue(storage, COUPON_STORAGE_KEY, kept, ttlMs, now);
}

/**
 * Reads the stored coupon in a currency. Expired entries are removed by the read (spec section 4); an entry that is
 * not a coupon reads as undefined and is removed too. A coupon in another currency (picked as a guest in the site's
 * currency, then logged in to an account in another) keeps its selections; only its stake, an amount in the old
 * currency, is cleared.
 */
export function loadCoupon(
  storage: KeyValueStorage,
  currency: string,
  now: number = Date.now(),
): CouponState | undefined {
  const value = readStoredValue<unknown>(storage, COUPON_STORAGE_KEY, now);
  if (value === undefined) return undefined;
  const state = parseCouponState(value);
  if (!state) {
    removeStoredValue(storage, COUPON_STORAGE_KEY);
    return undefined;
  }
  if (state.coupon.currency !== currency) return { ...state, coupon: { ...state.coupon, currency, stake: 0 } };
  return state;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSelection(value: unknown): value is CouponSelection {
  return (
    isRecord(value) &&
    typeof value['gameId'] === 'string' &&
    typeof value['marketId'] === 'string' &&
    typeof value['outcomeId'] === 'string' &&
    typeof value['odds'] === 'number' &&
    Number.isFinite(value['odds']) &&
    typeof value['blocked'] === 'boolean' &&
    typeof value['live'] === 'boolean' &&
    Number.isInteger(value['group'])
  );
}

function isLabel(value: unknown): value is SelectionLabel {
  return isRecord(value) && ['home', 'away', 'market', 'outcome'].every((key) => typeof value[key] === 'string');
}

/** Checks a stored value field by field: storage is input from outside (another tab, an older version, a person). */
function parseCouponState(value: unknown): CouponState | undefined {
  if (!isRecord(value) || !isRecord(value['coupon'])) return undefined;
  const coupon = value['coupon'];
  const selections = coupon['selections'];
  const betType = coupon['betType'];
  if (!Array.isArray(selections) || !selections.every(isSelection)) return undefined;
  if (typeof betType !== 'string' || !(BET_TYPES as readonly string[]).includes(betType)) return undefined;
  if (
    typeof coupon['stake'] !== 'number' ||
    typeof coupon['systemSize'] !== 'number' ||
    typeof coupon['currency'] !== 'string'
  )
    return undefined;
  const groupStakes = Array.isArray(coupon['groupStakes'])
    ? coupon['groupStakes'].filter((s): s is number => typeof s === 'number')
    : [];
  const labels = isRecord(value['labels'])
    ? Object.fromEntries(Object.entries(value['labels']).filter(([, l]) => isLabel(l)))
    : {};
  const settings = isRecord(value['settings']) ? value['settings'] : {};
  const checkCf = settings['checkCf'];
  return {
    coupon: {
      betType: betType as BetType,
      selections,
      stake: coupon['stake'],
      systemSize: coupon['systemSize'],
      ...(typeof coupon['fullCover'] === 'string' && coupon['fullCover'] in FULL_COVER_BETS
        ? { fullCover: coupon['fullCover'] as FullCoverBetName }
        : {}),
      groupStakes,
      currency: coupon['currency'],
    },
    labels: labels as Record<string, SelectionLabel>,
    settings: {
      checkCf: checkCf === 0 || checkCf === 1 || checkCf === 2 ? checkCf : DEFAULT_COUPON_SETTINGS.checkCf,
      oneClick: settings['oneClick'] === true,
      oneClickStake:
        typeof settings['oneClickStake'] === 'number'
          ? settings['oneClickStake']
          : DEFAULT_COUPON_SETTINGS.oneClickStake,
    },
    betTypeChosen: value['betTypeChosen'] === true,
    lastIssue: null,
  };
}
