export { CouponPanel } from './lib/coupon-panel';
export type { CouponPanelProps } from './lib/coupon-panel';
export { CouponBody } from './lib/coupon-body';
export type { CouponBodyProps } from './lib/coupon-body';
export { useCouponPlacement } from './lib/use-coupon-placement';
export type { CouponPlacement, CouponPlacementOptions } from './lib/use-coupon-placement';
export { parseAmount } from './lib/stake-input';
