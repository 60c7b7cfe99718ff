import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { modalQueueMachine } from './modal-queue.machine';

/** The running modal queue actor, provided by ModalQueueProvider. */
export const ModalQueueContext = createContext<ActorRefFrom<typeof modalQueueMachine> | null>(null);

/** The queue actor from the nearest ModalQueueProvider; throws when there is none, which is a wiring mistake. */
export function useModalQueueActor(): ActorRefFrom<typeof modalQueueMachine> {
  const actor = useContext(ModalQueueContext);
  if (!actor) throw new Error('Modal hooks need a ModalQueueProvider above them');
  return actor;
}
