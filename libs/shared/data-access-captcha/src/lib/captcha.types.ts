/** Captcha providers Tessera can run; `puzzle` is the built-in slider puzzle that needs no third party. */
export type CaptchaKind = 'hcaptcha' | 'recaptcha' | 'hunt' | 'puzzle';

/** The site configuration's captcha section (spec section 3: captcha_type, captchaPublicKey, lng). */
export interface CaptchaConfig {
  /** As configured: hcaptcha, huntCaptcha, painPuzzle, grecaptcha, or google, hunt, puzzle; disabled or custom mean none. */
  captchaType: string;
  /** The provider's site key. */
  publicKey?: string;
  /** Language of the widget. */
  lng?: string;
  /** Language of the page: the built-in puzzle's text question is asked in it (ADR 0176). */
  pageLanguage?: string;
}

/**
 * A slider puzzle to solve: move the piece along the track until it covers the gap. Where the gap is exists only in
 * the track's image; the answer stays with the backend that issued the challenge (ADR 0160).
 */
export interface PuzzleChallenge {
  /** Server id of the challenge, sent back with the answer. */
  id: string;
  /** Track width in CSS pixels. */
  trackWidth: number;
  /** Piece width in CSS pixels; the piece moves from 0 to trackWidth - pieceWidth. */
  pieceWidth: number;
  /** The track with its gap drawn in (a data URL), shown behind the piece. */
  image: string;
}

/**
 * The puzzle's accessible alternative (ADR 0176): a short question a person answers without sight, asked by the
 * server in the page's language; its answer stays with the backend that issued it.
 */
export interface TextChallenge {
  kind: 'text';
  /** Server id of the challenge, sent back with the answer. */
  id: string;
  /** The question, read out by screen readers. */
  question: string;
  /** Language of the question. */
  lng: string;
}

/** The answer typed to a text question. */
export interface TextAnswer {
  text: string;
}

/** What the popup shows: the slider puzzle or its text question. */
export type CaptchaChallenge = PuzzleChallenge | TextChallenge;

/** True for the text question. */
export function isTextChallenge(challenge: CaptchaChallenge | null | undefined): challenge is TextChallenge {
  return (challenge as TextChallenge | null | undefined)?.kind === 'text';
}

/** The bettor's answer to a puzzle: the final piece position and how it got there (for bot scoring on the server). */
export interface PuzzleAnswer {
  position: number;
  /** Positions with milliseconds since the first move. */
  trail: Array<{ x: number; t: number }>;
}

/** Callbacks a provider calls while its widget runs. */
export interface CaptchaSession {
  config: CaptchaConfig;
  /** A token means success. */
  onToken(token: string): void;
  /** The widget's challenge expired. */
  onExpired(): void;
  /** The bettor closed the widget. */
  onClose(): void;
}

/** What every captcha provider implements; the machine loads it on demand, then executes it. */
export interface CaptchaProvider {
  kind: CaptchaKind;
  /** Loads the widget (a script, or a puzzle challenge); resolves with the challenge when the page draws the widget itself. */
  load(config: CaptchaConfig, signal: AbortSignal): Promise<PuzzleChallenge | null>;
  /** Runs a third-party widget; returns the clean-up. Puzzle providers return a no-op: the page's widget answers. */
  execute(session: CaptchaSession): () => void;
  /** Issues the text question instead of the puzzle; present when the provider offers that alternative (ADR 0176). */
  loadText?(config: CaptchaConfig, signal: AbortSignal): Promise<TextChallenge>;
  /** Checks a puzzle's or a text question's answer; resolves with a token, or null when the answer is wrong. */
  verify?(challenge: CaptchaChallenge, answer: PuzzleAnswer | TextAnswer, signal: AbortSignal): Promise<string | null>;
}

/** The providers a page offers, by kind. */
export type CaptchaProviders = Partial<Record<CaptchaKind, CaptchaProvider>>;

/** The message the spec gives a dismissed captcha (section 8). */
export const DISMISSED_CAPTCHA = 'Dismissed captcha';

/** How a dismissal came about: the widget expired, the bettor closed it, clicked outside, or the overall time ran out. */
export type CaptchaDismissReason = 'expired' | 'closed' | 'cancelled' | 'timeout';

/** Outcome of one captcha run, reported with the elapsed time for both success and dismissal. */
export type CaptchaResult =
  | { status: 'solved'; token: string; elapsedMs: number }
  | { status: 'dismissed'; reason: CaptchaDismissReason; message: typeof DISMISSED_CAPTCHA; elapsedMs: number }
  | { status: 'failed'; message: string; elapsedMs: number }
  | { status: 'disabled' };

/** Rejection of requestCaptchaToken when the bettor did not solve the captcha. */
export class CaptchaDismissedError extends Error {
  override readonly name = 'CaptchaDismissedError';
  constructor(
    readonly reason: CaptchaDismissReason,
    readonly elapsedMs: number,
  ) {
    super(DISMISSED_CAPTCHA);
  }
}

const KIND_BY_TYPE: Record<string, CaptchaKind> = {
  hcaptcha: 'hcaptcha',
  grecaptcha: 'recaptcha',
  google: 'recaptcha',
  huntcaptcha: 'hunt',
  hunt: 'hunt',
  painpuzzle: 'puzzle',
  puzzle: 'puzzle',
};

/** Maps the configured captcha type onto a provider kind; disabled, custom, empty or unknown give none. */
export function normalizeCaptchaKind(captchaType: string | undefined | null): CaptchaKind | null {
  return KIND_BY_TYPE[(captchaType ?? '').trim().toLowerCase()] ?? null;
}
