import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { APP_ICON_SIZES, renderAppIcon } from "./app-icons.ts";

const publicDir = new URL("../../../../web/public/", import.meta.url);
const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe("the web app's icons", () => {
  it.each(APP_ICON_SIZES)("are the brand's SVG drawn at %i px (run cli/render-icons.ts after changing it)", async (size) => {
    const committed = await pixels(await readFile(new URL(`icons/icon-${size}.png`, publicDir)));
    const fresh = await pixels(await renderAppIcon(await readFile(new URL("favicon.svg", publicDir)), size));
    expect([committed.info.width, committed.info.height]).toEqual([size, size]);
    // Another librsvg may antialias an edge pixel a little differently: compare the images, not the bytes.
    let off = 0;
    for (let i = 0; i < fresh.data.length; i++) off += Math.abs(fresh.data[i]! - committed.data[i]!);
    expect(off / fresh.data.length).toBeLessThan(1);
  });
});
