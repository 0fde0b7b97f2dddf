import { describe, expect, it } from "vitest";
import { IMAGE_SIGNATURE_BYTES, imageTypeOf } from "./image-signature.ts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe("recognising a scan by its first bytes", () => {
  it("knows JPEG, PNG and WebP by their signatures", () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("image/jpeg");
    expect(imageTypeOf(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"))).toBe("image/png");
    expect(imageTypeOf(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
  });

  it("takes TIFF in both byte orders, BigTIFF too, even without its first directory", () => {
    expect(imageTypeOf(bytes("II*\0", [8, 0, 0, 0]))).toBe("image/tiff");
    expect(imageTypeOf(bytes("MM\0*", [0, 0, 0, 8]))).toBe("image/tiff");
    expect(imageTypeOf(bytes("II+\0", [8, 0, 0, 0, 16, 0, 0, 0]))).toBe("image/tiff");
    expect(imageTypeOf(bytes("MM\0+", [0, 8, 0, 0]))).toBe("image/tiff");
  });

  it("refuses a text file renamed .jpg, a PDF, a RIFF that is not WebP and a Canon raw file", () => {
    expect(imageTypeOf(bytes("#!/bin/sh\necho hi\n"))).toBeNull();
    expect(imageTypeOf(bytes("%PDF-1.7\n%"))).toBeNull();
    expect(imageTypeOf(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(imageTypeOf(bytes("RIFX", [0x24, 0, 0, 0], "WEBPVP8 "))).toBeNull();
    expect(imageTypeOf(bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0]))).toBeNull();
    expect(imageTypeOf(bytes("II*\0", [0x10, 0, 0, 0], "CR", [2, 0]))).toBeNull();
  });

  it("refuses files too short to carry a signature, the empty one included", () => {
    expect(imageTypeOf(new Uint8Array())).toBeNull();
    expect(imageTypeOf(bytes([0xff, 0xd8]))).toBeNull();
    expect(imageTypeOf(bytes("RIFF", [0, 0, 0, 0]))).toBeNull();
    expect(IMAGE_SIGNATURE_BYTES).toBeGreaterThanOrEqual(12);
  });
});
