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

/** Thrown when a captcha script could not be fetched or run (blocked by the CSP or a filter, network error). */
export class ScriptLoadError extends Error {
  override readonly name = 'ScriptLoadError';
}

/**
 * Adds a script tag once per URL; later calls reuse the tag already in the document, unless it failed to load, in which
 * case a fresh tag tries again (a retry after a network error).
 */
export function injectScript(src: string, doc: Document = document): HTMLScriptElement {
  const existing = Array.from(doc.scripts).find((script) => script.src === src);
  if (existing && existing.dataset['loadFailed'] !== 'true') return existing;
  existing?.remove();
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.defer = true;
  script.addEventListener('error', () => {
    script.dataset['loadFailed'] = 'true';
  });
  doc.head.appendChild(script);
  return script;
}

/**
 * Loads a script and waits for its global: polls {@link pollFor}, and gives up at once when the tag fails to load
 * (a CSP refusal or a network error fires the tag's error event), so nobody waits out the polling budget for a script
 * that cannot arrive.
 */
export function loadScriptGlobal<T>(
  src: string,
  read: () => T | undefined | null,
  signal: AbortSignal,
  options: { intervalMs: number; maxTries: number } = SCRIPT_POLL,
  doc: Document = document,
): Promise<T> {
  const script = injectScript(src, doc);
  const local = new AbortController();
  const onAbort = () => local.abort(signal.reason);
  if (signal.aborted) local.abort(signal.reason);
  else signal.addEventListener('abort', onAbort, { once: true });
  return new Promise<T>((resolve, reject) => {
    const onError = () => {
      local.abort(new ScriptLoadError(`The script ${src} could not be loaded`));
    };
    script.addEventListener('error', onError, { once: true });
    if (script.dataset['loadFailed'] === 'true') onError();
    pollFor(read, local.signal, options)
      .then(resolve, reject)
      .finally(() => {
        script.removeEventListener('error', onError);
        signal.removeEventListener('abort', onAbort);
      });
  });
}
