import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { mantineStyles } from "./mantine-styles.ts";

const require = createRequire(import.meta.url);
const whole = require.resolve("@mantine/core/styles.css");
const esm = join(dirname(whole), "esm", "components");
const plugin = mantineStyles();
const transform = (code: string, id: string) => (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);
const load = (id: string) => (plugin.load as (id: string) => string | null)(id);

describe("Mantine's styles by component", () => {
  it("come with the module of a component's class names: the code that draws it brings its rules", () => {
    const out = transform('var Button_module_default = { "root": "m_77c9d27d" };', join(esm, "Button", "Button.module.mjs"));
    expect(out?.code).toMatch(/import "@mantine\/core\/styles\/Button\.css";\s*$/);
    expect(transform("var x = {};", join(esm, "Input", "InputWrapper", "..", "Input.module.mjs"))?.code).toContain("styles/Input.css");
  });

  it("leave every other module alone, the app's own CSS modules included", () => {
    expect(transform("export {}", join(esm, "Button", "Button.mjs"))).toBeNull();
    expect(transform(".a{}", "/app/src/features/films/components/films.module.css")).toBeNull();
    expect(transform("var x = {};", join(esm, "Nothing", "Nothing.module.mjs"))).toBeNull();
  });

  it("leave in the app's import of styles.css only what every page needs: no component's rules", () => {
    const base = load(whole)!;
    expect(base).toContain("--mantine-scale");
    expect(base).toContain(".mantine-focus-auto");
    // Button's root class, present in the whole file, is not in what every page loads.
    expect(readFileSync(whole, "utf8")).toContain(".m_77c9d27d");
    expect(base).not.toContain(".m_77c9d27d");
    expect(base.length).toBeLessThan(40_000);
    expect(load("/app/src/other.css")).toBeNull();
  });
});
