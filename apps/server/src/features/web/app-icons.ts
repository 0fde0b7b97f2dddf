import sharp from "sharp";

/** Sizes of the PNG icons the web app manifest lists (`apps/web/public/icons/icon-<size>.png`). */
export const APP_ICON_SIZES = [192, 512] as const;

/** The brand's SVG (`apps/web/public/favicon.svg`) as a square PNG icon of `size` pixels, drawn at that size (not scaled up). */
export function renderAppIcon(svg: Buffer, size: number): Promise<Buffer> {
  const { width } = /viewBox="0 0 (?<width>[\d.]+)/.exec(svg.toString("utf8"))?.groups ?? { width: "32" };
  return sharp(svg, { density: (72 * size) / Number(width) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
