import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { captchaMachine, type CaptchaEvent, type CaptchaInput } from './captcha.machine';
import type { CaptchaProvider } from './captcha.types';
import { findUntakenTransitions } from '@tessera/shared/testing-xstate';

const provider = (kind: CaptchaProvider['kind']): CaptchaProvider => ({
  kind,
  load: async () => null,
  execute: () => () => undefined,
});
const challenge = { id: 'c', trackWidth: 280, pieceWidth: 40, image: 'data:image/png;base64,' };
const altchaChallenge = { kind: 'altcha', challenge: {}, maxCounter: 50_000 };
/** The built-in puzzle as the site runs it: with the ALTCHA check as its accessible path (ADR 0210). */
const puzzleWithAltcha = (): CaptchaProvider => ({
  ...provider('puzzle'),
  loadAltcha: async () => altchaChallenge as never,
});

const events = [
  { type: 'captcha.token', token: 'tok' },
  { type: 'captcha.token', token: '' },
  { type: 'captcha.expire' },
  { type: 'captcha.close' },
  { type: 'captcha.outsideClick' },
  { type: 'captcha.answer', answer: { position: 140, trail: [] } },
  { type: 'captcha.useAltcha' },
  { type: 'captcha.retry' },
  { type: 'xstate.done.actor.loadProvider', output: null },
  { type: 'xstate.done.actor.loadProvider', output: challenge },
  { type: 'xstate.error.actor.loadProvider', error: new Error('Not ready after 300 tries') },
  { type: 'xstate.done.actor.verifyAnswer', output: 'tok' },
  { type: 'xstate.done.actor.verifyAnswer', output: null },
  { type: 'xstate.error.actor.verifyAnswer', error: new Error('offline') },
  { type: 'xstate.after.timeout.captcha.active' },
] as unknown as CaptchaEvent[];

// Elapsed times depend on the clock and the miss counter grows on every wrong answer, so the identity keeps
// the state, whether a challenge is shown, whether the bettor missed before, and the outcome.
function serializeState(snapshot: SnapshotFrom<typeof captchaMachine>): string {
  const { challenge: shown, wrongAnswers, result, mode } = snapshot.context;
  const outcome = result ? `${result.status}${'reason' in result ? `:${result.reason}` : ''}` : null;
  return JSON.stringify({ value: snapshot.value, mode, challenge: shown !== null, missed: wrongAnswers > 0, outcome });
}

// Widget providers never return a challenge, so their traversal leaves that outcome out.
const widgetEvents = events.filter((event) => {
  const { type, output } = event as { type: string; output?: unknown };
  return !(type === 'xstate.done.actor.loadProvider' && output !== null);
});

function traverse(input: CaptchaInput, eventList: CaptchaEvent[] = events) {
  const options = { input, events: eventList, serializeState };
  return { shortest: getShortestPaths(captchaMachine, options), simple: getSimplePaths(captchaMachine, options) };
}

function outcomes(paths: Array<{ state: SnapshotFrom<typeof captchaMachine> }>): string[] {
  return [
    ...new Set(
      paths
        .filter((p) => p.state.status === 'done')
        .map((p) => {
          const output = p.state.output;
          return output && 'reason' in output ? `${output.status}:${output.reason}` : String(output?.status);
        }),
    ),
  ].sort();
}

/** No path ends without a token unless the bettor ended it (or the time ran out): a check that cannot load waits. */
const OUTCOMES = ['dismissed:cancelled', 'dismissed:closed', 'dismissed:expired', 'dismissed:timeout', 'solved'];

describe('captchaMachine paths', () => {
  it('built-in puzzle: every outcome is reachable, with pinned path counts', () => {
    const { shortest, simple } = traverse({
      config: { captchaType: 'puzzle' },
      providers: { puzzle: provider('puzzle') },
    });
    expect(new Set(shortest.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set([
        '{"active":"loading"}',
        '{"active":"executing"}',
        '{"active":"verifying"}',
        '{"active":"unavailable"}',
        '"solved"',
        '"dismissed"',
        '"cancelled"',
      ]),
    );
    expect(shortest).toHaveLength(30);
    expect(simple).toHaveLength(75);
    // Every ending reports how long it took, except a captcha that never ran.
    for (const path of simple) {
      if (path.state.status === 'done') expect(path.state.output).toHaveProperty('elapsedMs');
    }
    expect(outcomes(simple)).toEqual(OUTCOMES);
  });

  it('built-in puzzle with the ALTCHA check: the same outcomes from either, the switch made at most once', () => {
    const { shortest, simple } = traverse({
      config: { captchaType: 'puzzle' },
      providers: { puzzle: puzzleWithAltcha() },
    });
    expect([shortest.length, simple.length]).toEqual([60, 575]);
    const modes = new Set(simple.map((p) => p.state.context.mode));
    expect(modes).toEqual(new Set(['puzzle', 'altcha']));
    // Once on the ALTCHA check, the bettor is never sent back to the puzzle.
    for (const path of simple) {
      const seen = path.steps.map((step) => step.state.context.mode);
      expect(seen.slice(seen.indexOf('altcha')).every((m) => m === 'altcha') || !seen.includes('altcha')).toBe(true);
    }
    expect(outcomes(simple.filter((p) => p.state.context.mode === 'altcha'))).toEqual(OUTCOMES);
  });

  it('widget provider: no verifying state, a script that cannot load waits for a retry, pinned path counts', () => {
    const { shortest, simple } = traverse(
      { config: { captchaType: 'hcaptcha' }, providers: { hcaptcha: provider('hcaptcha') } },
      widgetEvents,
    );
    expect(shortest.some((p) => JSON.stringify(p.state.value) === '{"active":"verifying"}')).toBe(false);
    expect(shortest.some((p) => JSON.stringify(p.state.value) === '{"active":"unavailable"}')).toBe(true);
    expect([shortest.length, simple.length]).toEqual([8, 14]);
    expect(outcomes(simple)).toEqual(OUTCOMES);
    // From unavailable the only ways on are a retry (back to loading) or the bettor ending it: never a token-less end.
    for (const path of simple) {
      const at = path.steps.findIndex((step) => step.state.matches({ active: 'unavailable' }));
      if (at >= 0 && path.state.status === 'done')
        expect(path.state.output?.status === 'solved' || path.state.output?.status === 'dismissed').toBe(true);
    }
  });

  it('forced off: a single path to disabled', () => {
    const { shortest } = traverse({
      config: { captchaType: 'hcaptcha' },
      providers: { hcaptcha: provider('hcaptcha') },
      forcedOff: true,
    });
    expect(shortest.map((p) => p.state.value)).toEqual(['disabled']);
  });
});

describe('captchaMachine transition coverage', () => {
  it('every declared transition is taken by some reachable state of the puzzle captcha', () => {
    const input = { config: { captchaType: 'puzzle' }, providers: { puzzle: puzzleWithAltcha() } };
    expect(findUntakenTransitions(captchaMachine, { input, events, serializeState: serializeState as never })).toEqual(
      [],
    );
  });
});
