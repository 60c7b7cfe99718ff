/** Spec section 9: captcha scripts are polled every 100 ms, up to 300 tries. */
export const SCRIPT_POLL = { intervalMs: 100, maxTries: 300 } as const;

/** Thrown when a captcha script did not become ready within the polling budget. */
export class ScriptNotReadyError extends Error {
  override readonly name = 'ScriptNotReadyError';
}

/**
 * Polls until `read` returns a value (a script's global), every intervalMs up to maxTries times.
 * Scripts announce readiness differently, so polling for the global is the one method that works for all.
 */
export function pollFor<T>(
  read: () => T | undefined | null,
  signal: AbortSignal,
  options: { intervalMs: number; maxTries: number } = SCRIPT_POLL,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const attempt = () => {
      const value = read();
      if (value !== undefined && value !== null) {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
        return;
      }
      tries += 1;
      if (tries >= options.maxTries) {
        signal.removeEventListener('abort', onAbort);
        reject(new ScriptNotReadyError(`Not ready after ${options.maxTries} tries`));
        return;
      }
      timer = setTimeout(attempt, options.intervalMs);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    attempt();
  });
}

/** Adds a script tag once per URL; later calls reuse the tag already in the document. */
export function injectScript(src: string, doc: Document = document): HTMLScriptElement {
  const existing = Array.from(doc.scripts).find((script) => script.src === src);
  if (existing) return existing;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.defer = true;
  doc.head.appendChild(script);
  return script;
}
