import {
  isAltchaChallenge,
  type AltchaChallenge,
  type CaptchaProvider,
  type PuzzleAnswer,
  type PuzzleChallenge,
} from './captcha.types';

/** The server side of the built-in puzzle: issues challenges and verifies answers. */
export interface PuzzleBackend {
  createChallenge(signal: AbortSignal): Promise<PuzzleChallenge>;
  /** Resolves with a token for a right answer, null for a wrong one. */
  verify(challengeId: string, answer: PuzzleAnswer, signal: AbortSignal): Promise<string | null>;
}

/** The server side of the built-in ALTCHA check (ADR 0210): issues proof-of-work challenges and judges payloads. */
export interface AltchaBackend {
  createChallenge(signal: AbortSignal): Promise<AltchaChallenge>;
  /** Resolves with a token for a payload the server accepts, null for one it refuses. */
  verify(payload: string, signal: AbortSignal): Promise<string | null>;
}

/**
 * The built-in ALTCHA check as a brand's captcha (`altcha`, and the platform's stand-in for hCaptcha or reCAPTCHA
 * without their secret): the page draws the widget (AltchaCheck), which solves the challenge without a puzzle.
 */
export function createAltchaCaptchaProvider(backend: AltchaBackend): CaptchaProvider {
  return {
    kind: 'altcha',
    load: (_config, signal) => backend.createChallenge(signal),
    execute: () => () => undefined,
    verify: async (_challenge, answer, signal) => ('payload' in answer ? backend.verify(answer.payload, signal) : null),
  };
}

/**
 * The built-in slider puzzle captcha: the page draws the widget (SliderPuzzle) and the backend judges the answer.
 * With an ALTCHA backend the popup offers the ALTCHA check as the puzzle's accessible path (ADR 0210).
 */
export function createPuzzleCaptchaProvider(backend: PuzzleBackend, altcha?: AltchaBackend): CaptchaProvider {
  return {
    kind: 'puzzle',
    load: (_config, signal) => backend.createChallenge(signal),
    ...(altcha ? { loadAltcha: (_config: unknown, signal: AbortSignal) => altcha.createChallenge(signal) } : {}),
    // Nothing to run: the popup's SliderPuzzle (or AltchaCheck) sends captcha.answer to the machine.
    execute: () => () => undefined,
    verify: async (challenge, answer, signal) => {
      if (isAltchaChallenge(challenge))
        return altcha && 'payload' in answer ? altcha.verify(answer.payload, signal) : null;
      return 'position' in answer ? backend.verify(challenge.id, answer, signal) : null;
    },
  };
}

/** Options of createLocalPuzzleBackend. */
export interface LocalPuzzleBackendOptions {
  /** Random numbers in [0, 1); injectable for tests. */
  random?: () => number;
  trackWidth?: number;
  pieceWidth?: number;
  /** Pixels the answer may miss the gap by; default 4. */
  tolerance?: number;
}

/** The local backend, which also tells tests where a challenge's gap is. */
export interface LocalPuzzleBackend extends PuzzleBackend {
  /** Where the gap of an issued, unanswered challenge starts. */
  gapOf(challengeId: string): number | undefined;
}

/** An SVG of the track with its gap, for the local backend only (the server draws a PNG without the position as text). */
function localTrackImage(trackWidth: number, pieceWidth: number, gapX: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${trackWidth}" height="48">` +
    `<rect x="${gapX}" y="4" width="${pieceWidth}" height="40" rx="6" fill="none" stroke="black" stroke-width="2" stroke-dasharray="4"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * An in-browser puzzle backend for component tests and demos (data-access-captcha README, "One machine, pluggable providers"). It is not a security control: its answers
 * are in the page. The site uses {@link createServerPuzzleBackend}, whose challenges are judged on the server (ADR 0160).
 */
export function createLocalPuzzleBackend(options: LocalPuzzleBackendOptions = {}): LocalPuzzleBackend {
  const random = options.random ?? Math.random;
  const trackWidth = options.trackWidth ?? 280;
  const pieceWidth = options.pieceWidth ?? 40;
  const tolerance = options.tolerance ?? 4;
  const issued = new Map<string, number>();
  let counter = 0;
  return {
    async createChallenge() {
      counter += 1;
      // Keep the gap away from the start so an untouched slider never passes.
      const min = pieceWidth;
      const max = trackWidth - pieceWidth;
      const gapX = Math.round(min + random() * (max - min));
      const id = `local-${counter}`;
      issued.set(id, gapX);
      return { id, trackWidth, pieceWidth, image: localTrackImage(trackWidth, pieceWidth, gapX) };
    },
    async verify(challengeId, answer) {
      const gapX = issued.get(challengeId);
      issued.delete(challengeId);
      if (gapX === undefined || Math.abs(answer.position - gapX) > tolerance) return null;
      return `local-puzzle.${challengeId}.${answer.trail.length}`;
    },
    gapOf: (challengeId) => issued.get(challengeId),
  };
}
