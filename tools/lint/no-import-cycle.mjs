// The workspace's import-cycle rule (ADR 0237): an ESLint rule over one module graph of the whole TypeScript
// program, built once per ESLint process. Every import is resolved the way tsc resolves it (tsconfig.json, so the
// @tessera/* aliases lead into each library's public door), and the graph's strongly connected components are the
// cycles. Linting a file then costs a lookup, where import-x/no-cycle re-parses the dependencies of every file it
// lints and took most of `npx eslint .` on this tree.
//
// An edge is a static `import` or `export ... from` that can exist at run time: `import type`, `export type` and
// imports whose every name is `type` are erased and do not count; `import()` loads lazily and does not count.
import path from 'node:path';
import ts from 'typescript';

/** @typedef {{ target: string, specifier: string }} Edge */
/** @typedef {{ root: string, edges: Map<string, Edge[]>, component: Map<string, number> }} ModuleGraph */

/** @type {Map<string, ModuleGraph>} */
const graphs = new Map();

/** @param {ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>} elements */
const allTypeOnly = (elements) => elements.length > 0 && elements.every((element) => element.isTypeOnly);

/**
 * The run-time module specifiers of a source file: static imports and re-exports that survive type erasure.
 * @param {ts.SourceFile} source
 * @returns {string[]}
 */
function runtimeSpecifiers(source) {
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      if (
        clause &&
        !clause.name &&
        clause.namedBindings &&
        ts.isNamedImports(clause.namedBindings) &&
        allTypeOnly(clause.namedBindings.elements)
      )
        continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause) &&
        allTypeOnly(statement.exportClause.elements)
      )
        continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference)
    ) {
      const expression = statement.moduleReference.expression;
      if (ts.isStringLiteral(expression)) specifiers.push(expression.text);
    }
  }
  return specifiers;
}

/**
 * Tarjan's strongly connected components (iteratively, so deep graphs cannot overflow the stack). Only components that
 * are cycles are kept: more than one file, or a file that imports itself.
 * @param {Map<string, Edge[]>} edges
 * @returns {Map<string, number>}
 */
function cyclicComponents(edges) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let counter = 0;
  let componentId = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.node) ?? [];
      if (frame.next < out.length) {
        const target = out[frame.next++].target;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.node);
        const selfLoop = (edges.get(frame.node) ?? []).some((edge) => edge.target === frame.node);
        if (members.length > 1 || selfLoop) {
          for (const m of members) component.set(m, componentId);
          componentId++;
        }
      }
    }
  }
  return component;
}

/**
 * The module graph of the program `tsconfig` describes (its files, resolved with its compiler options).
 * @param {string} tsconfig absolute path of a tsconfig.json
 * @returns {ModuleGraph}
 */
export function moduleGraph(tsconfig) {
  const cached = graphs.get(tsconfig);
  if (cached) return cached;
  const root = path.dirname(tsconfig);
  const config = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (config.error)
    throw new Error(
      `no-import-cycle: cannot read ${tsconfig}: ${ts.flattenDiagnosticMessageText(config.error.messageText, '\n')}`,
    );
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = new Set(parsed.fileNames.map((file) => path.resolve(file)));
  const cache = ts.createModuleResolutionCache(root, (name) => name, parsed.options);
  /** @type {Map<string, Edge[]>} */
  const edges = new Map();
  for (const file of files) {
    const text = ts.sys.readFile(file);
    if (text === undefined) continue; // removed since the program was listed
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
    const out = [];
    for (const specifier of runtimeSpecifiers(source)) {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (files.has(target)) out.push({ target, specifier });
    }
    edges.set(file, out);
  }
  const graph = { root, edges, component: cyclicComponents(edges) };
  graphs.set(tsconfig, graph);
  return graph;
}

/**
 * The shortest way back from `from` to `to` inside one cycle, as files.
 * @param {ModuleGraph} graph
 */
function pathBack(graph, from, to) {
  const id = graph.component.get(to);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const { target } of graph.edges.get(node) ?? []) {
      if (previous.has(target) || graph.component.get(target) !== id) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const route = [];
  for (let node = to; node !== null && node !== undefined; node = previous.get(node)) route.unshift(node);
  return route;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid run-time import cycles across the whole TypeScript program (ADR 0237).' },
    schema: [
      {
        type: 'object',
        properties: { tsconfig: { type: 'string' } },
        required: ['tsconfig'],
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both sides need into a third module (ADR 0237).' },
  },
  create(context) {
    const graph = moduleGraph(context.options[0].tsconfig);
    const file = path.resolve(context.filename);
    const id = graph.component.get(file);
    if (id === undefined) return {};
    const edges = graph.edges.get(file) ?? [];
    const check = (node) => {
      if (
        !node.source ||
        typeof node.source.value !== 'string' ||
        node.importKind === 'type' ||
        node.exportKind === 'type'
      )
        return;
      for (const edge of edges) {
        if (edge.specifier !== node.source.value || graph.component.get(edge.target) !== id) continue;
        const cycle = [file, ...pathBack(graph, edge.target, file)]
          .map((f) => path.relative(graph.root, f))
          .join(' → ');
        context.report({ node: node.source, messageId: 'cycle', data: { cycle } });
        return;
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The plugin eslint.config.mjs registers as `tessera`. */
export const tesseraLintPlugin = { meta: { name: 'tessera' }, rules: { 'no-import-cycle': noImportCycle } };
