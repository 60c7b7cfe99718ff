import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { assertModalName } from './modal-name';
import { MODAL_STATUS, type ModalArgs, type ModalStatus } from './modal-queue.machine';
import { useModalQueueActor } from './modal-queue-context';

/** One modal's state, for the component that renders it. */
export interface ModalHandle {
  /** True while the modal is open (status 1). */
  isOpen: boolean;
  /** Arguments of the latest request. */
  args: ModalArgs | undefined;
  /** Current status, undefined when never requested. */
  status: ModalStatus | undefined;
  /** Closes this modal. */
  close(): void;
}

/** Subscribes a modal component to its own record in the queue. */
export function useModal(name: string): ModalHandle {
  assertModalName(name);
  const actor = useModalQueueActor();
  const record = useSelector(actor, (snapshot) => snapshot.context.modals.find((modal) => modal.name === name));
  return useMemo(
    () => ({
      isOpen: record?.status === MODAL_STATUS.open,
      args: record?.args,
      status: record?.status,
      close: () => actor.send({ type: 'modal.close', name }),
    }),
    [actor, name, record],
  );
}
