import type { CaptchaConfig, CaptchaProvider, PuzzleAnswer, PuzzleChallenge, TextAnswer, TextChallenge } from './captcha.types';

/** The server side of the built-in puzzle: issues challenges and verifies answers. */
export interface PuzzleBackend {
  createChallenge(signal: AbortSignal): Promise<PuzzleChallenge>;
  /** Issues the puzzle's text question in a language (ADR 0176); absent when the backend has none. */
  createTextChallenge?(lng: string | undefined, signal: AbortSignal): Promise<TextChallenge>;
  /** Resolves with a token for a right answer (to the puzzle or its question), null for a wrong one. */
  verify(challengeId: string, answer: PuzzleAnswer | TextAnswer, signal: AbortSignal): Promise<string | null>;
}

/** The built-in slider puzzle captcha: the page draws the widget (SliderPuzzle) and the backend judges the answer. */
export function createPuzzleCaptchaProvider(backend: PuzzleBackend): CaptchaProvider {
  const createText = backend.createTextChallenge?.bind(backend);
  return {
    kind: 'puzzle',
    load: (_config, signal) => backend.createChallenge(signal),
    ...(createText ? { loadText: (config: CaptchaConfig, signal: AbortSignal) => createText(config.pageLanguage ?? config.lng, signal) } : {}),
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

/** The local backend, which also tells tests where a challenge's gap is. */
export interface LocalPuzzleBackend extends PuzzleBackend {
  /** Where the gap of an issued, unanswered challenge starts. */
  gapOf(challengeId: string): number | undefined;
  /** The answer of an issued, unanswered text question. */
  answerOf(challengeId: string): number | undefined;
}

const LOCAL_NUMBERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** An SVG of the track with its gap, for the local backend only (the server draws a PNG without the position as text). */
function localTrackImage(trackWidth: number, pieceWidth: number, gapX: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${trackWidth}" height="48">` +
    `<rect x="${gapX}" y="4" width="${pieceWidth}" height="40" rx="6" fill="none" stroke="black" stroke-width="2" stroke-dasharray="4"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * An in-browser puzzle backend for component tests and demos (ADR 0045). It is not a security control: its answers
 * are in the page. The site uses {@link createServerPuzzleBackend}, whose challenges are judged on the server (ADR 0160).
 */
export function createLocalPuzzleBackend(options: LocalPuzzleBackendOptions = {}): LocalPuzzleBackend {
  const random = options.random ?? Math.random;
  const trackWidth = options.trackWidth ?? 280;
  const pieceWidth = options.pieceWidth ?? 40;
  const tolerance = options.tolerance ?? 4;
  const issued = new Map<string, number>();
  const questions = new Map<string, number>();
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
    async createTextChallenge(lng) {
      counter += 1;
      const a = 1 + Math.floor(random() * 10);
      const b = 1 + Math.floor(random() * 10);
      const id = `local-text-${counter}`;
      questions.set(id, a + b);
      return { kind: 'text', id, question: `What is ${LOCAL_NUMBERS[a - 1]} plus ${LOCAL_NUMBERS[b - 1]}?`, lng: lng ?? 'en' };
    },
    async verify(challengeId, answer) {
      if ('text' in answer) {
        const expected = questions.get(challengeId);
        questions.delete(challengeId);
        return expected !== undefined && answer.text.trim() === String(expected) ? `local-text.${challengeId}` : null;
      }
      const gapX = issued.get(challengeId);
      issued.delete(challengeId);
      if (gapX === undefined || Math.abs(answer.position - gapX) > tolerance) return null;
      return `local-puzzle.${challengeId}.${answer.trail.length}`;
    },
    gapOf: (challengeId) => issued.get(challengeId),
    answerOf: (challengeId) => questions.get(challengeId),
  };
}
