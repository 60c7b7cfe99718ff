import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import type { CaptchaAltchaChallengeResponse } from '@tessera/shared/contract-api';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { captchaRefused, issueCaptchaToken, PUZZLE_TTL_MS, type CaptchaTokenAnswer } from './captcha-puzzle';
import type { CaptchaContext } from './captcha.context';
import { randomToken, tokenHash } from '@tessera/server/secrets';

/**
 * The built-in captcha's proof-of-work path (ADR 0210): an ALTCHA challenge (altcha-lib, v2 deterministic mode) that
 * the `altcha` widget solves in the browser without a puzzle. A solution is judged here and earns the same
 * single-use, brand-bound `pz1` token as the slider puzzle, so `assertCaptcha` needs no second token kind.
 */
export const ALTCHA_ALGORITHM = 'SHA-256';
/** Counters a fresh address's challenge hides its key behind, at most; the secret counter is drawn from the upper half. */
export const ALTCHA_BASE_MAX_COUNTER = 50_000;
/** Challenges an address may ask for within a minute (across brands) before each further batch doubles the work. */
export const ALTCHA_CHALLENGES_PER_STEP = 10;
/** Doublings at most: 50,000 × 2^6 = 3.2 million counters, some seconds of a phone's time, minutes of a farm's per token. */
export const ALTCHA_MAX_DOUBLINGS = 6;
/**
 * ALTCHA challenges and solutions per client per minute. Looser than the puzzle's: past a few a minute each batch of
 * challenges costs the address twice the work, so the limit only caps the table's growth.
 */
export const ALTCHA_REQUESTS_PER_MINUTE = 60;
const LOAD_WINDOW_MS = 60_000;
const PRUNE_AFTER_MS = 60 * 60_000;

/** An ALTCHA challenge as the browser receives it: the widget's challenge, and the work it asks for (the contract's). */
export type AltchaChallengeAnswer = CaptchaAltchaChallengeResponse;

/** The work asked of an address that requested `recent` ALTCHA challenges in the last minute (this one not counted). */
export function altchaMaxCounter(recent: number): number {
  const doublings = Math.min(ALTCHA_MAX_DOUBLINGS, Math.floor(recent / ALTCHA_CHALLENGES_PER_STEP));
  return ALTCHA_BASE_MAX_COUNTER * 2 ** doublings;
}

/** The HMAC keys of one brand's challenges, derived from the account secret key: another brand's challenge fails. */
function altchaKeys(
  ctx: CaptchaContext,
  brandId: string,
): { hmacSignatureSecret: string; hmacKeySignatureSecret: string } {
  return {
    hmacSignatureSecret: ctx.secrets.keyedHash('altcha-challenge', brandId),
    hmacKeySignatureSecret: ctx.secrets.keyedHash('altcha-key', brandId),
  };
}

function altchaAnswerHash(ctx: CaptchaContext, idHash: string, signature: string): string {
  return ctx.secrets.keyedHash('captcha-altcha', idHash, signature);
}

/**
 * Issues an ALTCHA challenge for a brand. Its work follows the address's load ({@link altchaMaxCounter}); it is stored
 * like a puzzle (hashed id, brand, address, {@link PUZZLE_TTL_MS}, one answer) with a keyed hash of its signature.
 */
export async function issueAltchaChallenge(
  ctx: CaptchaContext,
  brandId: string,
  ip: string,
): Promise<AltchaChallengeAnswer> {
  const now = ctx.clock();
  const recent = await ctx.db.query<{ n: string | number }>(
    "select count(*) as n from accounts_captcha_challenges where ip = $1 and kind = 'altcha' and created_at > $2",
    [ip, new Date(now.getTime() - LOAD_WINDOW_MS)],
  );
  const maxCounter = altchaMaxCounter(Number(recent.rows[0]?.n ?? 0));
  const id = randomToken();
  const idHash = tokenHash(id);
  // Expiry lives in the row (the server's clock); the signed data carries the id that finds it and the brand.
  const data = { id, brand: brandId };
  const challenge = await createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: 1,
    counter: randomInt(maxCounter, Math.floor(maxCounter / 2)),
    deriveKey,
    data,
    ...altchaKeys(ctx, brandId),
  });
  // Signed with the brand's keys, so the library always sets it; a challenge without one could never be judged.
  const { signature } = challenge;
  if (!signature) throw new Error('ALTCHA challenge issued without a signature');
  await ctx.db.query('delete from accounts_captcha_challenges where expires_at < $1', [
    new Date(now.getTime() - PRUNE_AFTER_MS),
  ]);
  await ctx.db.query(
    "insert into accounts_captcha_challenges (id_hash, brand_id, kind, answer_hash, ip, created_at, expires_at) values ($1, $2, 'altcha', $3, $4, $5, $6)",
    [idHash, brandId, altchaAnswerHash(ctx, idHash, signature), ip, now, new Date(now.getTime() + PUZZLE_TTL_MS)],
  );
  // The library types the signed data loosely; it is the object given above.
  return {
    challenge: { ...challenge, signature, parameters: { ...challenge.parameters, data } },
    max_counter: maxCounter,
    expires_in: PUZZLE_TTL_MS / 1000,
  };
}

/** The widget's payload: base64 of `{ challenge, solution }`. Anything else is null. */
function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    if (!parsed || typeof parsed !== 'object' || !parsed.challenge?.parameters || !parsed.solution) return null;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return null;
  }
}

/**
 * Judges an ALTCHA solution. The challenge must be this brand's (its signature), solved (the derived key), issued
 * under its id and unanswered and unexpired (the row); the first answer spends the challenge, right or wrong. A right
 * one earns the puzzle's single-use token.
 */
export async function verifyAltchaSolution(
  ctx: CaptchaContext,
  brandId: string,
  payload: string,
): Promise<CaptchaTokenAnswer> {
  const parsed = parsePayload(payload);
  const id = parsed?.challenge.parameters.data?.['id'];
  if (!parsed || typeof id !== 'string' || id.length === 0 || id.length > 128)
    throw captchaRefused('This check is not valid. Run it again.');
  const idHash = tokenHash(id);
  let verified = false;
  try {
    verified =
      parsed.challenge.parameters.data?.['brand'] === brandId &&
      (await verifySolution({ ...parsed, deriveKey, ...altchaKeys(ctx, brandId) })).verified;
  } catch {
    verified = false;
  }
  const now = ctx.clock();
  const answered = await ctx.db.query<{ solved: boolean }>(
    `update accounts_captcha_challenges
        set answered_at = $3, solved = ($4::boolean and answer_hash = $5::text)
      where id_hash = $1 and brand_id = $2 and kind = 'altcha' and answered_at is null and expires_at > $3
      returning solved`,
    [idHash, brandId, now, verified, altchaAnswerHash(ctx, idHash, parsed.challenge.signature ?? '')],
  );
  const row = answered.rows[0];
  if (!row) throw captchaRefused('This check has expired or was already used. Run it again.');
  if (!row.solved) throw captchaRefused('The check did not pass. Run it again.');
  return issueCaptchaToken(ctx, brandId, id, now);
}
