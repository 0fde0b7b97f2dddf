import { readFile } from "node:fs/promises";
import type { ESTree, Plugin } from "vite";
import { type ModuleLinks, nameOf, parseModule, readModuleLinks } from "./module-links.ts";

/** Where a name a module exports is defined: the module, and its name there (`*`: the module's namespace). */
interface Origin {
  file: string;
  name: string;
}

type Resolve = (source: string, importer: string) => Promise<string | null>;

/** The links of `code` when it is a barrel, else null (its names are its own). */
export function readBarrel(code: string, file: string): ModuleLinks | null {
  const links = readModuleLinks(code, file);
  return links?.barrel ? links : null;
}

/** The names `file` exports, with those of its `export *` sources: to find which source holds a name. */
async function exportedNames(file: string, resolve: Resolve, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(file)) return new Set();
  seen.add(file);
  const links = readModuleLinks(await readFile(file, "utf8").catch(() => ""), file);
  const names = new Set(links?.exported);
  for (const source of links?.stars ?? []) {
    const target = await resolve(source, file);
    if (target) for (const name of await exportedNames(target, resolve, seen)) if (name !== "default") names.add(name);
  }
  return names;
}

/**
 * Imports the app's code takes from a barrel go straight to the modules that define the names: `import { Badge }
 * from "@mantine/core"` becomes an import of Badge's own module. Same code runs; the module graph then says which
 * module uses which, which the lazy pages' grouping needs (page-chunks.ts): a barrel in a group takes every module it
 * re-exports with it (rolldown's `includeDependenciesRecursively`). Only the app's own files are rewritten, and only
 * imports whose every name is found; anything else is left as written.
 */
export function directImports(): Plugin {
  const barrels = new Map<string, Promise<ModuleLinks | null>>();
  const barrelAt = (file: string) => {
    if (!barrels.has(file))
      barrels.set(
        file,
        readFile(file, "utf8").then(
          (code) => readBarrel(code, file),
          () => null,
        ),
      );
    return barrels.get(file)!;
  };
  const exported = new Map<string, Promise<Set<string>>>();

  return {
    name: "latent:direct-imports",
    apply: "build",
    async transform(code, id) {
      if (id.startsWith("\0") || /[\\/]node_modules[\\/]/.test(id) || !/\.[cm]?[jt]sx?$/.test(id.split("?")[0]!)) return null;
      const resolve: Resolve = async (source, importer) => {
        const resolved = await this.resolve(source, importer);
        return resolved && !resolved.external && !resolved.id.includes("?") && !resolved.id.startsWith("\0") ? resolved.id : null;
      };
      const origin = async (file: string, name: string, depth = 0): Promise<Origin | null> => {
        const barrel = depth < 8 ? await barrelAt(file) : null;
        if (!barrel) return { file, name };
        const from = barrel.reexports.get(name);
        if (from) {
          const target = await resolve(from.source, file);
          return target ? (from.name === "*" ? { file: target, name: "*" } : origin(target, from.name, depth + 1)) : null;
        }
        for (const source of barrel.stars) {
          const target = await resolve(source, file);
          if (!target) return null;
          if (!exported.has(target)) exported.set(target, exportedNames(target, resolve));
          if ((await exported.get(target)!).has(name)) return origin(target, name, depth + 1);
        }
        return null;
      };

      const program = parseModule(code, id.split("?")[0]!);
      if (!program) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const statement of program.body) {
        if (statement.type !== "ImportDeclaration" || statement.importKind === "type") continue;
        const specifiers = statement.specifiers ?? [];
        if (!specifiers.length || !specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind !== "type")) continue;
        const target = await resolve(statement.source.value, id);
        if (!target || !(await barrelAt(target))) continue;
        const origins = await Promise.all(specifiers.map((s) => origin(target, nameOf((s as ESTree.ImportSpecifier).imported))));
        if (origins.some((o) => !o)) continue;
        const text = specifiers
          .map((s, i) => {
            const { file, name } = origins[i]!;
            // A name that is no identifier (`export { x as "a-b" }`) is imported as a string.
            const imported = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
            const clause = name === "*" ? `* as ${s.local.name}` : `{ ${imported} as ${s.local.name} }`;
            return `import ${clause} from ${JSON.stringify(file)};`;
          })
          .join(" ");
        edits.push({ start: statement.start, end: statement.end, text });
      }
      if (!edits.length) return null;
      let out = code;
      for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}
