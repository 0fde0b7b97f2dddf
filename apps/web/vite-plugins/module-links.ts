import { type ESTree, parseAst } from "vite";

/** All the names of a module: a namespace import, `export *`. */
export const ALL = "*";
export type Names = typeof ALL | ReadonlySet<string>;

/** How a module reaches others: what it imports, and what it passes on. */
export interface ModuleLinks {
  /** Each source it imports or re-exports from, in the order they first appear, with the names it takes. */
  sources: { source: string; names: Names }[];
  /** Each name it passes on: the source it comes from and its name there (`*`: that module's namespace). */
  reexports: Map<string, { source: string; name: string }>;
  /** Its `export * from` sources, where any other name it exports may come from. */
  stars: string[];
  /** The names it exports, its own and those it passes on (not those of its `export *` sources). */
  exported: Set<string>;
  /**
   * Nothing but imports and re-exports (a library's index, a feature's `public/` file): the names it exports are
   * other modules'. A module that imports another only for its effects is not one.
   */
  barrel: boolean;
}

export const nameOf = (node: ESTree.IdentifierName | ESTree.IdentifierReference | ESTree.StringLiteral | ESTree.BindingIdentifier) =>
  node.type === "Literal" ? String(node.value) : node.name;

/** A module's code, JavaScript or TypeScript by its file's name, parsed; null when it is neither. */
export function parseModule(code: string, file: string): ESTree.Program | null {
  try {
    return parseAst(code, { lang: /\.[cm]?tsx?$/.test(file) ? "tsx" : "jsx" }, file);
  } catch {
    return null;
  }
}

/** The links of a module's code (type-only imports and exports are not links), or null when it cannot be read. */
export function readModuleLinks(code: string, file = "module.js"): ModuleLinks | null {
  const program = parseModule(code, file);
  if (!program) return null;
  const sources = new Map<string, Set<string> | typeof ALL>();
  const take = (source: string, names: readonly string[] | typeof ALL) => {
    const before = sources.get(source) ?? new Set<string>();
    sources.set(source, before === ALL || names === ALL ? ALL : new Set([...before, ...names]));
  };
  const bindings = new Map<string, { source: string; name: string }>();
  const reexports = new Map<string, { source: string; name: string }>();
  const stars: string[] = [];
  const exported = new Set<string>();
  let barrel = true;
  for (const statement of program.body) {
    if (statement.type === "ImportDeclaration") {
      if (statement.importKind === "type") continue;
      const source = statement.source.value;
      const specifiers = (statement.specifiers ?? []).filter((s) => s.type !== "ImportSpecifier" || s.importKind !== "type");
      if (!statement.specifiers?.length) barrel = false;
      const named = specifiers.map((s) =>
        s.type === "ImportSpecifier" ? nameOf(s.imported) : s.type === "ImportDefaultSpecifier" ? "default" : ALL,
      );
      take(source, named.includes(ALL) ? ALL : named);
      specifiers.forEach((s, i) => {
        bindings.set(s.local.name, { source, name: named[i]! });
      });
    } else if (statement.type === "ExportNamedDeclaration" && statement.declaration) {
      barrel = false;
      const declaration = statement.declaration;
      if (declaration.type === "VariableDeclaration")
        for (const d of declaration.declarations) if (d.id.type === "Identifier") exported.add(d.id.name);
      if ((declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") && declaration.id)
        exported.add(declaration.id.name);
    } else if (statement.type === "ExportDefaultDeclaration") {
      barrel = false;
      exported.add("default");
    } else if (statement.type === "ExportNamedDeclaration") {
      if (statement.exportKind === "type") continue;
      const specifiers = statement.specifiers.filter((s) => s.exportKind !== "type");
      const source = statement.source?.value;
      if (source !== undefined)
        take(
          source,
          specifiers.map((s) => nameOf(s.local)),
        );
      for (const s of specifiers) {
        const from = source !== undefined ? { source, name: nameOf(s.local) } : bindings.get(nameOf(s.local));
        if (from) reexports.set(nameOf(s.exported), from);
        else barrel = false;
      }
    } else if (statement.type === "ExportAllDeclaration") {
      if (statement.exportKind === "type") continue;
      take(statement.source.value, ALL);
      if (statement.exported) reexports.set(nameOf(statement.exported), { source: statement.source.value, name: ALL });
      else stars.push(statement.source.value);
    } else if (!(statement.type === "ExpressionStatement" && statement.directive)) {
      barrel = false;
    }
  }
  if (!reexports.size && !stars.length) barrel = false;
  for (const name of reexports.keys()) exported.add(name);
  return { sources: [...sources].map(([source, names]) => ({ source, names })), reexports, stars, exported, barrel };
}
