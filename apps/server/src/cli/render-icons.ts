/**
 * Renders the web app's PNG icons from the brand's SVG: `sh scripts/run.sh node apps/server/src/cli/render-icons.ts`.
 * Run it after changing `apps/web/public/favicon.svg`; a test checks the committed icons still match it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { APP_ICON_SIZES, renderAppIcon } from "../features/web/app-icons.ts";

const publicDir = new URL("../../../web/public/", import.meta.url);
const svg = await readFile(new URL("favicon.svg", publicDir));
for (const size of APP_ICON_SIZES) {
  const target = new URL(`icons/icon-${size}.png`, publicDir);
  await writeFile(target, await renderAppIcon(svg, size));
  console.log(`wrote ${target.pathname}`);
}
