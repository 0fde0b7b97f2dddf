// The folder map of docs/ARCHITECTURE.md, checked: which file may import which, and which file owns which table.
// It reads the sources as text (no TypeScript parser): import/export-from specifiers, side-effect imports and
// import("…") calls, resolved to repository paths the way Node and Vite resolve them here (explicit extensions).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const SERVER = "apps/server/src/";
const WEB = "apps/web/src/";
const DOMAIN = "packages/domain/src/";

interface Import {
  specifier: string;
  /** Repository path (posix) of the imported file, for relative and workspace specifiers; null for packages. */
  target: string | null;
  line: number;
  /** `import type …`, or every name of the clause marked `type`: nothing of the module runs. */
  typeOnly: boolean;
}

interface SourceFile {
  /** Repository path, posix separators. */
  path: string;
  text: string;
  imports: Import[];
}

const toPosix = (p: string) => p.split(sep).join("/");
const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

function walk(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .map((p) => toPosix(join(dir, p)))
    .filter((p) => !p.split("/").includes("node_modules") && /\.(ts|tsx|mts|js|mjs)$/.test(p) && statSync(join(root, p)).isFile());
}

/** Workspace packages by name (`@latent/domain` → its folder and its `exports["./*"]` pattern). */
const workspaces = new Map<string, { dir: string; pattern: string | null }>();
for (const parent of ["apps", "packages"]) {
  for (const name of readdirSync(join(root, parent))) {
    const manifest = join(root, parent, name, "package.json");
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name: string; exports?: Record<string, string> };
    const pattern = typeof pkg.exports?.["./*"] === "string" ? pkg.exports["./*"] : null;
    workspaces.set(pkg.name, { dir: `${parent}/${name}`, pattern });
  }
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const bare = specifier.replace(/[?#].*$/, "");
  if (bare.startsWith("./") || bare.startsWith("../")) {
    const base = resolve(root, dirname(from), bare);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    return toPosix(relative(root, found ?? base));
  }
  for (const [name, { dir, pattern }] of workspaces) {
    if (bare === name) return dir;
    if (!bare.startsWith(`${name}/`)) continue;
    const subpath = bare.slice(name.length + 1);
    return pattern ? toPosix(join(dir, pattern.replace("*", subpath))) : `${dir}/${subpath}`;
  }
  return null;
}

// `import x from "…"`, `import type { X } from "…"`, `export * from "…"`, `export { a } from "…"` (over several lines):
// the clause holds only names, braces, commas and `*`, so the pattern cannot run across ordinary code.
const FROM = /^[ \t]*(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\bfrom\s*(["'])([^"'\n]+)\1/gm;
const SIDE_EFFECT = /^[ \t]*import\s*(["'])([^"'\n]+)\1/gm;
const DYNAMIC = /\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g;

function isTypeOnly(statement: string): boolean {
  if (/^\s*(?:import|export)\s+type\b/.test(statement)) return true;
  const names = /\{([^}]*)\}/.exec(statement)?.[1];
  if (names === undefined || /\b(?:import|export)\s+[\w$]+\s*,/.test(statement) || statement.includes("*")) return false;
  const items = names
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return items.length > 0 && items.every((n) => n.startsWith("type "));
}

function parse(path: string): SourceFile {
  const text = readFileSync(join(root, path), "utf8");
  const imports: Import[] = [];
  for (const pattern of [FROM, SIDE_EFFECT, DYNAMIC]) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[2]!;
      const typeOnly = pattern === FROM && isTypeOnly(match[0]);
      imports.push({ specifier, target: resolveSpecifier(path, specifier), line: lineOf(text, match.index), typeOnly });
    }
  }
  return { path, text, imports: imports.sort((a, b) => a.line - b.line) };
}

const server = walk(SERVER).map(parse);
const web = walk(WEB).map(parse);
const domain = walk(DOMAIN).map(parse);

const show = (file: SourceFile, imp: Import) => `${file.path}:${imp.line} imports "${imp.specifier}"`;
/** The feature folder a path belongs to under `<app>/features/`, or null. */
const featureOf = (path: string, app: string) =>
  path.startsWith(`${app}features/`) ? path.slice(`${app}features/`.length).split("/")[0]! : null;
const isPackage = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`);

// Kysely's entry points that name a table; joins and arrays included. The table is the literal's first word ("films as f").
const TABLE_USE =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*(\[[^\]]*\]|"[^"]*"|'[^']*')/g;
const CTE = /\.with\(\s*["']([\w]+)["']/g;

interface TableUse {
  table: string;
  file: string;
  line: number;
}

function tableUses(file: SourceFile): TableUse[] {
  const ctes = new Set([...file.text.matchAll(CTE)].map((m) => m[1]!));
  const uses: TableUse[] = [];
  for (const match of file.text.matchAll(TABLE_USE)) {
    for (const literal of match[2]!.matchAll(/["']([^"']+)["']/g)) {
      const table = literal[1]!.trim().split(/\s+/)[0]!;
      if (!ctes.has(table)) uses.push({ table, file: file.path, line: lineOf(file.text, match.index) });
    }
  }
  return uses;
}

/** Tarjan's strongly connected components of a graph of features: each component of two or more is a cycle. */
function cyclesOf(edges: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const feature of [...edges.keys()].sort()) if (!index.has(feature)) connect(feature);
  return components;
}

/** Each cycle with the import that makes each of its edges. */
const describeCycles = (edges: Map<string, Map<string, string>>) =>
  cyclesOf(edges).map((component) => {
    const inside = component.flatMap((a) =>
      [...(edges.get(a) ?? [])].filter(([b]) => component.includes(b)).map(([b, step]) => `  ${a} → ${b}: ${step}`),
    );
    return [`cycle between features ${component.join(", ")}:`, ...inside].join("\n");
  });

/**
 * Edges between an app's feature folders, also through non-feature files (platform/, shared/) that a feature imports.
 * Tests are left out: a test may import a neighbour to set a scene without making the code depend on it.
 */
function featureEdges(files: SourceFile[], app: string): Map<string, Map<string, string>> {
  const byPath = new Map(files.filter((f) => !isTest(f.path)).map((f) => [f.path, f]));
  const edges = new Map<string, Map<string, string>>();
  for (const file of byPath.values()) {
    const feature = featureOf(file.path, app);
    if (!feature) continue;
    const seen = new Set<string>();
    const visit = (current: SourceFile, via: string) => {
      for (const imp of current.imports) {
        const target = imp.target && byPath.get(imp.target);
        if (!target || seen.has(target.path)) continue;
        seen.add(target.path);
        const other = featureOf(target.path, app);
        const step = via ? `${via} → ${target.path}` : show(current, imp);
        if (other === feature) continue;
        if (other) {
          const out = edges.get(feature) ?? new Map<string, string>();
          if (!out.has(other)) out.set(other, step);
          edges.set(feature, out);
        } else visit(target, step);
      }
    };
    visit(file, "");
  }
  return edges;
}

// A raw sql`…` template (with an optional type argument) and the tables its text names after FROM, JOIN, INTO or UPDATE.
const RAW_SQL = /\bsql\s*(?:<[^`;]*?>)?\s*`((?:[^`\\]|\\.)*)`/g;
const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function rawSqlTables(file: SourceFile): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  for (const match of file.text.matchAll(RAW_SQL)) {
    for (const name of match[1]!.matchAll(SQL_TABLE)) found.push({ table: name[1]!, line: lineOf(file.text, match.index) });
  }
  return found;
}

describe("architecture", () => {
  it("finds the sources of the server, the web app and the domain package, and resolves their imports", () => {
    expect(server.length).toBeGreaterThan(40);
    expect(web.length).toBeGreaterThan(40);
    expect(domain.length).toBeGreaterThan(5);
    expect(server.filter((f) => f.path.endsWith(".routes.ts")).length).toBeGreaterThan(5);
    expect(server.filter((f) => f.path.endsWith(".store.ts")).length).toBeGreaterThan(5);
    const relativeImports = [...server, ...web, ...domain].flatMap((f) =>
      f.imports.filter((i) => i.specifier.startsWith(".")).map((i) => [f, i] as const),
    );
    expect(relativeImports.length).toBeGreaterThan(200);
    expect(web.flatMap((f) => f.imports).filter((i) => i.target?.startsWith(DOMAIN)).length).toBeGreaterThan(20);
    expect(server.flatMap(tableUses).length).toBeGreaterThan(20);
    const unresolved = relativeImports.filter(([, i]) => !existsSync(join(root, i.target!))).map(([f, i]) => show(f, i));
    expect(unresolved, "relative imports that name no file").toEqual([]);
  });

  it("keeps SQL out of route files: a *.routes.ts imports neither kysely nor any *.store.ts", () => {
    const violations = server
      .filter((f) => f.path.endsWith(".routes.ts"))
      .flatMap((f) => f.imports.filter((i) => isPackage(i.specifier, "kysely") || i.target?.endsWith(".store.ts")).map((i) => show(f, i)));
    expect(violations, "route files that reach the database directly (go through the feature's service)").toEqual([]);
  });

  it("lets no server feature import another feature's store", () => {
    const violations = server.flatMap((f) => {
      const feature = featureOf(f.path, SERVER);
      if (!feature) return [];
      return f.imports
        .filter((i) => i.target?.endsWith(".store.ts") && featureOf(i.target, SERVER) && featureOf(i.target, SERVER) !== feature)
        .map((i) => show(f, i));
    });
    expect(violations, "features importing another feature's store (call its service instead)").toEqual([]);
  });

  it("gives every table one owner: a single server file, which under features/ is a *.store.ts", () => {
    // Migrations create and alter every table; tests may seed and inspect them.
    const uses = server.filter((f) => !f.path.startsWith(`${SERVER}migrations/`) && !isTest(f.path)).flatMap(tableUses);
    const owners = new Map<string, Map<string, number[]>>();
    for (const use of uses) {
      const files = owners.get(use.table) ?? new Map<string, number[]>();
      files.set(use.file, [...(files.get(use.file) ?? []), use.line]);
      owners.set(use.table, files);
    }
    const violations: string[] = [];
    for (const [table, files] of [...owners].sort(([a], [b]) => a.localeCompare(b))) {
      const where = [...files].map(([file, lines]) => `${file}:${lines.join(",")}`);
      if (files.size > 1) violations.push(`table "${table}" is used by ${files.size} files: ${where.join("; ")}`);
      for (const [file, lines] of files) {
        if (featureOf(file, SERVER) && !file.endsWith(".store.ts"))
          violations.push(`${file}:${lines.join(",")} queries "${table}" outside a store`);
      }
    }
    expect(violations, "tables queried by more than one file, or outside a *.store.ts").toEqual([]);
  });

  it("lets a web feature use another feature only through its api/ and public/ folders, and keeps shared/ free of features and app", () => {
    const violations = web.flatMap((f) =>
      f.imports
        .filter((i) => {
          if (!i.target?.startsWith(WEB)) return false;
          const from = featureOf(f.path, WEB);
          const to = featureOf(i.target, WEB);
          if (f.path.startsWith(`${WEB}shared/`)) return i.target.startsWith(`${WEB}features/`) || i.target.startsWith(`${WEB}app/`);
          if (!from || !to || from === to) return false;
          const inside = i.target.slice(`${WEB}features/${to}/`.length);
          return !inside.startsWith("api/") && !inside.startsWith("public/");
        })
        .map((i) => show(f, i)),
    );
    expect(violations, "web imports across features (outside api/ and public/) or from shared/ upwards").toEqual([]);
  });

  it("keeps the web app off the server's code and the domain package off the apps and Node built-ins", () => {
    const builtins = new Set(builtinModules);
    const serverPackage = [...workspaces].find(([, w]) => w.dir === "apps/server")?.[0] ?? "@latent/server";
    const fromWeb = web.flatMap((f) =>
      f.imports.filter((i) => i.target?.startsWith("apps/server") || isPackage(i.specifier, serverPackage)).map((i) => show(f, i)),
    );
    const fromDomain = domain.flatMap((f) =>
      f.imports
        .filter(
          (i) =>
            i.target?.startsWith("apps/") ||
            // Domain tests run in Node and may read their data files; the modules they test stay free of Node.
            (!isTest(f.path) && (i.specifier.startsWith("node:") || builtins.has(i.specifier.split("/")[0]!))) ||
            ["fastify", "react", "kysely"].some((name) => isPackage(i.specifier, name)),
        )
        .map((i) => show(f, i)),
    );
    expect([...fromWeb, ...fromDomain], "web imports of server code, and domain imports of apps, server or web libraries or Node").toEqual(
      [],
    );
  });

  it("has no import cycle between server feature folders", () => {
    expect(describeCycles(featureEdges(server, SERVER)), "server feature folders that depend on each other").toEqual([]);
  });

  it("has no import cycle between web feature folders", () => {
    expect(describeCycles(featureEdges(web, WEB)), "web feature folders that depend on each other").toEqual([]);
  });

  it("lets a server feature take only types from another feature (its services come in as dependencies)", () => {
    const violations = server
      .filter((f) => !isTest(f.path))
      .flatMap((f) => {
        const feature = featureOf(f.path, SERVER);
        if (!feature) return [];
        return f.imports
          .filter((i) => i.target && featureOf(i.target, SERVER) && featureOf(i.target, SERVER) !== feature && !i.typeOnly)
          .map((i) => show(f, i));
      });
    expect(violations, "code (not types) imported from another feature: move what both need to platform/, or inject it").toEqual([]);
  });

  it("lets no raw sql text name another feature's table", () => {
    const owners = new Map<string, string>();
    for (const use of server.filter((f) => !f.path.startsWith(`${SERVER}migrations/`) && !isTest(f.path)).flatMap(tableUses)) {
      const feature = featureOf(use.file, SERVER);
      if (feature) owners.set(use.table, feature);
    }
    expect(owners.size).toBeGreaterThan(10);
    const violations = server
      .filter((f) => !f.path.startsWith(`${SERVER}migrations/`) && !isTest(f.path))
      .flatMap((f) => {
        const feature = featureOf(f.path, SERVER) ?? "platform";
        return rawSqlTables(f)
          .filter(({ table }) => owners.has(table) && owners.get(table) !== feature)
          .map(({ table, line }) => `${f.path}:${line} names "${table}" (owned by ${owners.get(table)}) in raw sql`);
      });
    expect(violations, "raw sql naming a table another feature owns (ask its service)").toEqual([]);
  });
});
