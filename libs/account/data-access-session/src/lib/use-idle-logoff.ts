import type { ApiClient } from '@tessera/shared/data-access-api';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { authCalls } from './account.api';
import { idleLogoffMachine, type IdleLogoffApi } from './idle-logoff.machine';

/** The idle sign-out's server calls over the account API. */
export function idleLogoffAdapter(client: ApiClient): IdleLogoffApi {
  return {
    limits: (signal) => client.send(authCalls.sessionLimits, undefined, { signal }),
    touch: (signal) => client.send(authCalls.sessionTouch, undefined, { signal }),
    signOut: async (signal) => {
      await client.send(authCalls.logout, undefined, { signal });
    },
  };
}

/** What the idle warning shows and does. */
export interface IdleLogoff {
  /** Whether the warning is up. */
  warning: boolean;
  /** Whole seconds left while it is. */
  secondsLeft: number;
  stay(): void;
  signOut(): void;
}

/**
 * Runs the idle sign-out (libs/server/accounts README, "Idle sign-out and session lifetime") for a signed-in page; `onSignedOut` runs once when the session has ended (the
 * server ended it, or the countdown ran out and it was signed out).
 */
export function useIdleLogoff(client: ApiClient, onSignedOut: () => void): IdleLogoff {
  const api = useMemo(() => idleLogoffAdapter(client), [client]);
  const actor = useActorRef(idleLogoffMachine, { input: { api } });
  const view = useSelector(actor, (s) => ({
    warning: s.matches('warning'),
    secondsLeft: s.context.secondsLeft,
    signedOut: s.matches('signedOut'),
  }));
  useEffect(() => {
    if (view.signedOut) onSignedOut();
  }, [view.signedOut, onSignedOut]);
  return {
    warning: view.warning,
    secondsLeft: view.secondsLeft,
    stay: () => actor.send({ type: 'session.stay' }),
    signOut: () => actor.send({ type: 'session.signOut' }),
  };
}
