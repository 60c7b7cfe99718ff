// The command line of the vitals diagnostics (trace-tasks.ts, lcp-compare.ts): page addresses and numeric flags.

/** The value after `name` on the command line as a number, or `fallback` when the flag is absent. */
export function numberFlag(name: string, fallback: number, argv: readonly string[] = process.argv): number {
  const i = argv.indexOf(name);
  return i > 0 ? Number(argv[i + 1]) : fallback;
}

/** The http(s) addresses on the command line that are not a flag's value, in order. */
export function urlArguments(argv: readonly string[] = process.argv): string[] {
  return argv.slice(2).filter((a, i, all) => /^https?:/.test(a) && !/^--/.test(all[i - 1] ?? ''));
}
