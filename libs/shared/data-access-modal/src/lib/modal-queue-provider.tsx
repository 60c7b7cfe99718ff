import { useActorRef } from '@xstate/react';
import type { ReactNode } from 'react';
import { modalQueueMachine, type ModalLoader } from './modal-queue.machine';
import { ModalQueueContext } from './modal-queue-context';

/** Props of ModalQueueProvider. */
export interface ModalQueueProviderProps {
  /** Loaders of lazy modals by name, e.g. `{ IDENTIFICATION_BONUS: () => import('...') }`. */
  loaders?: Readonly<Record<string, ModalLoader>>;
  children: ReactNode;
}

/** Starts one modal queue for the page; the app renders it once near the root. */
export function ModalQueueProvider({ loaders, children }: ModalQueueProviderProps) {
  const actor = useActorRef(modalQueueMachine, { input: loaders ? { loaders } : {} });
  return <ModalQueueContext.Provider value={actor}>{children}</ModalQueueContext.Provider>;
}
