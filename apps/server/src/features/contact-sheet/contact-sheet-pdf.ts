import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import type { FilmFormat } from "@latent/domain/film-config";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { loadSharp } from "../../platform/images/load-sharp.ts";
import { drawQr } from "../../platform/pdf/draw-qr.ts";

/** One frame of the sheet: its number on the roll and how to read its stored image (null: none to read). */
export interface SheetFrame {
  index: number;
  image: () => Promise<Buffer | null>;
}

/** What the sheet prints: a header of the roll's facts, its sticker's QR when it has one, and its frames in order. */
export interface ContactSheetInput {
  paper: ContactSheetPaper;
  format: FilmFormat;
  title: string;
  /** The header's lines under the title, already written ("Kodak Portra 400 · 135 · C-41"). */
  lines: string[];
  sticker: { url: string; shortId: string | null } | null;
  frames: SheetFrame[];
}

const PAGE_SIZE: Record<ContactSheetPaper, string> = { a4: "A4", letter: "LETTER" };
const MARGIN = 36;
const GAP_X = 6;
const GAP_Y = 6;
/** The frame number's band under each frame. */
const LABEL = 11;
const QR_SIZE = 60;
const FOOTER = 14;

/**
 * Frames across and the shape of the cell each sits in: six 35 mm frames a row as a strip is cut, four medium-format
 * ones (a square cell holds 6×4.5, 6×6 and 6×7 upright or on their side), two sheets. Every page fills with as many
 * rows as fit, so a 36-frame 135 roll prints on one page of either paper.
 */
const GRID: Record<FilmFormat, { columns: number; aspect: number }> = {
  "135": { columns: 6, aspect: 3 / 2 },
  "110": { columns: 6, aspect: 4 / 3 },
  APS: { columns: 6, aspect: 3 / 2 },
  "120": { columns: 4, aspect: 1 },
  "220": { columns: 4, aspect: 1 },
  sheet: { columns: 2, aspect: 4 / 5 },
};

/** Printed at 300 dpi a frame needs no more pixels than this per point of its cell. */
const PX_PER_PT = 300 / 72;
/** Frames read and shrunk at once: bounds the memory of full-size previews held together. */
const READ_AHEAD = 4;

/** Characters outside WinAnsi, which the PDF's built-in Helvetica cannot draw (a Euro or curly quote can). */
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const drawable = (c: string) => (c >= " " && c <= "~") || (c >= "\u00a0" && c <= "\u00ff") || WIN_ANSI_EXTRAS.includes(c);

/** Text as Helvetica can print it: accents kept where WinAnsi has them, stripped where it does not, else "?". */
export function printable(text: string): string {
  return [...text]
    .map((c) => {
      if (drawable(c)) return c;
      const bare = c.normalize("NFKD").replace(/\p{M}/gu, "");
      return bare !== "" && [...bare].every(drawable) ? bare : "?";
    })
    .join("");
}

/** Each frame's stored image, shrunk to its cell's print size as a JPEG, a few at a time; null where none could be read. */
async function shrinkFrames(frames: SheetFrame[], px: { width: number; height: number }): Promise<(Buffer | null)[]> {
  const sharp = await loadSharp();
  const out: (Buffer | null)[] = new Array(frames.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < frames.length) {
      const i = next++;
      const bytes = await frames[i]!.image();
      if (!bytes) continue;
      out[i] = await sharp(bytes)
        .rotate()
        .resize(px.width, px.height, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82 })
        .toBuffer();
    }
  };
  await Promise.all(Array.from({ length: READ_AHEAD }, worker));
  return out;
}

