/** Where the HTTP client reports failures; injected so apps choose console, a collector or nothing. */
export interface ApiLogger {
  /** A failure worth an alert: network errors, timeouts, 5xx. */
  error(message: string, context?: Record<string, unknown>): void;
  /** A failure that is usually the caller's problem: 4xx other than "invalid request". */
  warn(message: string, context?: Record<string, unknown>): void;
  /** Expected refusals (403/422 "invalid request") that must not count as failures. */
  info(message: string, context?: Record<string, unknown>): void;
}

/** A logger that drops everything; the default, so tests and SSR stay quiet unless a logger is injected. */
export const silentLogger: ApiLogger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
};
