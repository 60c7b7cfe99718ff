import { describe, expect, it } from 'vitest';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import type { AnyStateMachine, EventObject } from 'xstate';
import { phoneAddMachine, type PhoneAddApi } from './phone-add.machine';
import { phoneChangeMachine, type PhoneChangeApi } from './phone-change.machine';
import { findUntakenTransitions } from '@tessera/shared/testing-xstate';
import { twoFactorMachine, type TwoFactorApi } from './two-factor.machine';

const http = (status: number, extra: object = {}) => ({ status, body: { message: 'x' }, ...extra });
const network = new TypeError('offline');

// State identity: where the machine is and what kind of error it shows; typed values and api functions are left out.
function serializeState(snapshot: {
  value: unknown;
  context: { error: { kind: string; field: string } | null };
}): string {
  const error = snapshot.context.error ? `${snapshot.context.error.kind}:${snapshot.context.error.field}` : null;
  return JSON.stringify({ value: snapshot.value, error });
}

/** Leaf state ids of a machine, e.g. 'phoneChange.awaitingCode.entry.checking'. */
function leafIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => Object.keys(node.states).length === 0 && node.type !== 'history')
    .map((node) => node.id);
}

function reachedLeafIds(machine: AnyStateMachine, paths: Array<{ state: { _nodes?: unknown } }>): Set<string> {
  const ids = new Set<string>();
  for (const path of paths) {
    for (const node of (path.state as unknown as { _nodes: Array<{ id: string; states: object }> })._nodes) {
      if (Object.keys(node.states).length === 0) ids.add(node.id);
    }
  }
  return ids;
}

function traverse(machine: AnyStateMachine, input: unknown, events: EventObject[]) {
  // Shortest paths only: simple paths of these flows run to tens of thousands (two-factor: 22534) without adding cases.
  return { shortest: getShortestPaths(machine, { input, events, serializeState: serializeState as never }) };
}

describe('phoneChangeMachine paths', () => {
  const api = {} as PhoneChangeApi;
  const events = [
    { type: 'code.send' },
    { type: 'code.resend' },
    { type: 'code.submit', code: '1234' },
    { type: 'answer.submit', answer: 'Rex' },
    { type: 'phone.submit', phoneNumber: '77011234567' },
    { type: 'phone.edit' },
    { type: 'flow.cancel' },
    { type: 'xstate.done.actor.sendCode', output: { code_length: 4 } },
    { type: 'xstate.error.actor.sendCode', error: network },
    { type: 'xstate.error.actor.sendCode', error: http(429, { retryAfterMs: 1000 }) },
    { type: 'xstate.done.actor.checkConfirmCode' },
    { type: 'xstate.error.actor.checkConfirmCode', error: http(422) },
    { type: 'xstate.error.actor.checkConfirmCode', error: http(410) },
    { type: 'xstate.done.actor.checkUserAnswer' },
    { type: 'xstate.error.actor.checkUserAnswer', error: http(400) },
    { type: 'xstate.done.actor.changePhone', output: { code_length: 4 } },
    { type: 'xstate.error.actor.changePhone', error: http(422) },
    { type: 'xstate.error.actor.changePhone', error: http(410) },
    { type: 'xstate.done.actor.confirmNewPhone' },
    { type: 'xstate.error.actor.confirmNewPhone', error: http(422) },
    { type: 'xstate.error.actor.confirmNewPhone', error: http(410) },
    { type: 'xstate.after.retryAfter.phoneChange.idle.coolingDown' },
    { type: 'xstate.after.resendCooldown.phoneChange.awaitingCode.resend.coolingDown' },
    { type: 'xstate.after.resendCooldown.phoneChange.awaitingNewCode.resend.coolingDown' },
  ];

  it('reaches every state, with pinned path counts for accounts with and without a secure question', () => {
    const withQuestion = traverse(phoneChangeMachine, { api, hasSecureQuestion: true }, events);
    expect(reachedLeafIds(phoneChangeMachine, withQuestion.shortest)).toEqual(new Set(leafIds(phoneChangeMachine)));
    expect(withQuestion.shortest).toHaveLength(48);

    const withoutQuestion = traverse(phoneChangeMachine, { api, hasSecureQuestion: false }, events);
    expect(reachedLeafIds(phoneChangeMachine, withoutQuestion.shortest).has('phoneChange.awaitingAnswer.editing')).toBe(
      false,
    );
    // Each account kind takes one of the two exits of the code check; together they take every transition.
    const untaken = [true, false].map((hasSecureQuestion) =>
      findUntakenTransitions(phoneChangeMachine, {
        input: { api, hasSecureQuestion },
        events,
        serializeState: serializeState as never,
      }),
    );
    expect(untaken[0]?.filter((id) => untaken[1]?.includes(id))).toEqual([]);
    expect(untaken[0]).toEqual(['phoneChange.awaitingCode.entry.checking --xstate.done.actor.checkConfirmCode#1-->']);
    expect(withoutQuestion.shortest).toHaveLength(44);
  });
});

