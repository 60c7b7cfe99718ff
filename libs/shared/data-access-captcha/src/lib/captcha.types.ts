/**
 * Captcha providers Tessera can run; `puzzle` is the built-in slider puzzle and `altcha` the built-in proof-of-work
 * check (ADR 0210), neither needing a third party.
 */
export type CaptchaKind = 'hcaptcha' | 'recaptcha' | 'hunt' | 'puzzle' | 'altcha';

/** The site configuration's captcha section (spec section 3: captcha_type, captchaPublicKey, lng). */
export interface CaptchaConfig {
  /** As configured: hcaptcha, huntCaptcha, painPuzzle, grecaptcha, or google, hunt, puzzle; disabled or custom mean none. */
  captchaType: string;
  /** The provider's site key. */
  publicKey?: string;
  /** Language of the widget; the page's language when the brand sets none. */
  lng?: string;
  /** Language of the page: the ALTCHA check speaks it (ADR 0210). */
  pageLanguage?: string;
  /** How long a third-party script may take to become ready (captcha.scriptPollMs × scriptPollTries); default SCRIPT_POLL. */
  scriptPoll?: { intervalMs: number; maxTries: number };
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
 * The built-in proof-of-work check (ADR 0210): the altcha widget finds the counter the server hid (no puzzle, nothing
 * to see or hear); the server judges the widget's payload once.
 */
export interface AltchaChallenge {
  kind: 'altcha';
  /** The challenge as the server issued it, handed to the widget unchanged. */
  challenge: object;
  /** The largest counter the hidden key may sit at: the work asked for. */
  maxCounter: number;
}

/** The altcha widget's payload for a solved challenge. */
export interface AltchaAnswer {
  payload: string;
}

/** What the popup shows: the slider puzzle or the ALTCHA check. */
export type CaptchaChallenge = PuzzleChallenge | AltchaChallenge;

/** True for the ALTCHA check. */
export function isAltchaChallenge(challenge: CaptchaChallenge | null | undefined): challenge is AltchaChallenge {
  return (challenge as AltchaChallenge | null | undefined)?.kind === 'altcha';
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
  /**
   * Loads the widget (a script, or a challenge); resolves with the challenge when the page draws the widget itself.
   * Rejects when it cannot load (a blocked or failed script, a timeout, the server unreachable).
   */
  load(config: CaptchaConfig, signal: AbortSignal): Promise<CaptchaChallenge | null>;
  /** Runs a third-party widget; returns the clean-up. Built-in providers return a no-op: the page's widget answers. */
  execute(session: CaptchaSession): () => void;
  /** Issues the ALTCHA check instead of the puzzle: its accessible path, present where the provider offers it (ADR 0210). */
  loadAltcha?(config: CaptchaConfig, signal: AbortSignal): Promise<AltchaChallenge>;
  /** Checks a puzzle's answer or an ALTCHA payload; resolves with a token, or null when the answer is wrong. */
  verify?(
    challenge: CaptchaChallenge,
    answer: PuzzleAnswer | AltchaAnswer,
    signal: AbortSignal,
  ): Promise<string | null>;
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
  altcha: 'altcha',
};

/** Maps the configured captcha type onto a provider kind; disabled, custom, empty or unknown give none. */
export function normalizeCaptchaKind(captchaType: string | undefined | null): CaptchaKind | null {
  return KIND_BY_TYPE[(captchaType ?? '').trim().toLowerCase()] ?? null;
}
