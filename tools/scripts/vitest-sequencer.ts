import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of a Vitest run's files (ADR 0500). Vitest's own order puts the projects in the order of their names (the
 * React files of `dom` before the `node` files) and, on a clean clone with no results cache, the larger files first
 * within a project: the longest node files (the server start-up and crash suites) then began in the second half of the
 * run and one of them ran alone at its end. Here the `node` project goes first, its files longest first by the
 * durations recorded in `vitest-durations.json`, and the many short `dom` files fill both workers at the end. Files not
 * recorded yet count as longest (a new file may be long; at the front it cannot leave a worker waiting at the end).
 * A project's files stay together: a worker of the node project is reused for the next node file only.
 */
export const DURATIONS_FILE = path.join(import.meta.dirname, 'vitest-durations.json');

/** Projects in the order they run; a project not named here runs after these. */
const PROJECT_ORDER = ['node', 'dom'];

/** Recorded milliseconds per file, keyed by `<project>:<path from the workspace root>`. */
export type Durations = Record<string, number>;

export function readDurations(file: string = DURATIONS_FILE): Durations {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

/** `<project>:<path from root>`, the key of a file in the durations file. */
export function durationKey(project: string, root: string, file: string): string {
  return `${project}:${path.relative(root, file).split(path.sep).join('/')}`;
}

/** The run order of `files` (project, then recorded duration, longest first, then path). */
export function orderFiles<T extends { project: string; file: string }>(
  files: readonly T[],
  root: string,
  durations: Durations,
): T[] {
  const rank = (project: string): number => {
    const index = PROJECT_ORDER.indexOf(project);
    return index === -1 ? PROJECT_ORDER.length : index;
  };
  const duration = (item: T): number =>
    durations[durationKey(item.project, root, item.file)] ?? Number.POSITIVE_INFINITY;
  return [...files].sort(
    (a, b) =>
      rank(a.project) - rank(b.project) ||
      a.project.localeCompare(b.project) ||
      duration(b) - duration(a) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
  );
}

export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const items = files.map((spec) => ({ spec, project: spec.project.name, file: spec.moduleId }));
    return orderFiles(items, this.ctx.config.root, readDurations()).map((item) => item.spec);
  }
}
