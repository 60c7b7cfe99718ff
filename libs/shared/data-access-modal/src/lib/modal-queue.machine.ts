import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';

/** Modal status numbers of the spec (section 4): 0 queued, 1 open, 2 closed, 3 error (closed before opening). */
export const MODAL_STATUS = { queued: 0, open: 1, closed: 2, error: 3 } as const;

/** One of the spec's modal status numbers. */
export type ModalStatus = (typeof MODAL_STATUS)[keyof typeof MODAL_STATUS];

/** Modals whose code is loaded on demand (spec section 2, "Other screen parts"). */
export const LAZY_MODAL_NAMES = ['IDENTIFICATION_BONUS', 'TRUSTLY_REGISTRATION_MODAL_START'] as const;

/** Arguments a modal is opened with; plain data so the queue can be inspected and serialised. */
export type ModalArgs = Readonly<Record<string, unknown>>;

/** The spec's modal record: name, status, arguments; open/close/error are emitted as events. */
export interface ModalRecord {
  /** Unique name; a second request with the same name reuses this record. */
  name: string;
  /** 0 queued, 1 open, 2 closed, 3 error. */
  status: ModalStatus;
  /** Arguments of the latest request. */
  args: ModalArgs | undefined;
  /** Shown over the current modal instead of waiting its turn. */
  over: boolean;
}

/** Loads a lazy modal's code; resolves when it can be rendered. */
export type ModalLoader = () => Promise<unknown>;

/** Input of modalQueueMachine. */
export interface ModalQueueInput {
  /** Loaders of lazy modals by name (typically IDENTIFICATION_BONUS and TRUSTLY_REGISTRATION_MODAL_START). */
  loaders?: Readonly<Record<string, ModalLoader>>;
}

/** Context of modalQueueMachine. */
export interface ModalQueueContext {
  /** One record per name, in request order. */
  modals: ModalRecord[];
  loaders: Readonly<Record<string, ModalLoader>>;
  /** Lazy modals already loaded; they open without another load. */
  loaded: string[];
  /** The lazy modal being loaded. */
  loadingName: string | null;
}

/** Events of modalQueueMachine. */
export type ModalQueueEvent =
  | { type: 'modal.open'; name: string; args?: ModalArgs; over?: boolean }
  | { type: 'modal.close'; name: string }
  | { type: 'modal.closeAll' };

/** Why a modal ended in status 3. */
export type ModalFailureReason = 'closedBeforeOpening' | 'loadFailed';

/** Events the queue emits (actor.on(...)): the spec's open, close and error events of a modal record. */
export type ModalQueueEmitted =
  | { type: 'modal.opened'; name: string; args: ModalArgs | undefined }
  | { type: 'modal.closed'; name: string }
  | { type: 'modal.failed'; name: string; reason: ModalFailureReason };

function withStatus(modals: ModalRecord[], name: string, status: ModalStatus): ModalRecord[] {
  return modals.map((modal) => (modal.name === name ? { ...modal, status } : modal));
}

function firstQueued(context: ModalQueueContext): ModalRecord | undefined {
  return context.modals.find((modal) => modal.status === MODAL_STATUS.queued);
}

function needsLoad(context: ModalQueueContext, name: string): boolean {
  return name in context.loaders && !context.loaded.includes(name);
}

function recordOf(context: ModalQueueContext, name: string): ModalRecord | undefined {
  return context.modals.find((modal) => modal.name === name);
}

/**
 * The modal queue: one modal at a time unless shown over, the next queued one opens when none is open,
 * a name already known is reused, lazy modals are loaded before they open.
 */
