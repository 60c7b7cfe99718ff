import ts from 'typescript';

/**
 * A read found in source code, as the chain of names it goes through: `config.coupon.features.sale` gives
 * `['config', 'coupon', 'features', 'sale']`. `*` stands for an item of a collection (`links.map((link) => link.title)`
 * gives `['links', '*', 'title']`), `?` for a computed key (`features[name]`).
 */
export type ReadChain = string[];

/** Calls whose callback's first parameter is an item of the receiver. */
const ITEM_CALLBACKS = new Set([
  'map',
  'flatMap',
  'filter',
  'find',
  'findLast',
  'some',
  'every',
  'forEach',
  'sort',
  'toSorted',
  'reduce',
]);
/** Marks the [key, value] pairs of Object.entries(x) in a chain (see normalise). */
const ENTRIES = '%entries';

/** Reads through Object.entries pairs: `x %entries * 1` is the value `x *`, `x %entries * 0` the key (not a read). */
function normalise(chain: ReadChain): ReadChain | undefined {
  const out: string[] = [];
  for (let i = 0; i < chain.length; i += 1) {
    const segment = chain[i] as string;
    if (segment !== ENTRIES) {
      out.push(segment);
      continue;
    }
    if (chain[i + 1] !== '*' && chain[i + 1] !== '?') return out.length > 1 ? out : undefined;
    if (chain[i + 2] === '1') {
      out.push('*');
      i += 2;
      continue;
    }
    // A name read from a pair: the pairs were mapped into items (`.map(([id, item]) => ({ ...item, id }))`).
    const next = chain[i + 2];
    if (next !== undefined && next !== '0' && next !== '*' && next !== '?') {
      out.push('*');
      i += 1;
      continue;
    }
    return out.length > 1 ? out : undefined; // the key, the pair itself or the end of the chain: x itself is read
  }
  return out;
}

/** Calls that return a collection of the receiver's items. */
const SAME_ITEMS = new Set(['filter', 'sort', 'toSorted', 'slice', 'map', 'concat', 'reverse', 'toReversed']);
/** A string that names a configuration path: `coupon.features.sale` or `/coupon/features/sale`. */
const DOTTED = /^[a-zA-Z][a-zA-Z0-9]*(\.([a-zA-Z0-9]+|\*))+$/;
const POINTER = /^(\/([a-zA-Z][a-zA-Z0-9]*|\*))+$/;

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Object types declared in production code (interfaces, type aliases of literals): their members and the types they extend. */
interface DeclaredType {
  members: Map<string, ts.TypeNode>;
  bases: ts.TypeNode[];
}

function membersOf(members: ts.NodeArray<ts.TypeElement>): Map<string, ts.TypeNode> {
  const map = new Map<string, ts.TypeNode>();
  for (const member of members) {
    if (
      ts.isPropertySignature(member) &&
      member.type &&
      (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
    )
      map.set(member.name.text, member.type);
  }
  return map;
}

/** What production code knows across files: declared types, return types, and what callers pass to functions. */
interface Program {
  typeChains: ReadonlyMap<string, ReadChain[]>;
  declared: Map<string, DeclaredType>;
  /** Function name -> its declared return type. */
  returns: Map<string, ts.TypeNode>;
  /** `fn#index` -> chains callers pass as that argument (`fn#index.prop` for a member of an object literal or JSX props). */
  args: Map<string, ReadChain[]>;
  /** Short strings that appear in production code: evidence for a computed key (`features[name]`). */
  strings: Set<string>;
}

/**
 * Parses the files and returns the chains they read, with the short strings they spell. Aliases are followed within
 * a file: after `const features = config.coupon.features`, `features.sale` reads `config.coupon.features.sale`;
 * destructuring, item callbacks, `Object.values`/`Object.entries`, `for … of` and values typed with a generated
 * configuration type (`(link: FooterLink) =>`) count too. Strings that spell a path (`useFeature('coupon.sale')`,
 * `explain('/coupon/features/sale')`, `` `office.pages.${id}` ``) are chains as they are. Types and functions declared
 * in one file are known in all; what a caller passes to a function (or a JSX component) is bound to its parameters,
 * so the files are walked twice.
 *
 * `typeChains` maps a generated type name (`FooterLink`) to the chains its values live at
 * (`[['config', 'footer', 'sections', '*', 'links', '*']]`).
 */
export function readChainsOfFiles(
  files: ReadonlyArray<{ name: string; text: string }>,
  typeChains: ReadonlyMap<string, ReadChain[]>,
): { chains: ReadChain[]; strings: Set<string> } {
  const sources = files.map((file) =>
    ts.createSourceFile(
      file.name,
      file.text,
      ts.ScriptTarget.Latest,
      true,
      file.name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    ),
  );
  const declared = new Map<string, DeclaredType>();
  const program: Program = { typeChains, declared, returns: new Map(), args: new Map(), strings: new Set() };
  const collect = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.type) program.returns.set(node.name.text, node.type);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isArrowFunction(node.initializer) &&
      node.initializer.type
    ) {
      program.returns.set(node.name.text, node.initializer.type);
    }
    if (ts.isStringLiteralLike(node) && /^[a-zA-Z][a-zA-Z0-9]{0,40}$/.test(node.text)) program.strings.add(node.text);
    if (ts.isInterfaceDeclaration(node)) {
      const bases =
        node.heritageClauses?.flatMap((clause) => clause.types.map((t) => t as unknown as ts.TypeNode)) ?? [];
      declared.set(`#${node.name.text}`, { members: membersOf(node.members), bases });
    }
    if (ts.isTypeAliasDeclaration(node)) {
      if (ts.isTypeLiteralNode(node.type))
        declared.set(`#${node.name.text}`, { members: membersOf(node.type.members), bases: [] });
      else if (ts.isIntersectionTypeNode(node.type)) {
        const literal = node.type.types.filter(ts.isTypeLiteralNode).flatMap((t) => [...membersOf(t.members)]);
        declared.set(`#${node.name.text}`, {
          members: new Map(literal),
          bases: node.type.types.filter((t) => !ts.isTypeLiteralNode(t)),
        });
      }
    }
    ts.forEachChild(node, collect);
  };
  for (const source of sources) collect(source);
  for (const source of sources) readChains(source, program, true);
  return { chains: sources.flatMap((source) => readChains(source, program, false)), strings: program.strings };
}

