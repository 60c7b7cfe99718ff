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

/** The puzzle's text question as the server issues it (schemas/api/auth/captcha-text-challenge-response). */
export interface TextChallengeAnswer {
  challenge_id: string;
  question: string;
  lng: string;
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
  /** Issues the puzzle's text question (ADR 0176) in the page's language. */
  textChallenge: defineCall({ url: '/web-api/captcha/puzzle/text-challenge', method: 'POST', body: { lng: str() } }).returns<TextChallengeAnswer>(),
  /** Answers a text question on the same verify route; the same token as the puzzle's. */
  verifyText: defineCall({
    url: '/web-api/captcha/puzzle/verify',
    method: 'POST',
    body: { challenge_id: str({ required: true }), answer: str({ required: true }) },
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
    async createTextChallenge(lng, signal) {
      const answer = await client.send(puzzleCalls.textChallenge, lng ? { lng } : {}, { signal });
      return { kind: 'text', id: answer.challenge_id, question: answer.question, lng: answer.lng };
    },
    async verify(challengeId, answer, signal) {
      try {
        const solved =
          'text' in answer
            ? await client.send(puzzleCalls.verifyText, { challenge_id: challengeId, answer: answer.text.trim().slice(0, 20) }, { signal })
            : await client.send(
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
