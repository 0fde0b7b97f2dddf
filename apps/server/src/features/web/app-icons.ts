import { BACKGROUND_COLOR } from "@latent/domain/brand";
import { loadSharp } from "../../platform/images/load-sharp.ts";

/** Sizes of the PNG icons the web app manifest lists (`apps/web/public/icons/icon-<size>.png`). */
export const APP_ICON_SIZES = [192, 512] as const;

/** Size of the maskable icon (`apps/web/public/icons/icon-maskable-512.png`): launchers scale it down themselves. */
export const MASKABLE_ICON_SIZE = 512;

/**
 * Share of a maskable icon the logo takes: a launcher may cut the icon to any shape that holds the centred circle of
 * 80 % of its width (the "safe zone"), so the logo stays well inside it.
 */
const MASKABLE_LOGO_SHARE = 0.6;

/** The brand's SVG (`apps/web/public/favicon.svg`) as a square PNG icon of `size` pixels, drawn at that size (not scaled up). */
export async function renderAppIcon(svg: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width } = /viewBox="0 0 (?<width>[\d.]+)/.exec(svg.toString("utf8"))?.groups ?? { width: "32" };
  return sharp(svg, { density: (72 * size) / Number(width) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The brand's SVG centred on the pages' background, full bleed, for launchers that mask icons to their own shape. */
export async function renderMaskableIcon(svg: Buffer, size: number): Promise<Buffer> {
  const logoSize = Math.round(size * MASKABLE_LOGO_SHARE);
  const logo = await renderAppIcon(svg, logoSize);
  const offset = Math.round((size - logoSize) / 2);
  const sharp = await loadSharp();
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND_COLOR } })
    .composite([{ input: logo, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
