import { findUntakenTransitions } from '@tessera/shared/testing-xstate';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createHttpError } from '@tessera/shared/data-access-api';
import { signInMachine, type SignInApi } from './sign-in.machine';

const api = {} as SignInApi;
const refusal = (status: number, field?: string) =>
  createHttpError(
    new Response(null, { status }),
    { method: 'POST', url: '/x' },
    {
      message: 'no',
      ...(field ? { validation_errors: [{ field, message: 'wrong' }] } : {}),
    },
  );

// Any event in any state, the actors' answers included: the graph walk finds what each state does with it.
const events = [
  { type: 'password.submit', email: 'ops@example.com', password: 'secret' },
  { type: 'code.submit', code: '123456' },
  { type: 'code.submit', code: '12' },
  { type: 'flow.restart' },
  { type: 'xstate.done.actor.checkPassword', output: { stage: 'totp-enrol' } },
  { type: 'xstate.done.actor.checkPassword', output: { stage: 'totp' } },
  { type: 'xstate.error.actor.checkPassword', error: refusal(401) },
  { type: 'xstate.done.actor.startEnrolment', output: { otpauthUrl: 'otpauth://x', secret: 'S' } },
  { type: 'xstate.error.actor.startEnrolment', error: refusal(500) },
  { type: 'xstate.done.actor.confirmCode' },
  { type: 'xstate.error.actor.confirmCode', error: refusal(401, 'code') },
  { type: 'xstate.error.actor.confirmCode', error: refusal(401) },
];

const serializeState = (snapshot: { value: unknown; context: { error: string | null } }) =>
  JSON.stringify({ value: snapshot.value, error: snapshot.context.error });

describe('signInMachine paths', () => {
  it('takes every declared transition', () => {
    expect(
      findUntakenTransitions(signInMachine, { input: { api }, events, serializeState: serializeState as never }),
    ).toEqual([]);
  });

  it('reaches signed-in both through enrolment and through a code, with a pinned number of paths', () => {
    const paths = getShortestPaths(signInMachine as AnyStateMachine, {
      input: { api },
      events,
      serializeState: serializeState as never,
    });
    const signedIn = paths.filter((path) => path.state.value === 'signedIn');
    expect(signedIn.length).toBeGreaterThan(0);
    expect(paths).toHaveLength(15);
  });
});
