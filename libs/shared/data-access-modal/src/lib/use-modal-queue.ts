import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { assertModalName } from './modal-name';
import { MODAL_STATUS, type ModalArgs, type ModalRecord, type ModalStatus } from './modal-queue.machine';
import { useModalQueueActor } from './modal-queue-context';

/** What useModalQueue returns. */
export interface ModalQueueApi {
  /** Queues (or reuses) a modal; `over` shows it over the current one. Throws ModalNameError without a name. */
  open(name: string, args?: ModalArgs, options?: { over?: boolean }): void;
  /** Closes an open modal (status 2) or drops a queued one (status 3). */
  close(name: string): void;
  /** Closes everything, e.g. on navigation. */
  closeAll(): void;
  /** Open modals, bottom first. */
  openModals: readonly ModalRecord[];
  /** Status of a modal by name, undefined when never requested. */
  statusOf(name: string): ModalStatus | undefined;
}

/** Opens and closes modals through the page's queue. */
export function useModalQueue(): ModalQueueApi {
  const actor = useModalQueueActor();
  const modals = useSelector(actor, (snapshot) => snapshot.context.modals);
  return useMemo(() => {
    const openModals = modals.filter((modal) => modal.status === MODAL_STATUS.open);
    return {
      open(name, args, options) {
        assertModalName(name);
        actor.send({ type: 'modal.open', name, ...(args ? { args } : {}), ...(options?.over ? { over: true } : {}) });
      },
      close(name) {
        actor.send({ type: 'modal.close', name });
      },
      closeAll() {
        actor.send({ type: 'modal.closeAll' });
      },
      openModals,
      statusOf(name) {
        return modals.find((modal) => modal.name === name)?.status;
      },
    };
  }, [actor, modals]);
}
