/** Thrown when a modal is opened without a name (spec section 8: "modal without name throws"). */
export class ModalNameError extends Error {
  override readonly name = 'ModalNameError';
  constructor() {
    super('A modal needs a name');
  }
}

/** Throws ModalNameError unless the name is a non-blank string; the queue keys and reuses records by name. */
export function assertModalName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.trim() === '') throw new ModalNameError();
}
