import { stickerUrl } from "@latent/domain/stickers";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { drawQr } from "../../platform/pdf/draw-qr.ts";

export { stickerUrl };

/** Paper sizes we sell sticker sheets for; each maps to exactly one stock label sheet. */
export type SheetPaper = "a4" | "letter";

/** One label's content: the hash goes into the QR code, the short id is printed for people who type it. */
export interface SheetSticker {
  hash: string;
  shortId: string;
}

/** A stock label sheet in PDF points, as its manufacturer publishes it: printing must land inside the pre-cut labels. */
export interface LabelLayout {
  name: string;
  pageWidthPt: number;
  pageHeightPt: number;
  columns: number;
  rows: number;
  labelWidthPt: number;
  labelHeightPt: number;
  marginLeftPt: number;
  marginTopPt: number;
  gapXPt: number;
  gapYPt: number;
}

const mm = (v: number) => (v * 72) / 25.4;
const inch = (v: number) => v * 72;

/** The two supported label sheets, in the manufacturers' figures so a sheet printed at 100 % lines up with the cuts. */
export const LABEL_SHEETS: Record<SheetPaper, LabelLayout> = {
  a4: {
    name: "Avery L7651 (A4, 65 labels of 38.1 × 21.2 mm)",
    pageWidthPt: mm(210),
    pageHeightPt: mm(297),
    columns: 5,
    rows: 13,
    labelWidthPt: mm(38.1),
    labelHeightPt: mm(21.2),
    marginLeftPt: mm(4.7),
    marginTopPt: mm(10.7),
    gapXPt: mm(40.6 - 38.1),
    gapYPt: 0,
  },
  letter: {
    name: "Avery 5160 (Letter, 30 labels of 2.625 × 1 in)",
    pageWidthPt: inch(8.5),
    pageHeightPt: inch(11),
    columns: 3,
    rows: 10,
    labelWidthPt: inch(2.625),
    labelHeightPt: inch(1),
    marginLeftPt: inch(0.1875),
    marginTopPt: inch(0.5),
    gapXPt: inch(2.75 - 2.625),
    gapYPt: 0,
  },
};

/** What a sticker's QR code encodes: the public page that opens its roll (publicUrl has no trailing slash). */

const FONT = "Helvetica-Bold";
/** Helvetica's cap height and ascender are both 718/1000: text placed at y has its capitals' tops at y, baseline below. */
const CAP_HEIGHT = 0.718;
/** Id size per sheet: bold and as large as the small A4 label allows while leaving the QR most of the height. */
const FONT_SIZE: Record<SheetPaper, number> = { a4: 6.5, letter: 9 };
/** Label printers drift about 1 mm, so nothing is drawn closer than this to a label's edge. */
const PADDING = mm(1);
/** Light modules a reader needs around the symbol; the white label around the QR provides them. */
const QUIET_MODULES = 2;

/**
 * The largest module that fits a QR of `size` modules on the label with the id line under it. Each edge of the QR
 * keeps max(padding, 2 modules) of white, and 2 modules separate it from the id, so every max() gives two bounds.
 */
function moduleSize(layout: LabelLayout, size: number, fontSize: number): number {
  const across = Math.min((layout.labelWidthPt - 2 * PADDING) / size, layout.labelWidthPt / (size + 2 * QUIET_MODULES));
  const down = layout.labelHeightPt - PADDING - fontSize * CAP_HEIGHT;
  return Math.min(across, (down - PADDING) / (size + QUIET_MODULES), down / (size + 2 * QUIET_MODULES));
}

function drawLabel(doc: PDFKit.PDFDocument, layout: LabelLayout, fontSize: number, left: number, top: number, url: string, id: string) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const module = moduleSize(layout, modules.size, fontSize);
  const qr = modules.size * module;
  const qrTop = top + Math.max(PADDING, QUIET_MODULES * module);
  drawQr(doc, modules, left + (layout.labelWidthPt - qr) / 2, qrTop, module);

  // An id wider than the label (never with the domain's 11 characters) shrinks rather than run onto the next label.
  const width = layout.labelWidthPt - 2 * PADDING;
  doc.font(FONT).fontSize(fontSize);
  const natural = doc.widthOfString(id);
  if (natural > width) doc.fontSize((fontSize * width) / natural);
  doc.fillColor("black").text(id, left + PADDING, qrTop + qr + QUIET_MODULES * module, {
    width,
    height: fontSize * 1.2,
    align: "center",
    lineBreak: false,
  });
}

/** Renders the stickers in order, label by label, row by row, as many pages as needed. */
export async function renderStickerSheet(input: { stickers: SheetSticker[]; publicUrl: string; paper: SheetPaper }): Promise<Buffer> {
  const { stickers, publicUrl, paper } = input;
  if (stickers.length === 0) throw new Error("A sticker sheet needs at least one sticker");
  const layout = LABEL_SHEETS[paper];
  const perPage = layout.columns * layout.rows;

  const doc = new PDFDocument({
    size: [layout.pageWidthPt, layout.pageHeightPt],
    margin: 0,
    autoFirstPage: false,
    info: { Title: "Latent stickers", Subject: layout.name, Creator: "Latent" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  stickers.forEach((sticker, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage();
    const column = slot % layout.columns;
    const row = Math.floor(slot / layout.columns);
    const left = layout.marginLeftPt + column * (layout.labelWidthPt + layout.gapXPt);
    const top = layout.marginTopPt + row * (layout.labelHeightPt + layout.gapYPt);
    drawLabel(doc, layout, FONT_SIZE[paper], left, top, stickerUrl(publicUrl, sticker.hash), sticker.shortId);
  });
  doc.end();
  return done;
}
