/**
 * The key of a bet type's name (slip, printed slip and bets history alike) for a coupon of `selections` events: an express of 2 is a Double, of 3 a Treble, of more
 * an n-fold Accumulator (each language has its own words: "Zweierkombi", "Экспресс из 3"); a full-cover bet is named
 * by its kind (Trixie, Yankee, Lucky 15: util-coupon's FullCoverBetName); every other type keeps its one name. Values to pass with the key: `{ n }`.
 */
export function betTypeNameKey<T extends string, F extends string = never>(
  betType: T,
  selections: number,
  fullCover?: F,
):
  | `coupon:betType.${T}`
  | 'coupon:betType.double'
  | 'coupon:betType.treble'
  | 'coupon:betType.accumulator'
  | `coupon:betType.${F}` {
  if (betType === 'fullCover' && fullCover) return `coupon:betType.${fullCover}`;
  if (betType !== 'express' || selections < 2) return `coupon:betType.${betType}`;
  if (selections === 2) return 'coupon:betType.double';
  if (selections === 3) return 'coupon:betType.treble';
  return 'coupon:betType.accumulator';
}
