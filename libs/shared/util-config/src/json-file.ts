import type { ConfigIssue } from './config-issue';

/** Result of parsing a configuration file's text. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; issue: ConfigIssue };

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses JSON text; a syntax error becomes a ConfigIssue with line and column (never an exception),
 * because the registry must keep serving the other brands.
 */
export function parseJsonText(text: string, file: string): ParsedJson {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(raw);
    const offset = position?.[1] !== undefined ? Number(position[1]) : body.length;
    const { line, column } = lineAndColumn(body, offset);
    // V8 messages end in "in JSON at position N (line L column C)": keep only the reason, we add our own place.
    const reason = raw.replace(/\s*in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '') || 'invalid JSON';
    const found = body.trim() === '' ? 'an empty file' : reason;
    return {
      ok: false,
      issue: {
        file,
        pointer: '',
        expected: 'valid JSON',
        found,
        line,
        column,
        message: `${file}:${line}:${column}: not valid JSON: ${found}`,
      },
    };
  }
}
