import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** `.../@mantine/core/esm/components/Button/Button.module.mjs` → "Button": the module holding a component's class names. */
const CLASS_NAMES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's styles by component, each with the code that uses it, in a build. `@mantine/core/styles.css` (≈ 30 KB gzip,
 * every component's rules) was one render-blocking file on every page, ~85 % of it unused at load (decision 0052).
 * Each component's class names live in a `<Name>.module.mjs` of Mantine's, and `styles/<Name>.css` holds its rules:
 * the plugin makes the first import the second, so a component's rules land in the CSS file of the chunk whose code
 * uses the component (Vite splits CSS by chunk and loads it with the chunk), and the app's import of `styles.css`
 * keeps only what every page needs (the baseline, the theme's variables, the global classes).
 *
 * Order is kept where it matters: a component imports the components it is built on before its own class names, so
 * their rules come first, as in `styles.css`. Development (`vite` serve) pre-bundles Mantine and keeps `styles.css`.
 */
export function mantineStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const stylesDir = join(dirname(require.resolve("@mantine/core/styles.css")), "styles");
  const whole = require.resolve("@mantine/core/styles.css");
  return {
    name: "latent:mantine-styles",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (id.split("?")[0] !== whole) return null;
      return ["baseline.css", "default-css-variables.css", "global.css"].map((f) => readFileSync(join(stylesDir, f), "utf8")).join("\n");
    },
    transform(code, id) {
      const name = CLASS_NAMES.exec(id.split("?")[0]!)?.[1];
      if (!name || !existsSync(join(stylesDir, `${name}.css`))) return null;
      return { code: `${code}\nimport "@mantine/core/styles/${name}.css";\n`, map: null };
    },
  };
}