/** The name a function is known by: its declaration, or the variable it is assigned to (through `memo(...)` and the like). */
function functionName(fn: ts.SignatureDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) return fn.name.text;
  let parent: ts.Node = fn.parent;
  while (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent)) parent = parent.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

/** `first` records what callers pass to functions; the second walk binds it to parameters and keeps the chains. */
function readChains(source: ts.SourceFile, program: Program, first: boolean): ReadChain[] {
  const { typeChains, declared } = program;
  const record = (key: string, found: ReadChain[]) => {
    if (!first || found.length === 0) return;
    const list = program.args.get(key);
    if (list) list.push(...found);
    else program.args.set(key, [...found]);
  };
  const aliases = new Map<string, ReadChain[]>();
  const chains: ReadChain[] = [];

  /** The chains an expression stands for (several when an alias or a type is ambiguous). */
  const chainsOf = (expr: ts.Expression, depth = 0): ReadChain[] => {
    const node = unwrap(expr);
    if (depth > 8) return [];
    if (ts.isIdentifier(node)) return [...(aliases.get(node.text) ?? []), [node.text]];
    if (ts.isPropertyAccessExpression(node)) {
      return chainsOf(node.expression, depth + 1).map((c) => [...c, node.name.text]);
    }
    if (ts.isElementAccessExpression(node)) {
      const arg = node.argumentExpression;
      // A computed key reads some key (`?`): the schema's names it can be are the strings the code spells.
      const key = ts.isStringLiteralLike(arg) || ts.isNumericLiteral(arg) ? arg.text : '?';
      return chainsOf(node.expression, depth + 1).map((c) => [...c, key]);
    }
    if (ts.isCallExpression(node)) {
      const callee = unwrap(node.expression);
      // Object.values(x) / Object.entries(x): the items of x.
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'Object'
      ) {
        const first = node.arguments[0];
        if (first && callee.name.text === 'values') return chainsOf(first, depth + 1);
        // The items of Object.entries(x) are [key, value] pairs: ENTRIES marks them until [1] or a pattern picks the value.
        if (first && callee.name.text === 'entries') return chainsOf(first, depth + 1).map((c) => [...c, ENTRIES]);
      }
      // Methods that keep the items of a collection (map keeps them too, often enough: `{ ...item, id }`).
      if (ts.isPropertyAccessExpression(callee) && SAME_ITEMS.has(callee.name.text))
        return chainsOf(callee.expression, depth + 1);
      if (ts.isPropertyAccessExpression(callee) && ['find', 'findLast', 'at'].includes(callee.name.text)) {
        return chainsOf(callee.expression, depth + 1).map((c) => [...c, '*']);
      }
      if (ts.isIdentifier(callee)) {
        const returned = program.returns.get(callee.text);
        return [[`${callee.text}()`], ...(returned ? typeOf(returned) : [])];
      }
      return [];
    }
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      return [...chainsOf(node.left, depth + 1), ...chainsOf(node.right, depth + 1)];
    }
    if (ts.isConditionalExpression(node))
      return [...chainsOf(node.whenTrue, depth + 1), ...chainsOf(node.whenFalse, depth + 1)];
    return [];
  };

  const typeOf = (type: ts.TypeNode | undefined): ReadChain[] => {
    if (!type) return [];
    if (ts.isTypeReferenceNode(type)) {
      const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
      // Record<string, V>: the map whose items are V.
      if (name === 'Record' && type.typeArguments?.[1]) {
        return typeOf(type.typeArguments[1]).flatMap((c) => (c.at(-1) === '*' ? [c.slice(0, -1)] : []));
      }
      const chainsForType = typeChains.get(name) ?? (declared.has(`#${name}`) ? [[`#${name}`]] : []);
      // Readonly<X>, Partial<X>, X[] wrappers.
      const inner = type.typeArguments?.flatMap((arg) => typeOf(arg)) ?? [];
      return [...chainsForType, ...inner];
    }
    // T[]: the collection whose items are T (the item chain of a generated type ends in `*`; a declared type gets `[]`).
    if (ts.isArrayTypeNode(type)) {
      return typeOf(type.elementType).map((c) =>
        c.at(-1) === '*' ? c.slice(0, -1) : c.length === 1 && c[0]?.startsWith('#') ? [`${c[0]}[]`] : [...c, '?'],
      );
    }
    if (ts.isIndexedAccessTypeNode(type)) {
      const index = type.indexType;
      const key = ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : '?';
      return typeOf(type.objectType).map((c) => [...c, key]);
    }
    if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) return type.types.flatMap((t) => typeOf(t));
    if (ts.isParenthesizedTypeNode(type)) return typeOf(type.type);
    if (ts.isExpressionWithTypeArguments(type)) {
      const expr = type.expression;
      return ts.isIdentifier(expr)
        ? (typeChains.get(expr.text) ?? (declared.has(`#${expr.text}`) ? [[`#${expr.text}`]] : []))
        : [];
    }
    if (ts.isTypeLiteralNode(type)) {
      const name = `#literal${declared.size}`;
      declared.set(name, { members: membersOf(type.members), bases: [] });
      return [[name]];
    }
    return [];
  };

  /** Binds a name or a destructuring pattern to the chains of the value it receives. */
  const bind = (name: ts.BindingName, from: ReadChain[]) => {
    if (ts.isIdentifier(name)) {
      if (from.length > 0) aliases.set(name.text, [...(aliases.get(name.text) ?? []), ...from]);
      return;
    }
    if (ts.isObjectBindingPattern(name)) {
      for (const element of name.elements) {
        const prop = element.propertyName ?? (ts.isIdentifier(element.name) ? element.name : undefined);
        const key = prop && (ts.isIdentifier(prop) || ts.isStringLiteralLike(prop)) ? prop.text : '*';
        if (element.dotDotDotToken) continue;
        const sub = from.map((c) => [...c, key]);
        chains.push(...sub);
        bind(element.name, sub);
      }
      return;
    }
    // Array patterns: [key, value] of an Object.entries(x) item binds value to the item of x; others get items.
    name.elements.forEach((element, index) => {
      if (ts.isOmittedExpression(element)) return;
      bind(
        element.name,
        from.map((c) => [...c, String(index)]),
      );
    });
  };

  /** Chains of a string literal or template that spells a configuration path. */
  const pathString = (node: ts.StringLiteralLike | ts.TemplateExpression): ReadChain | undefined => {
    const text = ts.isTemplateExpression(node)
      ? node.head.text + node.templateSpans.map((span) => `*${span.literal.text}`).join('')
      : node.text;
    if (DOTTED.test(text)) return text.split('.');
    if (POINTER.test(text)) return text.slice(1).split('/');
    return undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const from = [...chainsOf(node.initializer), ...typeOf(node.type)];
      bind(node.name, from);
    } else if (ts.isVariableDeclaration(node) && node.type) {
      bind(node.name, typeOf(node.type));
    } else if (ts.isParameter(node)) {
      const from = typeOf(node.type);
      if (node.initializer) from.push(...chainsOf(node.initializer));
      const fn = node.parent;
      const name = functionName(fn);
      if (name && !first) {
        const key = `${name}#${fn.parameters.indexOf(node)}`;
        from.push(...(program.args.get(key) ?? []), [`@${key}`]);
      }
      bind(node.name, from);
    } else if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      // <Footer sections={config.footer.sections} />: the component's first parameter gets them as props.
      if (ts.isIdentifier(node.tagName)) {
        for (const attribute of node.attributes.properties) {
          if (
            ts.isJsxAttribute(attribute) &&
            ts.isIdentifier(attribute.name) &&
            attribute.initializer &&
            ts.isJsxExpression(attribute.initializer) &&
            attribute.initializer.expression
          ) {
            record(`${node.tagName.text}#0.${attribute.name.text}`, chainsOf(attribute.initializer.expression));
          }
        }
      }
    } else if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const declaration = node.initializer.declarations[0];
      if (declaration)
        bind(
          declaration.name,
          chainsOf(node.expression).map((c) => [...c, '*']),
        );
    } else if (ts.isCallExpression(node)) {
      const callee = unwrap(node.expression);
      if (ts.isIdentifier(callee)) {
        node.arguments.forEach((arg, index) => {
          const value = unwrap(arg);
          if (ts.isObjectLiteralExpression(value)) {
            for (const property of value.properties) {
              if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name))
                record(`${callee.text}#${index}.${property.name.text}`, chainsOf(property.initializer));
              if (ts.isShorthandPropertyAssignment(property))
                record(`${callee.text}#${index}.${property.name.text}`, chainsOf(property.name));
            }
          } else {
            record(`${callee.text}#${index}`, chainsOf(value));
          }
        });
      }
      if (ts.isPropertyAccessExpression(callee) && ITEM_CALLBACKS.has(callee.name.text)) {
        const items = chainsOf(callee.expression).map((c) => [...c, '*']);
        const callback = node.arguments[0];
        // .sort(byOrder): a named function gets the items as its arguments.
        if (callback && ts.isIdentifier(callback)) {
          record(`${callback.text}#0`, items);
          if (callee.name.text === 'sort' || callee.name.text === 'toSorted') record(`${callback.text}#1`, items);
        }
        if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
          const param = callback.parameters[callee.name.text === 'reduce' ? 1 : 0];
          if (param) bind(param.name, items);
          if (callee.name.text === 'sort' || callee.name.text === 'toSorted') {
            const second = callback.parameters[1];
            if (second) bind(second.name, items);
          }
        }
      }
      // useFeature('coupon.sale') also reads coupon.features.sale, and the flag of an { enabled } switch.
      if (ts.isIdentifier(callee) && ['useFeature', 'isFeatureOn'].includes(callee.text)) {
        const arg = node.arguments[callee.text === 'useFeature' ? 0 : 1];
        const single =
          arg && ts.isStringLiteralLike(arg) && /^[a-zA-Z][a-zA-Z0-9]*$/.test(arg.text) ? [arg.text] : undefined;
        const chain =
          single ??
          (arg && (ts.isStringLiteralLike(arg) || ts.isTemplateExpression(arg)) ? pathString(arg) : undefined);
        if (chain) {
          const [section, ...rest] = chain;
          const variants = rest.length > 0 && section ? [chain, [section, 'features', ...rest]] : [chain];
          for (const variant of variants) chains.push(['config', ...variant], ['config', ...variant, 'enabled']);
        }
      }
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const chain = pathString(node);
      if (chain) chains.push(['config', ...chain]);
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      // Only the outermost access of a chain is recorded: it contains the inner ones.
      const parent = node.parent;
      const outer =
        !(ts.isPropertyAccessExpression(parent) && parent.expression === node) &&
        !(ts.isElementAccessExpression(parent) && parent.expression === node);
      if (outer) chains.push(...chainsOf(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (first) return [];
  // A chain that starts at a local object type continues with the type of the member it reads.
  const expand = (chain: ReadChain, depth: number): ReadChain[] => {
    const head = chain[0];
    if (head?.startsWith('@') && chain[1] !== undefined && depth <= 4) {
      // A member of a parameter: what callers pass as that member.
      const passed = program.args.get(`${head.slice(1)}.${chain[1]}`) ?? [];
      return passed.flatMap((c) => expand([...c, ...chain.slice(2)], depth + 1));
    }
    if (!head?.startsWith('#') || depth > 4) return [chain];
    if (head.endsWith('[]'))
      return chain[1] === '*' || chain[1] === '?' ? expand([head.slice(0, -2), ...chain.slice(2)], depth + 1) : [];
    const type = declared.get(head);
    const name = chain[1];
    if (!type || name === undefined) return [];
    const member = type.members.get(name);
    if (member) return typeOf(member).flatMap((c) => expand([...c, ...chain.slice(2)], depth + 1));
    // Not its own member: maybe one it inherits (`interface HeaderNavEntry extends NavItem`).
    return type.bases.flatMap((base) => typeOf(base)).flatMap((c) => expand([...c, ...chain.slice(1)], depth + 1));
  };
  return chains
    .flatMap((chain) => expand(chain, 0))
    .flatMap((chain) => {
      const plain = normalise(chain);
      return plain ? [plain] : [];
    });
}