describe('phoneAddMachine paths', () => {
  const api = {} as PhoneAddApi;
  const events = [
    { type: 'phone.submit', phoneNumber: '4915123456789' },
    { type: 'phone.edit' },
    { type: 'code.submit', code: '123456' },
    { type: 'code.resend' },
    { type: 'flow.cancel' },
    { type: 'xstate.done.actor.createPhoneNumber', output: { code_length: 6 } },
    { type: 'xstate.error.actor.createPhoneNumber', error: http(422) },
    { type: 'xstate.error.actor.createPhoneNumber', error: http(429, { retryAfterMs: 1000 }) },
    { type: 'xstate.done.actor.confirmPhoneNumber' },
    { type: 'xstate.error.actor.confirmPhoneNumber', error: http(400) },
    { type: 'xstate.error.actor.confirmPhoneNumber', error: http(410) },
    { type: 'xstate.after.resendCooldown.phoneAdd.awaitingCode.resend.coolingDown' },
  ];

  it('reaches every state with pinned path counts', () => {
    const { shortest } = traverse(phoneAddMachine, { api }, events);
    expect(reachedLeafIds(phoneAddMachine, shortest)).toEqual(new Set(leafIds(phoneAddMachine)));
    expect(
      findUntakenTransitions(phoneAddMachine, { input: { api }, events, serializeState: serializeState as never }),
    ).toEqual([]);
    expect(shortest).toHaveLength(27);
  });
});

describe('twoFactorMachine paths', () => {
  const api = {} as TwoFactorApi;
  const events = [
    { type: 'twoFactor.start' },
    { type: 'twoFactor.cancel' },
    { type: 'sms.send' },
    { type: 'code.submit', appCode: '123456', smsCode: '1111' },
    { type: 'hash.submit', hash: 'h' },
    { type: 'xstate.done.actor.getQrCode', output: { qr_code_url: 'u', qr_link: 'l', code: 'c' } },
    { type: 'xstate.error.actor.getQrCode', error: network },
    { type: 'xstate.done.actor.sendSmsCode' },
    { type: 'xstate.error.actor.sendSmsCode', error: network },
    { type: 'xstate.error.actor.sendSmsCode', error: http(429, { retryAfterMs: 1000 }) },
    { type: 'xstate.done.actor.enable' },
    { type: 'xstate.error.actor.enable', error: { status: 400, body: { message: 'sms', error_code: 2 } } },
    { type: 'xstate.error.actor.enable', error: http(400) },
    { type: 'xstate.done.actor.disable' },
    { type: 'xstate.error.actor.disable', error: http(422) },
    { type: 'xstate.after.smsCooldown.twoFactor.setup.sms.coolingDown' },
  ];

  it('reaches every state from both starting points, with pinned path counts', () => {
    const fromInactive = traverse(twoFactorMachine, { api, enabled: false, smsRequired: true }, events);
    expect(reachedLeafIds(twoFactorMachine, fromInactive.shortest)).toEqual(
      new Set(leafIds(twoFactorMachine).filter((id) => id !== 'twoFactor.deciding')),
    );
    expect(fromInactive.shortest).toHaveLength(30);

    const fromActive = traverse(twoFactorMachine, { api, enabled: true, smsRequired: false }, events);
    expect(reachedLeafIds(twoFactorMachine, fromActive.shortest).has('twoFactor.setup.sms.sending')).toBe(false);
    expect(
      findUntakenTransitions(twoFactorMachine, {
        input: { api, enabled: false, smsRequired: true },
        events,
        serializeState: serializeState as never,
      }),
    ).toEqual([]);
    expect(fromActive.shortest).toHaveLength(11);
  });
});
