import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the CLI writes and which folder it treats as the workspace; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Folder paths in messages are relative to this. */
  cwd: string;
  /** Workspace root: default brands/ lives here. */
  root: string;
  /** The environment the API would read (NODE_ENV, PAYMENT_PROVIDER) to know its platform services. */
  env: Readonly<Record<string, string | undefined>>;
}

/** The process's own streams and folders. */
export function processIo(): CliIo {
  return {
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    cwd: process.cwd(),
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
    env: process.env,
  };
}

/** Exit codes: 0 success, 1 the configuration is wrong, 2 the command was used wrongly. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/** Splits argv into positional arguments and --name value / --flag options. */
export function parseArgs(argv: readonly string[]): { positional: string[]; options: Record<string, string | true> } {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) options[name] = inline;
      else if (next !== undefined && !next.startsWith('--')) {
        options[name] = next;
        i++;
      } else options[name] = true;
    } else positional.push(arg);
  }
  return { positional, options };
}
