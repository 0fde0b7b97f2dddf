import type { BitMatrix } from "qrcode";

/** Dark modules as one path of horizontal runs filled once, so a rasteriser leaves no hairline seams between modules. */
export function drawQr(doc: PDFKit.PDFDocument, modules: BitMatrix, x: number, y: number, module: number): void {
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(x + start * module, y + row * module, (col - start) * module, module);
    }
  }
  doc.fill("black");
}
