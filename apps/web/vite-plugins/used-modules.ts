import { dirname, resolve } from "node:path";
import { ALL, type Names, readModuleLinks } from "./module-links.ts";

/** What the bundler tells of a module (rolldown's `getModuleInfo`). */
export interface ModuleFacts {
  code: string | null;
  importedIds: readonly string[];
  exports?: readonly string[];
}
export type ModuleLookup = (id: string) => ModuleFacts | null;

interface Shape {
  barrel: boolean;
  /** The modules it imports, with the names it takes from each. */
  imports: { id: string; names: Names }[];
  /** A barrel's names: which module each comes from, under which name there. */
  reexports: Map<string, { id: string; name: string }>;
  /** A barrel's `export * from`: the modules any other name may come from. */
  stars: string[];
}

/** A module whose imports could not be read: everything it imports, whole. */
const opaque = (facts: ModuleFacts): Shape => ({
  barrel: false,
  imports: facts.importedIds.map((id) => ({ id, names: ALL })),
  reexports: new Map(),
  stars: [],
});

/**
 * Whether `id` can be what `source` named from `importer`: a relative path must point at it; a package name must be
 * the package it lies in. Anything else (an alias) is taken on trust.
 */
function plausible(importer: string, source: string, id: string) {
  const file = id.split("?")[0]!;
  if (source.startsWith(".")) return file.startsWith(resolve(dirname(importer), source));
  const match = /^(@[^/]+\/[^/]+|[^@./][^/]*)/.exec(source);
  if (!match || !/[\\/]node_modules[\\/]/.test(file)) return true;
  return file.includes(`/node_modules/${match[1]}/`) || file.includes(`\\node_modules\\${match[1]}\\`);
}

function shapeOf(id: string, facts: ModuleFacts): Shape {
  const links = facts.code ? readModuleLinks(facts.code) : null;
  // The bundler lists a module's imports in the order their sources first appear; anything else is read whole.
  if (!links || facts.importedIds.length < links.sources.length) return opaque(facts);
  const idOf = new Map(links.sources.map(({ source }, i) => [source, facts.importedIds[i]!]));
  if (links.sources.some(({ source }) => !plausible(id, source, idOf.get(source)!))) return opaque(facts);
  return {
    barrel: links.barrel,
    imports: [
      ...links.sources.map(({ source, names }) => ({ id: idOf.get(source)!, names })),
      // Imports the bundler added (its preload helper): whole.
      ...facts.importedIds.slice(links.sources.length).map((extra) => ({ id: extra, names: ALL as Names })),
    ],
    reexports: new Map([...links.reexports].map(([name, from]) => [name, { id: idOf.get(from.source)!, name: from.name }])),
    stars: links.stars.map((source) => idOf.get(source)!),
  };
}

/**
 * The modules `roots` use, following each import to the modules behind the names it takes: `import { Card } from
 * "@mantine/core"` uses Card's module, not the other 400 the library's index re-exports. The bundler's own
 * `importedIds` would list them all. Indexes themselves are not in the result: they hold no code, and a group that
 * took one in would take in every module it re-exports (rolldown's `includeDependenciesRecursively`).
 */
export function createUsedModules(lookup: ModuleLookup) {
  const shapes = new Map<string, Shape | null>();
  const shape = (id: string) => {
    if (!shapes.has(id)) {
      const facts = lookup(id);
      shapes.set(id, facts ? shapeOf(id, facts) : null);
    }
    return shapes.get(id)!;
  };
  return function usedModules(roots: readonly string[]): Set<string> {
    const used = new Set<string>();
    const asked = new Map<string, Set<string>>();
    const stack: [string, Names][] = roots.map((root) => [root, ALL]);
    while (stack.length) {
      const [id, names] = stack.pop()!;
      const s = shape(id);
      if (!s) continue;
      if (!s.barrel) {
        if (used.has(id)) continue;
        used.add(id);
        for (const i of s.imports) stack.push([i.id, i.names]);
        continue;
      }
      const seen = asked.get(id) ?? asked.set(id, new Set()).get(id)!;
      const wanted = names === ALL ? [...s.reexports.keys(), ALL] : [...names];
      for (const name of wanted) {
        if (seen.has(name) || seen.has(ALL)) continue;
        seen.add(name);
        if (name === ALL) {
          for (const star of s.stars) stack.push([star, ALL]);
          continue;
        }
        const from = s.reexports.get(name);
        if (from) stack.push([from.id, from.name === ALL ? ALL : new Set([from.name])]);
        else
          for (const star of s.stars) {
            const exported = lookup(star)?.exports;
            if (!exported || exported.includes(name)) stack.push([star, new Set([name])]);
          }
      }
    }
    return used;
  };
}
