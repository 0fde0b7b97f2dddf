import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { APP_ICON_SIZES, MASKABLE_ICON_SIZE, renderAppIcon, renderMaskableIcon } from "./app-icons.ts";

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

  it("include a maskable icon whose edges are the background and whose logo sits inside the launchers' safe zone", async () => {
    const svg = await readFile(new URL("favicon.svg", publicDir));
    const committed = await pixels(await readFile(new URL(`icons/icon-maskable-${MASKABLE_ICON_SIZE}.png`, publicDir)));
    const fresh = await pixels(await renderMaskableIcon(svg, MASKABLE_ICON_SIZE));
    expect([committed.info.width, committed.info.height]).toEqual([MASKABLE_ICON_SIZE, MASKABLE_ICON_SIZE]);
    let off = 0;
    for (let i = 0; i < fresh.data.length; i++) off += Math.abs(fresh.data[i]! - committed.data[i]!);
    expect(off / fresh.data.length).toBeLessThan(1);
    // Every pixel outside the safe zone's circle (radius 40 % of the width) is the opaque white background.
    const { data, info } = committed;
    const centre = info.width / 2;
    for (let y = 0; y < info.height; y += 4)
      for (let x = 0; x < info.width; x += 4) {
        if (Math.hypot(x - centre, y - centre) <= info.width * 0.4) continue;
        const at = (y * info.width + x) * 4;
        expect([data[at], data[at + 1], data[at + 2], data[at + 3]]).toEqual([255, 255, 255, 255]);
      }
  });
});
