export { Button } from './lib/button';
export type { ButtonProps } from './lib/button';
export type { ButtonSize, ButtonVariant } from './lib/button-styles';
export { Link } from './lib/link';
export type { LinkProps } from './lib/link';
export { Modal } from './lib/modal';
export type { ModalProps } from './lib/modal';
export { NOTIFICATION_DURATION_MS, Notification, NotificationRegion } from './lib/notification';
export type { NotificationProps, NotificationRegionProps, NotificationType } from './lib/notification';
export { PRINT_ONLY_ATTRIBUTE, PRINTING_ATTRIBUTE, PrintRegion } from './lib/print-region';
export type { PrintRegionProps } from './lib/print-region';
export { ScrollToTop } from './lib/scroll-to-top';
export {
  INITIAL_SCROLL_TO_TOP,
  SCROLL_TO_TOP_BOTTOM_OFFSET,
  SCROLL_TO_TOP_SCREENS,
  SCROLL_TO_TOP_THROTTLE_MS,
  SCROLL_TO_TOP_TOP_OFFSET,
  nextScrollToTop,
} from './lib/scroll-to-top.state';
export type { ScrollMetrics, ScrollToTopState } from './lib/scroll-to-top.state';
export { Skeleton } from './lib/skeleton';
export type { SkeletonProps } from './lib/skeleton';
export { VisuallyHidden } from './lib/visually-hidden';
