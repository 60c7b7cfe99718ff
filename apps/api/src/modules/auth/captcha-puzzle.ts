import { randomInt } from 'node:crypto';
import { ApiError } from '../../http/api-error';
import { makeTextQuestion, normalizeTextAnswer, textAnswerHash } from './captcha-text';
import type { AccountsContext } from './context';
import { PUZZLE_TRACK, renderPuzzleImage } from './puzzle-image';
import { randomToken, safeEqual, tokenHash } from './secrets';

/** How long a bettor has to answer a puzzle, and to use the token a right answer earns (the browser's 120 s timeout). */
export const PUZZLE_TTL_MS = 120_000;
/** Pixels an answer may miss the gap by. */
export const PUZZLE_TOLERANCE = 4;
/** Challenges kept after they expire, so the table stays small without a separate job. */
const PRUNE_AFTER_MS = 60 * 60_000;
const TOKEN_VERSION = 'pz1';

/** A puzzle as the browser receives it: the track drawn as an image; where the gap is stays on the server. */
export interface PuzzleChallengeAnswer {
  challenge_id: string;
  track_width: number;
  piece_width: number;
  /** The track with its gap, a PNG data URL. */
  image: string;
  expires_in: number;
}

/** The puzzle's accessible alternative as the browser receives it: a question in words; the answer stays here. */
export interface TextChallengeAnswer {
  challenge_id: string;
  question: string;
  lng: string;
  expires_in: number;
}

/** An answer: to a puzzle, the final position of the piece and how many moves brought it there; to a text question, the number typed. */
export interface PuzzleAnswerBody {
  challenge_id: string;
  position?: number;
  moves?: number;
  answer?: string;
}

/** The refusal of a wrong, expired, used or foreign answer or token, in the spec's error shape. */
export function captchaRefused(detail: string): ApiError {
  return new ApiError(403, 'Captcha check failed', { detail });
}

/** Issues a puzzle for a brand: a random gap, stored with a hash of the id the browser gets, expiring, one answer. */
export async function issuePuzzleChallenge(ctx: AccountsContext, brandId: string, ip: string): Promise<PuzzleChallengeAnswer> {
  const now = ctx.clock();
  const id = randomToken();
  const { width, pieceWidth } = PUZZLE_TRACK;
  // Never at the start, so an untouched slider never passes.
  const gapX = randomInt(pieceWidth, width - pieceWidth + 1);
  await ctx.db.query('delete from accounts_captcha_challenges where expires_at < $1', [new Date(now.getTime() - PRUNE_AFTER_MS)]);
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

/**
 * Issues the puzzle's text alternative (ADR 0176) in `lng` (English where the platform has no words for it): stored
 * like a puzzle (hashed id, brand, address, 120 s, one answer), its answer only as a keyed hash.
 */
export async function issueTextChallenge(ctx: AccountsContext, brandId: string, ip: string, lng: string): Promise<TextChallengeAnswer> {
  const now = ctx.clock();
  const id = randomToken();
  const idHash = tokenHash(id);
  const made = makeTextQuestion(lng);
  await ctx.db.query('delete from accounts_captcha_challenges where expires_at < $1', [new Date(now.getTime() - PRUNE_AFTER_MS)]);
  await ctx.db.query(
    'insert into accounts_captcha_challenges (id_hash, brand_id, answer_hash, ip, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [idHash, brandId, textAnswerHash(ctx.secrets, idHash, String(made.answer)), ip, now, new Date(now.getTime() + PUZZLE_TTL_MS)],
  );
  return { challenge_id: id, question: made.question, lng: made.lng, expires_in: PUZZLE_TTL_MS / 1000 };
}

function signed(ctx: AccountsContext, brandId: string, challengeId: string, expiresAt: number): string {
  return ctx.secrets.sign(`captcha-puzzle|${brandId}|${challengeId}|${expiresAt}`);
}

/**
 * Judges an answer. The first answer ends the challenge, right or wrong, so a script cannot walk the slider along the
 * track; a right one earns a signed token bound to the brand and the challenge, valid for {@link PUZZLE_TTL_MS}.
 */
export async function verifyPuzzleAnswer(ctx: AccountsContext, brandId: string, body: PuzzleAnswerBody): Promise<{ token: string; expires_in: number }> {
  const now = ctx.clock();
  const idHash = tokenHash(body.challenge_id);
  const moved = (body.moves ?? 0) > 0;
  const typed = body.answer === undefined ? null : normalizeTextAnswer(body.answer);
  // A slider answer to a text question, or the other way round, is simply wrong (null compares to nothing).
  const answered = await ctx.db.query<{ solved: boolean }>(
    `update accounts_captcha_challenges
        set answered_at = $3,
            solved = coalesce(case when answer_hash is not null then answer_hash = $7::text
                                   else abs(gap_x - $4::integer) <= $5 and $6 end, false)
      where id_hash = $1 and brand_id = $2 and answered_at is null and expires_at > $3
      returning solved`,
    [idHash, brandId, now, body.position === undefined ? null : Math.round(body.position), PUZZLE_TOLERANCE, moved, typed === null ? null : textAnswerHash(ctx.secrets, idHash, typed)],
  );
  const row = answered.rows[0];
  if (!row) throw captchaRefused('This puzzle has expired or was already answered. Solve a new one.');
  if (!row.solved) throw captchaRefused(body.answer === undefined ? 'Not quite. Solve a new puzzle.' : 'Not quite. Answer a new question.');
  const expiresAt = Math.floor((now.getTime() + PUZZLE_TTL_MS) / 1000);
  return {
    token: [TOKEN_VERSION, body.challenge_id, String(expiresAt), signed(ctx, brandId, body.challenge_id, expiresAt)].join('.'),
    expires_in: PUZZLE_TTL_MS / 1000,
  };
}

/**
 * Accepts a puzzle token once: signed by this server for this brand, not expired, and not presented before.
 * Resolves false for anything else (the caller answers 403).
 */
export async function consumePuzzleToken(ctx: AccountsContext, brandId: string, token: string): Promise<boolean> {
  const [version, challengeId, expires, signature, ...rest] = token.split('.');
  if (version !== TOKEN_VERSION || !challengeId || !expires || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return false;
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
