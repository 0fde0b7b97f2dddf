import { execFile as execFileCallback } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { shortIdFromBytes } from "@latent/domain/stickers";
import jsqr from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LABEL_SHEETS, renderStickerSheet, type SheetPaper, type SheetSticker, stickerUrl } from "./sticker-sheet.ts";

const execFile = promisify(execFileCallback);
// jsqr is CommonJS typed as an ES module: under nodenext its default import is module.exports, whose `default` is the decoder.
const jsQR = jsqr.default;
const DPI = 300;
const px = (pt: number) => Math.round((pt * DPI) / 72);
const publicUrl = "https://latent.example";

const stickers = (count: number): SheetSticker[] =>
  Array.from({ length: count }, () => ({ hash: randomBytes(16).toString("base64url"), shortId: shortIdFromBytes(randomBytes(8)) }));

/** Every label cell of every page, in sheet order, decoded as a phone would read it from a 300 dpi print. */
async function decodeCells(dir: string, paper: SheetPaper): Promise<{ pages: number; texts: (string | null)[] }> {
  await execFile("pdftoppm", ["-r", String(DPI), "-png", join(dir, "sheet.pdf"), join(dir, "page")]);
  const pages = (await readdir(dir)).filter((f) => f.startsWith("page") && f.endsWith(".png")).sort();
  const layout = LABEL_SHEETS[paper];
  const texts: (string | null)[] = [];
  for (const page of pages) {
    for (let row = 0; row < layout.rows; row++) {
      for (let column = 0; column < layout.columns; column++) {
        const { data, info } = await sharp(join(dir, page))
          .extract({
            left: px(layout.marginLeftPt + column * (layout.labelWidthPt + layout.gapXPt)),
            top: px(layout.marginTopPt + row * (layout.labelHeightPt + layout.gapYPt)),
            width: px(layout.labelWidthPt),
            height: px(layout.labelHeightPt),
          })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        texts.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null);
      }
    }
  }
  return { pages: pages.length, texts };
}

describe("printable sticker sheet", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "sheet-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  for (const [paper, count, pages] of [
    ["a4", 70, 2],
    ["letter", 31, 2],
  ] as const) {
    const layout = LABEL_SHEETS[paper];
    it(`puts ${count} stickers on ${paper} (${layout.name}) in order, each QR readable inside its own label and its id printed under it`, async () => {
      const dir = await mkdtemp(join(root, `${paper}-`));
      const sheet = stickers(count);
      await writeFile(join(dir, "sheet.pdf"), await renderStickerSheet({ stickers: sheet, publicUrl, paper }));

      const decoded = await decodeCells(dir, paper);
      expect(decoded.pages).toBe(pages);
      const perPage = layout.columns * layout.rows;
      expect(decoded.texts).toHaveLength(pages * perPage);
      expect(decoded.texts.slice(count).every((t) => t === null)).toBe(true);
      expect(decoded.texts.slice(0, count)).toEqual(sheet.map((s) => stickerUrl(publicUrl, s.hash)));

      const { stdout } = await execFile("pdftotext", ["-layout", join(dir, "sheet.pdf"), "-"]);
      for (const s of sheet) expect(stdout).toContain(s.shortId);
    }, 60_000);
  }

  it("names the sticker page of a hash under the public URL", () => {
    expect(stickerUrl("http://127.0.0.1:3000", "x3Jq0_aB-9cD1eF2gH3iJ4")).toBe("http://127.0.0.1:3000/sticker/x3Jq0_aB-9cD1eF2gH3iJ4");
  });

  it("refuses to render a sheet without stickers", async () => {
    await expect(renderStickerSheet({ stickers: [], publicUrl, paper: "a4" })).rejects.toThrow(/at least one sticker/);
  });
});
