/** A promise that says how it ended, as React's `use` reads a thenable it has seen before. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks a load with its outcome (`status` and `value` or `reason`), so that `use(load)` returns a finished load's
 * value in the same render instead of suspending once more, on the server (renderToString) and in the browser alike.
 * `onFailure` runs when the load fails (a cache forgets it there).
 */
export function settled<T>(load: Promise<T>, onFailure: () => void): Promise<T> {
  const tracked = load as Tracked<T>;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
      onFailure();
    },
  );
  return tracked;
}
