/**
 * `npm run build:cli [-- --out <folder>]`: the CLI as a package that installs anywhere with Node 22+ (`npm pack` in
 * the folder, then `npm install -g ./latent-cli-<version>.tgz`). Node runs the checkout's TypeScript as it is, but
 * never TypeScript inside node_modules, and `@latent/domain` is a workspace that is not published: so the CLI and the
 * domain files it imports are bundled into one plain JavaScript file, while the npm packages they import (cli-progress,
 * zod) stay imports and become the package's `dependencies`, at the ranges the workspaces declare.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "rolldown";

const cliDir = resolve(import.meta.dirname, "..");
const domainDir = resolve(cliDir, "../../packages/domain");

interface Manifest {
  name: string;
  version: string;
  description: string;
  dependencies?: Record<string, string>;
}
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** `zod/v4` → `zod`, `@scope/name/sub` → `@scope/name`. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Bundled: the CLI's own files and the workspace packages; left as imports: Node's built-ins and npm packages. */
const isNpmPackage = (id: string) => !/^(\.|\/|node:|@latent\/)/.test(id) && !/^[A-Za-z]:[\\/]/.test(id);

/** Builds the package into `outDir` and returns what its package.json says. */
async function buildCliPackage(outDir: string) {
  const cli = readManifest(cliDir);
  const declared = { ...readManifest(domainDir).dependencies, ...cli.dependencies };
  mkdirSync(outDir, { recursive: true });

  const { output } = await build({
    input: join(cliDir, "src/main.ts"),
    platform: "node",
    external: isNpmPackage,
    // One file: the package's `bin` and nothing that can go missing beside it.
    output: { file: join(outDir, "main.js"), format: "esm", codeSplitting: false },
    write: true,
  });

  const dependencies: Record<string, string> = {};
  for (const chunk of output) {
    if (chunk.type !== "chunk") continue;
    for (const specifier of chunk.imports.filter(isNpmPackage)) {
      const name = packageOf(specifier);
      const range = declared[name];
      // An import no workspace declares would install nowhere: stop the build rather than ship a broken package.
      if (!range) throw new Error(`${specifier} is imported by the CLI but not a dependency of apps/cli or packages/domain`);
      dependencies[name] = range;
    }
  }

  const manifest = {
    name: cli.name,
    version: cli.version,
    description: cli.description,
    type: "module",
    bin: { latent: "main.js" },
    engines: { node: ">=22" },
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
    // Not for the public registry (the `@latent` scope is not ours there): a tarball installed by path.
    private: true,
  };
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(cliDir, "README.md"), join(outDir, "README.md"));
  return manifest;
}

const { values } = parseArgs({ options: { out: { type: "string", default: join(cliDir, "dist") } } });
const outDir = resolve(values.out);
const manifest = await buildCliPackage(outDir);
// npm names a scoped package's tarball without the @ and with a dash for the slash.
const tarball = `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
process.stdout.write(
  `Built ${manifest.name} ${manifest.version} in ${outDir} (dependencies: ${Object.keys(manifest.dependencies).join(", ")}).\n` +
    `Pack and install it: npm pack ${outDir} && npm install -g ./${tarball}\n`,
);
