import type { FastifyInstance } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import { ref } from '@tessera/server/http';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
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
import { requestConfig, type AccountsContext } from '@tessera/server/accounts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const tags = ['auth'];

const puzzleRate = { rateLimit: { max: PUZZLE_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } };
const altchaRate = { rateLimit: { max: ALTCHA_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } };

/**
 * The built-in captcha's routes: the slider puzzle (ADR 0160) and the ALTCHA proof of work (ADR 0210), each issuing
 * a challenge and judging an answer for the same single-use token; a test-mode reader of a puzzle's answer.
 */
export function captchaRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const assertPuzzleSite = (request: Parameters<typeof requestConfig>[1]) =>
    assertBuiltInCaptcha(ctx, requestConfig(ctx, request), 'puzzle');
  const assertAltchaSite = (request: Parameters<typeof requestConfig>[1]) =>
    assertBuiltInCaptcha(ctx, requestConfig(ctx, request), 'altcha');

  app.post(
    '/web-api/captcha/puzzle/challenge',
    {
      config: puzzleRate,
      schema: {
        summary: 'Issue a built-in slider puzzle',
        tags,
        body: apiRef('auth/empty-request'),
        response: { 200: apiRef('auth/captcha-challenge-response'), ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const brandId = assertPuzzleSite(request);
      reply.header('cache-control', 'no-store');
      return issuePuzzleChallenge(ctx, brandId, request.ip);
    },
  );

  app.post<{ Body: ApiPayload<'auth/captcha-verify-request'> }>(
    '/web-api/captcha/puzzle/verify',
    {
      config: puzzleRate,
      schema: {
        summary: 'Answer a puzzle; a right answer earns a single-use captcha token',
        tags,
        body: apiRef('auth/captcha-verify-request'),
        response: { 200: apiRef('auth/captcha-verify-response'), ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const brandId = assertPuzzleSite(request);
      reply.header('cache-control', 'no-store');
      return verifyPuzzleAnswer(ctx, brandId, request.body);
    },
  );

  app.post(
    '/web-api/captcha/altcha/challenge',
    {
      config: altchaRate,
      schema: {
        summary:
          'Issue an ALTCHA proof-of-work challenge; the work doubles with each batch an address asks for within a minute',
        tags,
        body: apiRef('auth/empty-request'),
        response: { 200: apiRef('auth/captcha-altcha-challenge-response'), ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const brandId = assertAltchaSite(request);
      reply.header('cache-control', 'no-store');
      return issueAltchaChallenge(ctx, brandId, request.ip);
    },
  );

  app.post<{ Body: ApiPayload<'auth/captcha-altcha-verify-request'> }>(
    '/web-api/captcha/altcha/verify',
    {
      config: altchaRate,
      schema: {
        summary: 'Judge an ALTCHA solution; a right one earns the same single-use captcha token as the puzzle',
        tags,
        body: apiRef('auth/captcha-altcha-verify-request'),
        response: { 200: apiRef('auth/captcha-verify-response'), ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const brandId = assertAltchaSite(request);
      reply.header('cache-control', 'no-store');
      return verifyAltchaSolution(ctx, brandId, request.body.payload);
    },
  );

  // Only the test-mode server has it: in development a person solves the puzzle, in production nothing under /__dev exists.
  if (ctx.mode === 'test') {
    app.get<{ Querystring: ApiPayload<'auth/captcha-dev-query'> }>(
      '/__dev/captcha',
      {
        schema: {
          summary: 'Test mode only: where the gap of a puzzle is, for browser tests',
          tags: ['development'],
          querystring: apiRef('auth/captcha-dev-query'),
          response: { 200: apiRef('auth/captcha-dev-response'), ...errors(404) },
        },
      },
      async (request, reply) => {
        const gapX = await puzzleGapOf(ctx, request.query.challenge_id);
        if (gapX === null) throw new ApiError(404, 'No such puzzle');
        reply.header('cache-control', 'no-store');
        return { gap_x: gapX };
      },
    );
  }
}
