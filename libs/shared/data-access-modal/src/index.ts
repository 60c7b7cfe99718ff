export {
  LAZY_MODAL_NAMES,
  MODAL_STATUS,
  modalQueueMachine,
  type ModalArgs,
  type ModalFailureReason,
  type ModalLoader,
  type ModalQueueContext as ModalQueueMachineContext,
  type ModalQueueEmitted,
  type ModalQueueEvent,
  type ModalQueueInput,
  type ModalRecord,
  type ModalStatus,
} from './lib/modal-queue.machine';
export { ModalNameError, assertModalName } from './lib/modal-name';
export { ModalQueueProvider, type ModalQueueProviderProps } from './lib/modal-queue-provider';
export { useModalQueue, type ModalQueueApi } from './lib/use-modal-queue';
export { useModal, type ModalHandle } from './lib/use-modal';
