import { entryBytes, type ReadAt, readHeader, readIfd, TAG } from "./tiff-ifd.ts";

const EXIF_ID = Buffer.from("Exif\0\0", "latin1");

const text = (bytes: Buffer | null) =>
  bytes
    ? bytes
        .toString("latin1")
        .replace(/\0+$/, "")
        .replace(/[^\x20-\x7e\xa0-\xff]/g, "")
        .replace(/\s+/g, " ")
        .trim()
    : "";

/**
 * The device that made a scan, as its EXIF says ("EPSON Perfection V600", "NORITSU KOKI EZ Controller", a camera used
 * as a scanner): make and model, the make left out when the model already starts with it. Null without EXIF or
 * without either field. `exif` is the raw block (with or without its "Exif\0\0" prefix), as sharp's metadata gives it.
 */
export async function scannerOfExif(exif: Buffer | undefined): Promise<string | null> {
  if (!exif) return null;
  const tiff = exif.subarray(0, EXIF_ID.length).equals(EXIF_ID) ? exif.subarray(EXIF_ID.length) : exif;
  const header = readHeader(tiff);
  if (!header) return null;
  const read: ReadAt = async (offset, length) => {
    if (offset + length > tiff.length) throw new Error("an EXIF entry past its block's end");
    return tiff.subarray(offset, offset + length);
  };
  try {
    const ifd0 = await readIfd(read, header.firstIfd, header.littleEndian);
    const field = async (tag: number) => {
      const entry = ifd0.entries.find((e) => e.tag === tag);
      return entry ? text(await entryBytes(read, entry, header.littleEndian)) : "";
    };
    const make = await field(TAG.MAKE);
    const model = await field(TAG.MODEL);
    const name = model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`.trim();
    return name ? name.slice(0, 100) : null;
  } catch {
    return null;
  }
}
