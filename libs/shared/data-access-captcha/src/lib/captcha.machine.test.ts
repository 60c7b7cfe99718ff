import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { captchaMachine, type CaptchaInput } from './captcha.machine';
import { CaptchaDismissedError, type CaptchaProvider, type CaptchaSession, type PuzzleChallenge, type TextChallenge } from './captcha.types';
import { requestCaptchaToken } from './request-captcha-token';

const challenge: PuzzleChallenge = { id: 'c1', trackWidth: 280, pieceWidth: 40, image: 'data:image/png;base64,' };

/** A widget provider whose session the test drives, like a third-party script would. */
function widgetProvider(loadDelayMs = 500) {
  const sessions: CaptchaSession[] = [];
  const cleanup = vi.fn();
  const provider = {
    kind: 'hcaptcha' as const,
    load: vi.fn(() => new Promise<null>((resolve) => setTimeout(() => resolve(null), loadDelayMs))),
    execute: vi.fn((session: CaptchaSession) => {
      sessions.push(session);
      return cleanup;
    }),
  } satisfies CaptchaProvider;
  return { provider, sessions, cleanup };
}

function puzzleProvider(verdicts: Array<string | null | Error>) {
  return {
    kind: 'puzzle' as const,
    load: vi.fn(async () => challenge),
    execute: () => () => undefined,
    verify: vi.fn(async () => {
      const verdict = verdicts.shift() ?? null;
      if (verdict instanceof Error) throw verdict;
      return verdict;
    }),
  } satisfies CaptchaProvider;
}

function start(input: Partial<CaptchaInput> & Pick<CaptchaInput, 'providers'>) {
  const actor = createActor(captchaMachine, { input: { config: { captchaType: 'hcaptcha', publicKey: 'k' }, ...input } });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('captchaMachine: widget providers', () => {
  it('loads on demand, executes, and a token succeeds with the elapsed time', async () => {
    const { provider, sessions, cleanup } = widgetProvider(500);
    const { actor, emitted } = start({ providers: { hcaptcha: provider } });
    expect(actor.getSnapshot().matches({ active: 'loading' })).toBe(true);
    expect(provider.execute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().matches({ active: 'executing' })).toBe(true);
    expect(sessions[0]?.config.publicKey).toBe('k');

    await vi.advanceTimersByTimeAsync(2500);
    sessions[0]?.onToken('tok-1');
    expect(actor.getSnapshot().value).toBe('solved');
    expect(actor.getSnapshot().output).toEqual({ status: 'solved', token: 'tok-1', elapsedMs: 3000 });
    expect(emitted).toContainEqual({ type: 'captcha.solved', token: 'tok-1', elapsedMs: 3000 });
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('an empty token is not success', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    await flush();
    sessions[0]?.onToken('');
    expect(actor.getSnapshot().matches({ active: 'executing' })).toBe(true);
  });

  it('expiry rejects with Dismissed captcha and reports the elapsed time', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor, emitted } = start({ providers: { hcaptcha: provider } });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    sessions[0]?.onExpired();
    expect(actor.getSnapshot().output).toEqual({ status: 'dismissed', reason: 'expired', message: 'Dismissed captcha', elapsedMs: 1000 });
    expect(emitted).toContainEqual({ type: 'captcha.dismissed', reason: 'expired', message: 'Dismissed captcha', elapsedMs: 1000 });
  });

  it('closing the widget rejects with Dismissed captcha', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    await flush();
    sessions[0]?.onClose();
    expect(actor.getSnapshot().value).toBe('dismissed');
    await expect(requestCaptchaToken(actor)).rejects.toMatchObject({ message: 'Dismissed captcha', reason: 'closed' });
  });

  it('closing while the script still loads dismisses too, and the widget never runs', async () => {
    const { provider } = widgetProvider(1000);
    const { actor } = start({ providers: { hcaptcha: provider } });
    actor.send({ type: 'captcha.close' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(provider.execute).not.toHaveBeenCalled();
  });

  it('an outside click cancels', async () => {
    const { provider } = widgetProvider(0);
    const { actor, emitted } = start({ providers: { hcaptcha: provider } });
    await flush();
    actor.send({ type: 'captcha.outsideClick' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'captcha.dismissed', reason: 'cancelled' }));
    await expect(requestCaptchaToken(actor)).rejects.toBeInstanceOf(CaptchaDismissedError);
  });

  it('the overall timeout dismisses a captcha nobody answers', async () => {
    const { provider } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider }, timeoutMs: 30_000 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toMatchObject({ status: 'dismissed', reason: 'timeout', elapsedMs: 30_000 });
  });

  it('a provider that fails to load ends failed with its message', async () => {
    const provider = { kind: 'hcaptcha' as const, load: () => Promise.reject(new Error('Not ready after 300 tries')), execute: () => () => undefined };
    const { actor } = start({ providers: { hcaptcha: provider } });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ status: 'failed', message: 'Not ready after 300 tries', elapsedMs: 0 });
    await expect(requestCaptchaToken(actor)).rejects.toThrow('Captcha failed to load: Not ready after 300 tries');
  });

  it('requestCaptchaToken resolves with the token', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    const token = requestCaptchaToken(actor);
    await flush();
    sessions[0]?.onToken('tok-2');
    await expect(token).resolves.toBe('tok-2');
  });
});

