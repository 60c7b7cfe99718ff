import { defineCall, ForbiddenError, int, str, type ApiClient } from '@tessera/shared/data-access-api';
import type { PuzzleBackend } from './puzzle-captcha-provider';

/** A puzzle as the server issues it (schemas/api/auth/captcha-challenge-response). */
export interface PuzzleChallengeAnswer {
  challenge_id: string;
  track_width: number;
  piece_width: number;
  image: string;
  expires_in: number;
}

/** A solved puzzle's single-use token (schemas/api/auth/captcha-verify-response). */
export interface PuzzleTokenAnswer {
  token: string;
  expires_in: number;
}

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

/**
 * The puzzle backend of the site: the server issues the challenge (the gap exists only in its image) and judges the
 * answer, so the token it returns is one the server will accept once on a protected call.
 */
export function createServerPuzzleBackend(client: ApiClient): PuzzleBackend {
  return {
    async createChallenge(signal) {
      const answer = await client.send(puzzleCalls.challenge, {}, { signal });
      return { id: answer.challenge_id, trackWidth: answer.track_width, pieceWidth: answer.piece_width, image: answer.image };
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
