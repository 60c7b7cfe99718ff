import { describe, expect, it } from 'vitest';
import { isAltchaChallenge } from './captcha.types';
import { createLocalPuzzleBackend, createPuzzleCaptchaProvider } from './puzzle-captcha-provider';

const signal = new AbortController().signal;

describe('createLocalPuzzleBackend with createPuzzleCaptchaProvider', () => {
  it('issues a challenge with the gap inside the track, away from the start, drawn in its image only', async () => {
    for (const r of [0, 0.5, 0.999]) {
      const backend = createLocalPuzzleBackend({ random: () => r });
      const challenge = await backend.createChallenge(signal);
      const gap = backend.gapOf(challenge.id) ?? -1;
      expect(gap).toBeGreaterThanOrEqual(challenge.pieceWidth);
      expect(gap).toBeLessThanOrEqual(challenge.trackWidth - challenge.pieceWidth);
      expect(Object.keys(challenge).sort()).toEqual(['id', 'image', 'pieceWidth', 'trackWidth']);
      expect(challenge.image).toMatch(/^data:image\/svg\+xml,/);
    }
  });

  it('accepts an answer within the tolerance once, and refuses a miss', async () => {
    const backend = createLocalPuzzleBackend({ random: () => 0.5, tolerance: 4 });
    const provider = createPuzzleCaptchaProvider(backend);
    const challenge = await provider.load({ captchaType: 'puzzle' }, signal);
    if (!challenge || isAltchaChallenge(challenge)) throw new Error('expected a puzzle');
    const gap = backend.gapOf(challenge.id) ?? -1;
    expect(await provider.verify?.(challenge, { position: gap + 4, trail: [{ x: 1, t: 0 }] }, signal)).toMatch(
      /^local-puzzle\./,
    );
    // Each challenge can be answered once: replaying a right answer fails.
    expect(await provider.verify?.(challenge, { position: gap, trail: [] }, signal)).toBeNull();

    const next = await provider.load({ captchaType: 'puzzle' }, signal);
    if (!next || isAltchaChallenge(next)) throw new Error('expected a puzzle');
    expect(
      await provider.verify?.(next, { position: (backend.gapOf(next.id) ?? -1) + 5, trail: [] }, signal),
    ).toBeNull();
  });
});
