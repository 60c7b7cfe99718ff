/**
 * How a slot's spins are paced and shown on this site (`modules.casino.slots`, sent by the launch as `rules.play`):
 * the shortest time between spin starts (the server refuses a sooner one), whether autoplay and turbo / quick stop
 * are offered, and whether a win not larger than the stake is celebrated.
 */
export interface SlotPlay {
  /** Shortest time from one spin to the next, milliseconds (0: none). */
  minSpinMs: number;
  autoplay: boolean;
  turbo: boolean;
  celebrateWinsBelowStake: boolean;
  /** Largest stake of a spin per currency, minor units (DEGGL-SLOT-2: EUR 100); a currency not listed has none. */
  maxStakeMinor: Readonly<Record<string, number>>;
}

/** How long the reels turn before the result shows, milliseconds: normal and turbo. */
export const REEL_SPIN_MS = 900;
export const TURBO_SPIN_MS = 250;
/** The spins an autoplay can be set to. */
export const AUTOPLAY_COUNTS = [10, 20, 50, 100] as const;
/** The pause autoplay leaves after a result before the next spin, milliseconds (on top of the minimum). */
export const AUTOPLAY_PAUSE_MS = 300;

/**
 * The settings of a launch's `rules.play`. A missing setting is the strict reading: autoplay and turbo are offered only
 * when the site says true, and a small win is celebrated only when the site says true.
 */
export function slotPlayOf(rules: Record<string, unknown>): SlotPlay {
  const play = (rules['play'] ?? {}) as Partial<Record<keyof SlotPlay | 'minSpinSeconds' | 'maxStake', unknown>>;
  const maxStake = typeof play.maxStake === 'object' && play.maxStake !== null ? play.maxStake : {};
  const maxStakeMinor = Object.fromEntries(
    Object.entries(maxStake as Record<string, unknown>)
      .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
      .map(([currency, major]) => [currency, Math.round(major * 100)]),
  );
  const seconds = typeof play.minSpinSeconds === 'number' && play.minSpinSeconds > 0 ? play.minSpinSeconds : 0;
  return {
    minSpinMs: Math.round(seconds * 1000),
    autoplay: play.autoplay === true,
    turbo: play.turbo === true,
    celebrateWinsBelowStake: play.celebrateWinsBelowStake === true,
    maxStakeMinor,
  };
}

/**
 * When the next spin may start. The server counts the minimum from the start of the previous spin as it stored it,
 * which lies between the click and the answer: counting from the answer, the page never sends a spin the server would
 * refuse as too soon. The reels' own turn is the floor when there is no minimum.
 */
export function nextSpinAt(
  spin: { startedAt: number; answeredAt: number; revealMs: number },
  minSpinMs: number,
): number {
  return Math.max(spin.startedAt + spin.revealMs, minSpinMs > 0 ? spin.answeredAt + minSpinMs : spin.answeredAt);
}

/** Whether a result is celebrated as a win: always above the stake; at or below it only where the site allows. */
export function celebrates(win: number, stake: number, play: Pick<SlotPlay, 'celebrateWinsBelowStake'>): boolean {
  if (win <= 0) return false;
  return win > stake || play.celebrateWinsBelowStake;
}
