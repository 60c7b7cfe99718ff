import { describe, expect, it } from 'vitest';
import { createLocalPuzzleBackend, createPuzzleCaptchaProvider } from './puzzle-captcha-provider';

const signal = new AbortController().signal;

describe('createLocalPuzzleBackend with createPuzzleCaptchaProvider', () => {
  it('issues a challenge with the gap inside the track, away from the start', async () => {
    for (const r of [0, 0.5, 0.999]) {
      const challenge = await createLocalPuzzleBackend({ random: () => r }).createChallenge(signal);
      expect(challenge.gapX).toBeGreaterThanOrEqual(challenge.pieceWidth);
      expect(challenge.gapX).toBeLessThanOrEqual(challenge.trackWidth - challenge.pieceWidth);
    }
  });

  it('accepts an answer within the tolerance once, and refuses a miss', async () => {
    const provider = createPuzzleCaptchaProvider(createLocalPuzzleBackend({ random: () => 0.5, tolerance: 4 }));
    const challenge = await provider.load({ captchaType: 'puzzle' }, signal);
    if (!challenge) throw new Error('expected a challenge');
    expect(await provider.verify?.(challenge, { position: challenge.gapX + 4, trail: [{ x: 1, t: 0 }] }, signal)).toMatch(/^local-puzzle\./);
    // Each challenge can be answered once: replaying a right answer fails.
    expect(await provider.verify?.(challenge, { position: challenge.gapX, trail: [] }, signal)).toBeNull();

    const next = await provider.load({ captchaType: 'puzzle' }, signal);
    if (!next) throw new Error('expected a challenge');
    expect(await provider.verify?.(next, { position: next.gapX + 5, trail: [] }, signal)).toBeNull();
  });
});
