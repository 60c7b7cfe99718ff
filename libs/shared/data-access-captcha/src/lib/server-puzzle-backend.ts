import { defineCall, ForbiddenError, int, str, type ApiClient } from '@tessera/shared/data-access-api';
import type {
  CaptchaAltchaChallengeResponse,
  CaptchaChallengeResponse,
  CaptchaVerifyResponse,
} from '@tessera/shared/contract-api';
import type { AltchaBackend, PuzzleBackend } from './puzzle-captcha-provider';

/** A puzzle as the server issues it (the contract's CaptchaChallengeResponse, schemas/api/auth). */
export type PuzzleChallengeAnswer = CaptchaChallengeResponse;

/** An ALTCHA challenge as the server issues it (the contract's CaptchaAltchaChallengeResponse). */
export type AltchaChallengeAnswer = CaptchaAltchaChallengeResponse;

/** A solved puzzle's single-use token (the contract's CaptchaVerifyResponse). */
export type PuzzleTokenAnswer = CaptchaVerifyResponse;

/** The built-in puzzle's routes on the platform API (ADR 0160). */
export const puzzleCalls = {
  /** Issues a puzzle for the site of the request. */
  challenge: defineCall({ url: '/web-api/captcha/puzzle/challenge', method: 'POST' }).returns<PuzzleChallengeAnswer>(),
  /** Judges an answer; a right one earns the `x-captcha-token`, a wrong one is refused (403) and the puzzle is spent. */
  verify: defineCall({
    url: '/web-api/captcha/puzzle/verify',
    method: 'POST',
    body: { challenge_id: str({ required: true }), position: int({ required: true }), moves: int({ required: true }) },
  }).returns<PuzzleTokenAnswer>(),
};

/** The built-in ALTCHA check's routes on the platform API (ADR 0210). */
export const altchaCalls = {
  /** Issues a proof-of-work challenge; its work rises for an address that asks for many. */
  challenge: defineCall({ url: '/web-api/captcha/altcha/challenge', method: 'POST' }).returns<AltchaChallengeAnswer>(),
  /** Judges the widget's payload once; a right one earns the same `x-captcha-token` as the puzzle. */
  verify: defineCall({
    url: '/web-api/captcha/altcha/verify',
    method: 'POST',
    body: { payload: str({ required: true }) },
  }).returns<PuzzleTokenAnswer>(),
};

/**
 * The puzzle backend of the site: the server issues the challenge (the gap exists only in its image) and judges the
 * answer, so the token it returns is one the server will accept once on a protected call.
 */
export function createServerPuzzleBackend(client: ApiClient): PuzzleBackend {
  return {
    async createChallenge(signal) {
      const answer = await client.send(puzzleCalls.challenge, {}, { signal });
      return {
        id: answer.challenge_id,
        trackWidth: answer.track_width,
        pieceWidth: answer.piece_width,
        image: answer.image,
      };
    },
    async verify(challengeId, answer, signal) {
      try {
        const solved = await client.send(
          puzzleCalls.verify,
          { challenge_id: challengeId, position: Math.round(answer.position), moves: answer.trail.length },
          { signal },
        );
        return solved.token;
      } catch (error) {
        // A refusal means a wrong or spent answer: the machine fetches a fresh puzzle. Anything else is a failure.
        if (error instanceof ForbiddenError) return null;
        throw error;
      }
    },
  };
}

/**
 * The ALTCHA backend of the site (ADR 0210): the server issues the challenge and judges the widget's payload, so the
 * token it returns is one the server will accept once on a protected call.
 */
export function createServerAltchaBackend(client: ApiClient): AltchaBackend {
  return {
    async createChallenge(signal) {
      const answer = await client.send(altchaCalls.challenge, {}, { signal });
      return { kind: 'altcha', challenge: answer.challenge, maxCounter: answer.max_counter };
    },
    async verify(payload, signal) {
      try {
        return (await client.send(altchaCalls.verify, { payload }, { signal })).token;
      } catch (error) {
        // A refusal means a wrong, spent or late payload: the machine fetches a fresh challenge.
        if (error instanceof ForbiddenError) return null;
        throw error;
      }
    },
  };
}
