import type { CaptchaProvider, PuzzleAnswer, PuzzleChallenge } from './captcha.types';

/** The server side of the built-in puzzle: issues challenges and verifies answers. */
export interface PuzzleBackend {
  createChallenge(signal: AbortSignal): Promise<PuzzleChallenge>;
  /** Resolves with a token for a right answer, null for a wrong one. */
  verify(challengeId: string, answer: PuzzleAnswer, signal: AbortSignal): Promise<string | null>;
}

/** The built-in slider puzzle captcha: the page draws the widget (SliderPuzzle) and the backend judges the answer. */
export function createPuzzleCaptchaProvider(backend: PuzzleBackend): CaptchaProvider {
  return {
    kind: 'puzzle',
    load: (_config, signal) => backend.createChallenge(signal),
    // Nothing to run: the popup's SliderPuzzle sends captcha.answer to the machine.
    execute: () => () => undefined,
    verify: (challenge, answer, signal) => backend.verify(challenge.id, answer, signal),
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

/**
 * An in-browser puzzle backend for development, tests and demos (ADR 0045). It is not a security control:
 * the real backend issues and checks challenges on the server, where the gap position is not visible to scripts.
 */
export function createLocalPuzzleBackend(options: LocalPuzzleBackendOptions = {}): PuzzleBackend {
  const random = options.random ?? Math.random;
  const trackWidth = options.trackWidth ?? 280;
  const pieceWidth = options.pieceWidth ?? 40;
  const tolerance = options.tolerance ?? 4;
  const issued = new Map<string, PuzzleChallenge>();
  let counter = 0;
  return {
    async createChallenge() {
      counter += 1;
      // Keep the gap away from the start so an untouched slider never passes.
      const min = pieceWidth;
      const max = trackWidth - pieceWidth;
      const challenge = { id: `local-${counter}`, trackWidth, pieceWidth, gapX: Math.round(min + random() * (max - min)) };
      issued.set(challenge.id, challenge);
      return challenge;
    },
    async verify(challengeId, answer) {
      const challenge = issued.get(challengeId);
      issued.delete(challengeId);
      if (!challenge || Math.abs(answer.position - challenge.gapX) > tolerance) return null;
      return `local-puzzle.${challengeId}.${answer.trail.length}`;
    },
  };
}
