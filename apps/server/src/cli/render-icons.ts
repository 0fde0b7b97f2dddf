/**
 * Renders the web app's PNG icons from the brand's SVG: `sh scripts/run.sh node apps/server/src/cli/render-icons.ts`.
 * Run it after changing `apps/web/public/favicon.svg`; a test checks the committed icons still match it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { APP_ICON_SIZES, MASKABLE_ICON_SIZE, renderAppIcon, renderMaskableIcon } from "../features/web/app-icons.ts";

const publicDir = new URL("../../../web/public/", import.meta.url);
const svg = await readFile(new URL("favicon.svg", publicDir));
const write = async (name: string, png: Buffer) => {
  const target = new URL(`icons/${name}`, publicDir);
  await writeFile(target, png);
  console.log(`wrote ${target.pathname}`);
};
for (const size of APP_ICON_SIZES) await write(`icon-${size}.png`, await renderAppIcon(svg, size));
await write(`icon-maskable-${MASKABLE_ICON_SIZE}.png`, await renderMaskableIcon(svg, MASKABLE_ICON_SIZE));
