import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { apiRoutes } from '@tessera/server/http';
import {
  ALTCHA_REQUESTS_PER_MINUTE,
  assertBuiltInCaptcha,
  issueAltchaChallenge,
  issuePuzzleChallenge,
  PUZZLE_REQUESTS_PER_MINUTE,
  puzzleGapOf,
  verifyAltchaSolution,
  verifyPuzzleAnswer,
} from '@tessera/server/captcha';
import { requestConfig, type AccountsContext, type AccountsRequest } from '@tessera/server/accounts';

const puzzleRate = { rateLimit: { max: PUZZLE_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } };
const altchaRate = { rateLimit: { max: ALTCHA_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } };

/**
 * The built-in captcha's routes: the slider puzzle (ADR 0160) and the ALTCHA proof of work (ADR 0210), each issuing
 * a challenge and judging an answer for the same single-use token; a test-mode reader of a puzzle's answer.
 */
export function captchaRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const routes = apiRoutes(app, { tags: ['auth'] });
  const siteOf = (request: AccountsRequest, kind: 'puzzle' | 'altcha') =>
    assertBuiltInCaptcha(ctx, requestConfig(ctx, request), kind);
  const noStore = <T>(reply: FastifyReply, answer: T): T => {
    reply.header('cache-control', 'no-store');
    return answer;
  };

  routes.post('/web-api/captcha/puzzle/challenge', {
    summary: 'Issue a built-in slider puzzle',
    config: puzzleRate,
    body: 'auth/empty-request',
    reply: 'auth/captcha-challenge-response',
    errors: [400, 403, 404, 429],
    handler: (request, reply) => noStore(reply, issuePuzzleChallenge(ctx, siteOf(request, 'puzzle'), request.ip)),
  });
  routes.post('/web-api/captcha/puzzle/verify', {
    summary: 'Answer a puzzle; a right answer earns a single-use captcha token',
    config: puzzleRate,
    body: 'auth/captcha-verify-request',
    reply: 'auth/captcha-verify-response',
    errors: [400, 403, 404, 429],
    handler: (request, reply) => noStore(reply, verifyPuzzleAnswer(ctx, siteOf(request, 'puzzle'), request.body)),
  });
  routes.post('/web-api/captcha/altcha/challenge', {
    summary:
      'Issue an ALTCHA proof-of-work challenge; the work doubles with each batch an address asks for within a minute',
    config: altchaRate,
    body: 'auth/empty-request',
    reply: 'auth/captcha-altcha-challenge-response',
    errors: [400, 403, 404, 429],
    handler: (request, reply) => noStore(reply, issueAltchaChallenge(ctx, siteOf(request, 'altcha'), request.ip)),
  });
  routes.post('/web-api/captcha/altcha/verify', {
    summary: 'Judge an ALTCHA solution; a right one earns the same single-use captcha token as the puzzle',
    config: altchaRate,
    body: 'auth/captcha-altcha-verify-request',
    reply: 'auth/captcha-verify-response',
    errors: [400, 403, 404, 429],
    handler: (request, reply) =>
      noStore(reply, verifyAltchaSolution(ctx, siteOf(request, 'altcha'), request.body.payload)),
  });

  // Only the test-mode server has it: in development a person solves the puzzle, in production nothing under /__dev exists.
  if (ctx.mode === 'test') {
    routes.get('/__dev/captcha', {
      summary: 'Test mode only: where the gap of a puzzle is, for browser tests',
      tags: ['development'],
      querystring: 'auth/captcha-dev-query',
      reply: 'auth/captcha-dev-response',
      errors: [404],
      handler: async (request, reply) => {
        const gapX = await puzzleGapOf(ctx, request.query.challenge_id);
        if (gapX === null) throw new ApiError(404, 'No such puzzle');
        return noStore(reply, { gap_x: gapX });
      },
    });
  }
}
