import { randomInt } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { randomToken, safeEqual, tokenHash } from '@tessera/server/secrets';
import type { CaptchaContext } from './captcha.context';
import { PUZZLE_TRACK, renderPuzzleImage } from './puzzle-image';
import type {
  CaptchaChallengeResponse,
  CaptchaVerifyRequest,
  CaptchaVerifyResponse,
} from '@tessera/shared/contract-api';

/** How long a bettor has to answer a puzzle, and to use the token a right answer earns (the browser's 120 s timeout). */
export const PUZZLE_TTL_MS = 120_000;
/** Pixels an answer may miss the gap by. */
export const PUZZLE_TOLERANCE = 4;
/** Challenges and answers per client per minute: a person needs a few; a script trying its luck gets no further. */
export const PUZZLE_REQUESTS_PER_MINUTE = 20;
/** Challenges kept after they expire, so the table stays small without a separate job. */
const PRUNE_AFTER_MS = 60 * 60_000;
const TOKEN_VERSION = 'pz1';

/** A puzzle as the browser receives it (the contract's CaptchaChallengeResponse): the track drawn as a PNG data URL; where the gap is stays on the server. */
export type PuzzleChallengeAnswer = CaptchaChallengeResponse;

/** An answer to a puzzle: the final position of the piece and how many moves brought it there (CaptchaVerifyRequest). */
export type PuzzleAnswerBody = CaptchaVerifyRequest;

/** A passed check: the single-use token for the `x-captcha-token` header of one protected call (CaptchaVerifyResponse). */
export type CaptchaTokenAnswer = CaptchaVerifyResponse;

/** The refusal of a wrong, expired, used or foreign answer or token, in the spec's error shape. */
export function captchaRefused(detail: string): ApiError {
  return new ApiError(403, 'Captcha check failed', { detail });
}

/** Issues a puzzle for a brand: a random gap, stored with a hash of the id the browser gets, expiring, one answer. */
export async function issuePuzzleChallenge(
  ctx: CaptchaContext,
  brandId: string,
  ip: string,
): Promise<PuzzleChallengeAnswer> {
  const now = ctx.clock();
  const id = randomToken();
  const { width, pieceWidth } = PUZZLE_TRACK;
  // Never at the start, so an untouched slider never passes.
  const gapX = randomInt(pieceWidth, width - pieceWidth + 1);
  await ctx.db.query('delete from accounts_captcha_challenges where expires_at < $1', [
    new Date(now.getTime() - PRUNE_AFTER_MS),
  ]);
  await ctx.db.query(
    'insert into accounts_captcha_challenges (id_hash, brand_id, gap_x, ip, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [tokenHash(id), brandId, gapX, ip, now, new Date(now.getTime() + PUZZLE_TTL_MS)],
  );
  return {
    challenge_id: id,
    track_width: width,
    piece_width: pieceWidth,
    image: `data:image/png;base64,${renderPuzzleImage(gapX).toString('base64')}`,
    expires_in: PUZZLE_TTL_MS / 1000,
  };
}

function signed(ctx: CaptchaContext, brandId: string, challengeId: string, expiresAt: number): string {
  return ctx.secrets.sign(`captcha-puzzle|${brandId}|${challengeId}|${expiresAt}`);
}

/**
 * The single-use token a passed check earns (the slider puzzle, or the ALTCHA proof of work of ADR 0210): signed for
 * the brand and the challenge, valid for {@link PUZZLE_TTL_MS}, used up by {@link consumePuzzleToken}.
 */
export function issueCaptchaToken(
  ctx: CaptchaContext,
  brandId: string,
  challengeId: string,
  now: Date,
): CaptchaTokenAnswer {
  const expiresAt = Math.floor((now.getTime() + PUZZLE_TTL_MS) / 1000);
  return {
    token: [TOKEN_VERSION, challengeId, String(expiresAt), signed(ctx, brandId, challengeId, expiresAt)].join('.'),
    expires_in: PUZZLE_TTL_MS / 1000,
  };
}

/**
 * Judges an answer. The first answer ends the challenge, right or wrong, so a script cannot walk the slider along the
 * track; a right one earns a signed token bound to the brand and the challenge ({@link issueCaptchaToken}).
 */
export async function verifyPuzzleAnswer(
  ctx: CaptchaContext,
  brandId: string,
  body: PuzzleAnswerBody,
): Promise<CaptchaTokenAnswer> {
  const now = ctx.clock();
  const idHash = tokenHash(body.challenge_id);
  const moved = body.moves > 0;
  // Only slider challenges are answered here: an ALTCHA challenge's id is refused like an unknown one.
  const answered = await ctx.db.query<{ solved: boolean }>(
    `update accounts_captcha_challenges
        set answered_at = $3, solved = coalesce(abs(gap_x - $4::integer) <= $5 and $6, false)
      where id_hash = $1 and brand_id = $2 and kind = 'puzzle' and answered_at is null and expires_at > $3
      returning solved`,
    [idHash, brandId, now, Math.round(body.position), PUZZLE_TOLERANCE, moved],
  );
  const row = answered.rows[0];
  if (!row) throw captchaRefused('This puzzle has expired or was already answered. Solve a new one.');
  if (!row.solved) throw captchaRefused('Not quite. Solve a new puzzle.');
  return issueCaptchaToken(ctx, brandId, body.challenge_id, now);
}

/**
 * Accepts a captcha token once (the puzzle's or the ALTCHA check's): signed by this server for this brand, not expired, and not presented before.
 * Resolves false for anything else (the caller answers 403).
 */
export async function consumePuzzleToken(ctx: CaptchaContext, brandId: string, token: string): Promise<boolean> {
  const [version, challengeId, expires, signature, ...rest] = token.split('.');
  if (
    version !== TOKEN_VERSION ||
    !challengeId ||
    !expires ||
    !signature ||
    rest.length > 0 ||
    !/^\d{1,12}$/.test(expires)
  )
    return false;
  const expiresAt = Number(expires);
  const now = ctx.clock();
  if (expiresAt * 1000 <= now.getTime()) return false;
  if (!safeEqual(signature, signed(ctx, brandId, challengeId, expiresAt))) return false;
  const used = await ctx.db.query(
    `update accounts_captcha_challenges set token_used_at = $3
      where id_hash = $1 and brand_id = $2 and solved and token_used_at is null`,
    [tokenHash(challengeId), brandId, now],
  );
  return used.rowCount === 1;
}

/** Where a puzzle's gap is (test mode's `/__dev/captcha`, for browser tests); null for an unknown challenge. */
export async function puzzleGapOf(ctx: Pick<CaptchaContext, 'db'>, challengeId: string): Promise<number | null> {
  const found = await ctx.db.query<{ gap_x: number }>(
    'select gap_x from accounts_captcha_challenges where id_hash = $1 and gap_x is not null',
    [tokenHash(challengeId)],
  );
  return found.rows[0]?.gap_x ?? null;
}
