// Types of no-import-cycle.mjs for the TypeScript tests that use it.
import type { ESLint } from 'eslint';

export interface ModuleGraph {
  root: string;
  edges: Map<string, Array<{ target: string; specifier: string }>>;
  component: Map<string, number>;
}
export declare function moduleGraph(tsconfig: string): ModuleGraph;
export declare const tesseraLintPlugin: ESLint.Plugin;
