/** Width of the statistic popup window (spec section 9). */
export const STATISTIC_WINDOW_WIDTH = 1024;

/** The parts of `window.screen` the sizing rule reads. */
export interface ScreenLike {
  width: number;
  height: number;
  availWidth?: number;
  availHeight?: number;
  /** Left edge of the usable area on multi-monitor set-ups (non-standard, present in most browsers). */
  availLeft?: number;
  availTop?: number;
}

/** Size and position of the popup window. */
export interface StatisticWindowRect {
  width: number;
  height: number;
  left: number;
  top: number;
}

/** Popup height by screen height: 984 above 1200 px, 780 above 1000 px, else 500 (spec section 2). */
export function statisticWindowHeight(screenHeight: number): number {
  if (screenHeight > 1200) return 984;
  if (screenHeight > 1000) return 780;
  return 500;
}

/** Width, height and the top-left corner that centre the popup on the usable screen area. */
export function statisticWindowRect(screen: ScreenLike): StatisticWindowRect {
  const width = STATISTIC_WINDOW_WIDTH;
  const height = statisticWindowHeight(screen.height);
  const areaWidth = screen.availWidth ?? screen.width;
  const areaHeight = screen.availHeight ?? screen.height;
  // Never place the window above or left of the usable area, even on a screen smaller than the popup.
  const left = (screen.availLeft ?? 0) + Math.max(0, Math.round((areaWidth - width) / 2));
  const top = (screen.availTop ?? 0) + Math.max(0, Math.round((areaHeight - height) / 2));
  return { width, height, left, top };
}

/** The `window.open` features string for a centred statistic popup. */
export function statisticWindowFeatures(screen: ScreenLike): string {
  const { width, height, left, top } = statisticWindowRect(screen);
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/** Window name shared by all statistic popups, so a second click reuses the open window instead of stacking them. */
export const STATISTIC_WINDOW_NAME = 'tessera-statistic';

/** The parts of `window` that opening a popup needs; injected so the call stays testable and SSR-safe. */
export interface WindowLike {
  screen: ScreenLike;
  open(url: string, target: string, features: string): unknown;
}

/** Opens a statistic link in the centred popup window; returns false when a blocker refused it (fall back to a modal). */
export function openStatisticWindow(url: string, win: WindowLike): boolean {
  const opened = win.open(url, STATISTIC_WINDOW_NAME, statisticWindowFeatures(win.screen));
  return opened !== null && opened !== undefined;
}
