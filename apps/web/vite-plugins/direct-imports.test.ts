import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directImports, readBarrel } from "./direct-imports.ts";

let dir = "";
const files: Record<string, string> = {
  "lib/index.mjs": [
    `import { Card } from "./Card.mjs";`,
    "export { Card };",
    `export * from "./more.mjs";`,
    `export { Thing as Renamed } from "./thing.mjs";`,
    `export * as ns from "./ns.mjs";`,
  ].join("\n"),
  "lib/Card.mjs": `export const Card = "card";`,
  "lib/more.mjs": `export const Modal = "modal"; export function Drawer() { return "drawer"; }`,
  "lib/thing.mjs": `export const Thing = "thing";`,
  "lib/ns.mjs": `export const inside = "inside";`,
  "public.ts": `export { a } from "./a.mjs";\nexport type { Shape } from "./shape.ts";`,
  "a.mjs": `export const a = "a";`,
  "mixed.mjs": `export const x = "x";\nexport { a } from "./a.mjs";`,
  "effects.mjs": `import "./a.mjs";\nexport { a } from "./a.mjs";`,
};

async function transform(code: string, id: string) {
  const plugin = directImports();
  const context = {
    resolve: async (source: string, importer: string) => (source.startsWith(".") ? { id: resolve(dirname(importer), source) } : null),
  };
  const hook = plugin.transform as unknown as (this: typeof context, code: string, id: string) => Promise<{ code: string } | null>;
  return (await hook.call(context, code, id))?.code ?? code;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "direct-imports-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("imports from a barrel, sent straight to the modules that define the names", () => {
  it("rewrites each name to its own module, renamed and namespaced ones too, and runs the same", async () => {
    const app = join(dir, "app.mjs");
    // Text before the import that is not ASCII: the rewrite must cut at characters, not bytes.
    const code = `// Façade — «ünïcode»\nimport { Card, Modal as M, Renamed, ns } from "./lib/index.mjs";\nexport const got = [Card, M, Renamed, ns.inside];\n`;
    const out = await transform(code, app);
    expect(out).toContain(`from ${JSON.stringify(join(dir, "lib/Card.mjs"))}`);
    expect(out).toContain(`{ Modal as M } from ${JSON.stringify(join(dir, "lib/more.mjs"))}`);
    expect(out).toContain(`{ Thing as Renamed } from ${JSON.stringify(join(dir, "lib/thing.mjs"))}`);
    expect(out).toContain(`* as ns from ${JSON.stringify(join(dir, "lib/ns.mjs"))}`);
    expect(out).not.toContain("lib/index.mjs");
    await writeFile(app, out);
    const { got } = await import(pathToFileURL(app).href);
    expect(got).toEqual(["card", "modal", "thing", "inside"]);
  });

  it("passes over a feature's public file, type exports and all", async () => {
    const out = await transform(`import { a } from "./public.ts";`, join(dir, "app.tsx"));
    expect(out).toBe(`import { a as a } from ${JSON.stringify(join(dir, "a.mjs"))};`);
  });

  it("leaves alone what it cannot pass over whole", async () => {
    const cases = [
      // The module has code of its own.
      `import { x, a } from "./mixed.mjs";`,
      // The module runs another for its effects.
      `import { a } from "./effects.mjs";`,
      // A name the barrel does not have: the bundler reports it as written.
      `import { Card, Missing } from "./lib/index.mjs";`,
      // Default and namespace imports of a barrel take all of it.
      `import * as everything from "./lib/index.mjs";`,
      // A package this test does not resolve.
      `import { useState } from "react";`,
    ];
    for (const code of cases) expect(await transform(code, join(dir, "app.mjs"))).toBe(code);
  });

  it("never rewrites a library's own files", async () => {
    // A file under node_modules/ whose import does reach the barrel above.
    const code = `import { Card } from "../index.mjs";`;
    expect(await transform(code, `${dir}/lib/node_modules/y.mjs`)).toBe(code);
    expect(await transform(code, `${dir}/lib/own/y.mjs`)).not.toBe(code);
  });
});

describe("reading a barrel", () => {
  it("maps each name to where it comes from, through imports passed on", () => {
    const barrel = readBarrel(`import { A as B } from "./a.mjs";\nexport { B as C };\nexport * from "./rest.mjs";`, "x.mjs");
    expect(barrel?.reexports.get("C")).toEqual({ source: "./a.mjs", name: "A" });
    expect(barrel?.stars).toEqual(["./rest.mjs"]);
  });

  it("is none for a module with code of its own", () => {
    expect(readBarrel(`export const x = 1;`, "x.mjs")).toBeNull();
    expect(readBarrel(`import { a } from "./a.mjs"; console.log(a); export { a };`, "x.mjs")).toBeNull();
  });
});