describe('captchaMachine: off', () => {
  it('a setting can force it off: no load, token null', async () => {
    const { provider } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider }, forcedOff: true });
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(provider.load).not.toHaveBeenCalled();
    await expect(requestCaptchaToken(actor)).resolves.toBeNull();
  });

  it.each(['disabled', 'custom', '', 'unknown'])('captcha type %j gives no captcha', (captchaType) => {
    const { actor } = start({ providers: {}, config: { captchaType } });
    expect(actor.getSnapshot().output).toEqual({ status: 'disabled' });
  });

  it('a configured kind without a provider on the page gives no captcha', () => {
    const { actor } = start({ providers: {}, config: { captchaType: 'grecaptcha' } });
    expect(actor.getSnapshot().value).toBe('disabled');
  });
});

describe('captchaMachine: built-in puzzle', () => {
  it('loads a challenge, verifies the answer and succeeds with the token', async () => {
    const provider = puzzleProvider(['puzzle-token']);
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'painPuzzle' } });
    await flush();
    expect(actor.getSnapshot().context.challenge).toEqual(challenge);
    actor.send({ type: 'captcha.answer', answer: { position: 120, trail: [{ x: 120, t: 300 }] } });
    expect(actor.getSnapshot().matches({ active: 'verifying' })).toBe(true);
    await flush();
    expect(provider.verify).toHaveBeenCalledWith(challenge, { position: 120, trail: [{ x: 120, t: 300 }] }, expect.anything());
    expect(actor.getSnapshot().output).toMatchObject({ status: 'solved', token: 'puzzle-token' });
  });

  it('a wrong answer brings a fresh challenge and counts the miss', async () => {
    const provider = puzzleProvider([null, new Error('network'), 'tok']);
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'puzzle' } });
    await flush();
    actor.send({ type: 'captcha.answer', answer: { position: 3, trail: [] } });
    await flush();
    expect(provider.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.wrongAnswers).toBe(1);
    actor.send({ type: 'captcha.answer', answer: { position: 3, trail: [] } });
    await flush();
    expect(actor.getSnapshot().context.wrongAnswers).toBe(2);
    actor.send({ type: 'captcha.answer', answer: { position: 120, trail: [] } });
    await flush();
    expect(actor.getSnapshot().value).toBe('solved');
  });

  it('offers the text question instead: it loads the question, verifies the typed answer, and a miss brings a new question', async () => {
    const questions: TextChallenge[] = [
      { kind: 'text', id: 't1', question: 'What is two plus three?', lng: 'en' },
      { kind: 'text', id: 't2', question: 'What is six minus one?', lng: 'en' },
    ];
    const provider = { ...puzzleProvider([null, 'text-token']), loadText: vi.fn(async () => questions.shift() as TextChallenge) };
    const { actor, emitted } = start({ providers: { puzzle: provider }, config: { captchaType: 'painPuzzle', lng: 'de' } });
    await flush();
    expect(actor.getSnapshot().can({ type: 'captcha.useText' })).toBe(true);
    actor.send({ type: 'captcha.useText' });
    expect(actor.getSnapshot().matches({ active: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.challenge).toBeNull();
    await flush();
    expect(provider.loadText).toHaveBeenCalledWith({ captchaType: 'painPuzzle', lng: 'de' }, expect.anything());
    expect(actor.getSnapshot().context.challenge).toMatchObject({ id: 't1' });
    // Already on the question: no second switch.
    expect(actor.getSnapshot().can({ type: 'captcha.useText' })).toBe(false);
    actor.send({ type: 'captcha.answer', answer: { text: '4' } });
    await flush();
    expect(provider.verify).toHaveBeenLastCalledWith(expect.objectContaining({ id: 't1' }), { text: '4' }, expect.anything());
    expect(provider.loadText).toHaveBeenCalledTimes(2);
    expect(provider.load).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ wrongAnswers: 1, mode: 'text', challenge: { id: 't2' } });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'captcha.answer', answer: { text: '5' } });
    await flush();
    expect(actor.getSnapshot().output).toMatchObject({ status: 'solved', token: 'text-token', elapsedMs: 2000 });
    expect(emitted).toContainEqual({ type: 'captcha.solved', token: 'text-token', elapsedMs: 2000 });
  });

  it('switching while the puzzle still loads asks the question instead; a provider without the question cannot switch', async () => {
    const provider = { ...puzzleProvider(['tok']), loadText: vi.fn(async (): Promise<TextChallenge> => ({ kind: 'text', id: 't', question: 'q', lng: 'en' })) };
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'puzzle' } });
    actor.send({ type: 'captcha.useText' });
    await flush();
    expect(actor.getSnapshot().context.challenge).toMatchObject({ kind: 'text', id: 't' });
    const plain = start({ providers: { puzzle: puzzleProvider([]) }, config: { captchaType: 'puzzle' } });
    await flush();
    expect(plain.actor.getSnapshot().can({ type: 'captcha.useText' })).toBe(false);
  });

  it('the overall time keeps running across the switch to the text question', async () => {
    const provider = { ...puzzleProvider([]), loadText: vi.fn(async (): Promise<TextChallenge> => ({ kind: 'text', id: 't', question: 'q', lng: 'en' })) };
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'puzzle' }, timeoutMs: 10_000 });
    await flush();
    vi.advanceTimersByTime(6000);
    actor.send({ type: 'captcha.useText' });
    await flush();
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().output).toMatchObject({ status: 'dismissed', reason: 'timeout' });
  });

  it('answers are ignored before a challenge exists', () => {
    const { provider } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    expect(actor.getSnapshot().can({ type: 'captcha.answer', answer: { position: 1, trail: [] } })).toBe(false);
  });
});