export const modalQueueMachine = setup({
  types: {
    context: {} as ModalQueueContext,
    events: {} as ModalQueueEvent,
    input: {} as ModalQueueInput,
    emitted: {} as ModalQueueEmitted,
  },
  actors: {
    loadModal: fromPromise<unknown, { load: ModalLoader }>(({ input }) => input.load()),
  },
  guards: {
    hasName: ({ event }) => 'name' in event && typeof event.name === 'string' && event.name.trim() !== '',
    hasQueuedLazyModal: ({ context }) => {
      const next = firstQueued(context);
      return next !== undefined && needsLoad(context, next.name);
    },
    hasQueuedModal: ({ context }) => firstQueued(context) !== undefined,
    hasNoOpenModal: ({ context }) => !context.modals.some((modal) => modal.status === MODAL_STATUS.open),
    // An overlay opens at once when its code is at hand; one already open is simply reused.
    canShowOver: ({ context, event }) =>
      event.type === 'modal.open' &&
      event.over === true &&
      !needsLoad(context, event.name) &&
      recordOf(context, event.name)?.status !== MODAL_STATUS.open,
    isLoadingModal: ({ context, event }) => event.type === 'modal.close' && event.name === context.loadingName,
  },
  actions: {
    request: assign({
      modals: ({ context, event }) => {
        if (event.type !== 'modal.open') return context.modals;
        const existing = recordOf(context, event.name);
        const over = event.over === true;
        // Reuse: an open or queued modal keeps its place and takes the new arguments.
        if (existing && (existing.status === MODAL_STATUS.open || existing.status === MODAL_STATUS.queued)) {
          return context.modals.map((modal) =>
            modal.name === event.name ? { ...modal, args: event.args, over: modal.over || over } : modal,
          );
        }
        // A finished record is reused by moving it to the back of the queue.
        const rest = context.modals.filter((modal) => modal.name !== event.name);
        return [...rest, { name: event.name, status: MODAL_STATUS.queued, args: event.args, over }];
      },
    }),
    showOver: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'modal.open') return;
      const rest = context.modals.filter((modal) => modal.name !== event.name);
      enqueue.assign({
        modals: [...rest, { name: event.name, status: MODAL_STATUS.open, args: event.args, over: true }],
      });
      enqueue.emit({ type: 'modal.opened', name: event.name, args: event.args });
    }),
    openNext: enqueueActions(({ context, enqueue }) => {
      const next = firstQueued(context);
      if (!next) return;
      enqueue.assign({ modals: withStatus(context.modals, next.name, MODAL_STATUS.open) });
      enqueue.emit({ type: 'modal.opened', name: next.name, args: next.args });
    }),
    startLoading: assign({ loadingName: ({ context }) => firstQueued(context)?.name ?? null }),
    markLoaded: assign({
      loaded: ({ context }) => (context.loadingName ? [...context.loaded, context.loadingName] : context.loaded),
      loadingName: null,
    }),
    failLoading: enqueueActions(({ context, enqueue }) => {
      const name = context.loadingName;
      if (!name) return;
      enqueue.assign({ modals: withStatus(context.modals, name, MODAL_STATUS.error), loadingName: null });
      enqueue.emit({ type: 'modal.failed', name, reason: 'loadFailed' });
    }),
    close: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'modal.close') return;
      const record = recordOf(context, event.name);
      if (record?.status === MODAL_STATUS.open) {
        enqueue.assign({ modals: withStatus(context.modals, event.name, MODAL_STATUS.closed) });
        enqueue.emit({ type: 'modal.closed', name: event.name });
      } else if (record?.status === MODAL_STATUS.queued) {
        enqueue.assign({
          modals: withStatus(context.modals, event.name, MODAL_STATUS.error),
          loadingName: context.loadingName === event.name ? null : context.loadingName,
        });
        enqueue.emit({ type: 'modal.failed', name: event.name, reason: 'closedBeforeOpening' });
      }
    }),
    closeAll: enqueueActions(({ context, enqueue }) => {
      for (const modal of context.modals) {
        if (modal.status === MODAL_STATUS.open) enqueue.emit({ type: 'modal.closed', name: modal.name });
        if (modal.status === MODAL_STATUS.queued)
          enqueue.emit({ type: 'modal.failed', name: modal.name, reason: 'closedBeforeOpening' });
      }
      enqueue.assign({
        loadingName: null,
        modals: context.modals.map((modal) =>
          modal.status === MODAL_STATUS.open
            ? { ...modal, status: MODAL_STATUS.closed }
            : modal.status === MODAL_STATUS.queued
              ? { ...modal, status: MODAL_STATUS.error }
              : modal,
        ),
      });
    }),
  },
}).createMachine({
  id: 'modalQueue',
  context: ({ input }) => ({ modals: [], loaders: input.loaders ?? {}, loaded: [], loadingName: null }),
  initial: 'idle',
  on: {
    'modal.closeAll': { target: '.idle', actions: 'closeAll' },
  },
  states: {
    idle: {
      always: [
        { guard: 'hasQueuedLazyModal', target: 'loading' },
        { guard: 'hasQueuedModal', target: 'showing', actions: 'openNext' },
      ],
      on: {
        'modal.open': { guard: 'hasName', actions: 'request' },
        'modal.close': { actions: 'close' },
      },
    },
    loading: {
      entry: 'startLoading',
      invoke: {
        id: 'loadModal',
        src: 'loadModal',
        input: ({ context }) => ({ load: context.loaders[context.loadingName ?? ''] ?? (() => Promise.resolve()) }),
        onDone: { target: 'idle', actions: 'markLoaded' },
        onError: { target: 'idle', actions: 'failLoading' },
      },
      on: {
        // Nothing is open while loading, so an overlay has nothing to be shown over: it waits in the queue.
        'modal.open': { guard: 'hasName', actions: 'request' },
        'modal.close': [{ guard: 'isLoadingModal', target: 'idle', actions: 'close' }, { actions: 'close' }],
      },
    },
    showing: {
      always: { guard: 'hasNoOpenModal', target: 'idle' },
      on: {
        'modal.open': [
          { guard: and(['hasName', 'canShowOver']), actions: 'showOver' },
          { guard: 'hasName', actions: 'request' },
        ],
        'modal.close': { actions: 'close' },
      },
    },
  },
});