/** Renders a roll's contact sheet: the header on the first page, then its frames row by row, each numbered. */
export async function renderContactSheet(input: ContactSheetInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE_SIZE[input.paper],
    margin: 0,
    autoFirstPage: false,
    info: { Title: printable(`${input.title} – contact sheet`), Creator: "Latent" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - FOOTER;
  const grid = GRID[input.format];
  const cellWidth = (width - (grid.columns - 1) * GAP_X) / grid.columns;
  const cellHeight = cellWidth / grid.aspect;
  const rowHeight = cellHeight + LABEL + GAP_Y;
  const images = await shrinkFrames(input.frames, {
    width: Math.ceil(cellWidth * PX_PER_PT),
    height: Math.ceil(cellHeight * PX_PER_PT),
  });

  const headerBottom = drawHeader(doc, input, width);
  const rowsOn = (top: number) => Math.max(1, Math.floor((bottom - top + GAP_Y) / rowHeight));
  const firstRows = rowsOn(headerBottom);
  const laterTop = MARGIN + 20;
  const laterRows = rowsOn(laterTop);
  const firstCount = firstRows * grid.columns;
  const pages = 1 + Math.max(0, Math.ceil((input.frames.length - firstCount) / (laterRows * grid.columns)));

  let page = 1;
  let top = headerBottom;
  let slot = 0;
  let slots = firstCount;
  drawFooter(doc, input.title, page, pages);
  input.frames.forEach((frame, i) => {
    if (slot === slots) {
      doc.addPage();
      page++;
      top = laterTop;
      slot = 0;
      slots = laterRows * grid.columns;
      doc.font("Helvetica-Bold").fontSize(9).fillColor("black");
      doc.text(printable(input.title), MARGIN, MARGIN, { width, height: 12, ellipsis: true });
      drawFooter(doc, input.title, page, pages);
    }
    const x = MARGIN + (slot % grid.columns) * (cellWidth + GAP_X);
    const y = top + Math.floor(slot / grid.columns) * rowHeight;
    const image = images[i];
    if (image) doc.image(image, x, y, { fit: [cellWidth, cellHeight], align: "center", valign: "center" });
    else doc.rect(x, y, cellWidth, cellHeight).lineWidth(0.5).stroke("#999999");
    doc.font("Helvetica").fontSize(7.5).fillColor("black");
    doc.text(String(frame.index), x, y + cellHeight + 2, { width: cellWidth, align: "center", lineBreak: false });
    slot++;
  });
  doc.end();
  return done;
}

/** The first page's header: title and lines on the left, the sticker's QR and short id on the right; answers where it ends. */
function drawHeader(doc: PDFKit.PDFDocument, input: ContactSheetInput, width: number): number {
  const textWidth = input.sticker ? width - QR_SIZE - 12 : width;
  doc.font("Helvetica-Bold").fontSize(16).fillColor("black");
  doc.text(printable(input.title), MARGIN, MARGIN, { width: textWidth, height: 20, ellipsis: true });
  let y = MARGIN + 24;
  doc.font("Helvetica").fontSize(9.5);
  for (const line of input.lines) {
    doc.text(printable(line), MARGIN, y, { width: textWidth, height: 12, ellipsis: true });
    y += 13;
  }
  if (input.sticker) {
    const { modules } = QRCode.create(input.sticker.url, { errorCorrectionLevel: "M" });
    const left = MARGIN + width - QR_SIZE;
    drawQr(doc, modules, left, MARGIN, QR_SIZE / modules.size);
    if (input.sticker.shortId) {
      doc.font("Helvetica-Bold").fontSize(7).fillColor("black");
      doc.text(input.sticker.shortId, left - 10, MARGIN + QR_SIZE + 3, { width: QR_SIZE + 20, align: "center", lineBreak: false });
    }
    y = Math.max(y, MARGIN + QR_SIZE + 14);
  }
  y += 4;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .stroke("#888888");
  return y + 10;
}

function drawFooter(doc: PDFKit.PDFDocument, title: string, page: number, pages: number) {
  doc.font("Helvetica").fontSize(7).fillColor("#666666");
  doc.text(`Latent · ${printable(title)} · ${page} / ${pages}`, MARGIN, doc.page.height - MARGIN - 8, {
    width: doc.page.width - 2 * MARGIN,
    align: "right",
    lineBreak: false,
  });
  doc.fillColor("black");
}
