import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error';
import { ref } from '../../http/api-schemas';
import { accountsRef } from './accounts.schemas';
import { serverCaptchaKind } from './captcha';
import { issuePuzzleChallenge, issueTextChallenge, verifyPuzzleAnswer, type PuzzleAnswerBody } from './captcha-puzzle';
import { requestBrand, requestConfig, type AccountsContext } from './context';
import { tokenHash } from './secrets';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const tags = ['auth'];

/** Challenges and answers per client per minute: a person needs a few; a script trying its luck gets no further. */
export const PUZZLE_REQUESTS_PER_MINUTE = 20;
const puzzleRate = { rateLimit: { max: PUZZLE_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } };

/** The built-in puzzle captcha's routes (ADR 0160): issue a challenge, judge an answer; a test-mode answer reader. */
export function captchaRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const assertPuzzleSite = (request: Parameters<typeof requestConfig>[1]) => {
    const type = requestConfig(ctx, request).config.captcha.type;
    if (serverCaptchaKind(type) !== 'puzzle') {
      throw new ApiError(403, 'The puzzle captcha is not used on this site', { detail: `Captcha type ${type}` });
    }
    return requestBrand(request).id;
  };

  app.post(
    '/web-api/captcha/puzzle/challenge',
    { config: puzzleRate, schema: { summary: 'Issue a built-in slider puzzle', tags, body: accountsRef('auth/empty-request'), response: { 200: accountsRef('auth/captcha-challenge-response'), ...errors(400, 403, 404, 429) } } },
    async (request, reply) => {
      const brandId = assertPuzzleSite(request);
      reply.header('cache-control', 'no-store');
      return issuePuzzleChallenge(ctx, brandId, request.ip);
    },
  );

  // The accessible alternative (ADR 0176): a question a person answers without sight, judged on the same verify route.
  app.post<{ Body: { lng?: string } | null }>(
    '/web-api/captcha/puzzle/text-challenge',
    { config: puzzleRate, schema: { summary: 'Issue the puzzle\'s text alternative: a short arithmetic question in words', tags, body: accountsRef('auth/captcha-text-challenge-request'), response: { 200: accountsRef('auth/captcha-text-challenge-response'), ...errors(400, 403, 404, 429) } } },
    async (request, reply) => {
      const brandId = assertPuzzleSite(request);
      const brand = requestBrand(request);
      const wanted = request.body?.lng;
      const lng = wanted && brand.languages.includes(wanted) ? wanted : brand.defaultLanguage;
      reply.header('cache-control', 'no-store');
      return issueTextChallenge(ctx, brandId, request.ip, lng);
    },
  );

  app.post<{ Body: PuzzleAnswerBody }>(
    '/web-api/captcha/puzzle/verify',
    { config: puzzleRate, schema: { summary: 'Answer a puzzle or its text question; a right answer earns a single-use captcha token', tags, body: accountsRef('auth/captcha-verify-request'), response: { 200: accountsRef('auth/captcha-verify-response'), ...errors(400, 403, 404, 429) } } },
    async (request, reply) => {
      const brandId = assertPuzzleSite(request);
      reply.header('cache-control', 'no-store');
      return verifyPuzzleAnswer(ctx, brandId, request.body);
    },
  );

  app.get<{ Querystring: { challenge_id: string } }>(
    '/__dev/captcha',
    { schema: { hide: ctx.mode !== 'test', summary: 'Test mode only: where the gap of a puzzle is, for browser tests', tags: ['development'], querystring: accountsRef('auth/captcha-dev-query'), response: { 200: accountsRef('auth/captcha-dev-response'), ...errors(404) } } },
    async (request, reply) => {
      // Only the test-mode server answers: in development a person solves the puzzle, in production nobody reads it.
      if (ctx.mode !== 'test') return reply.callNotFound();
      const found = await ctx.db.query<{ gap_x: number }>('select gap_x from accounts_captcha_challenges where id_hash = $1 and gap_x is not null', [tokenHash(request.query.challenge_id)]);
      const row = found.rows[0];
      if (!row) throw new ApiError(404, 'No such puzzle');
      reply.header('cache-control', 'no-store');
      return { gap_x: row.gap_x };
    },
  );
}
