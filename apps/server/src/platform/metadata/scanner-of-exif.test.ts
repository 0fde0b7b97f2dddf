import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { scannerOfExif } from "./scanner-of-exif.ts";

const exifOf = async (IFD0: Record<string, string>) => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
    .jpeg()
    .withExif({ IFD0 })
    .toBuffer();
  return (await sharp(jpeg).metadata()).exif;
};

describe("the scanner a scan's EXIF names", () => {
  it("joins make and model, and leaves a make the model repeats out", async () => {
    expect(await scannerOfExif(await exifOf({ Make: "EPSON", Model: "Perfection V600" }))).toBe("EPSON Perfection V600");
    expect(await scannerOfExif(await exifOf({ Make: "Nikon", Model: "Nikon Super Coolscan 5000 ED" }))).toBe(
      "Nikon Super Coolscan 5000 ED",
    );
    expect(await scannerOfExif(await exifOf({ Model: "EZ Controller" }))).toBe("EZ Controller");
  });

  it("says nothing of a scan without EXIF, without the fields, or with a broken block", async () => {
    expect(await scannerOfExif(undefined)).toBeNull();
    expect(await scannerOfExif(await exifOf({ Software: "VueScan 9" }))).toBeNull();
    expect(await scannerOfExif(Buffer.from("Exif\0\0II*\0\xff\xff\x00\x00", "latin1"))).toBeNull();
  });
});
