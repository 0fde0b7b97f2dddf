import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

/** Intl separates number and unit with a (narrow) no-break space in some languages; readers see a space. */
const size = (bytes: number, locale: string) => formatFileSize(bytes, locale).replace(/[\u00a0\u202f]/g, " ");

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe("file sizes", () => {
  it("spell bytes out with the plural of the language", () => {
    expect(size(1, "en-US")).toBe("1 byte");
    expect(size(27, "en-US")).toBe("27 bytes");
    expect(size(0, "en-US")).toBe("0 bytes");
    expect(size(27, "es-ES")).toBe("27 bytes");
    expect(size(1, "fr-FR")).toBe("1 octet");
    expect(size(27, "fr-FR")).toBe("27 octets");
    expect(size(27, "it-IT")).toBe("27 byte");
    expect(size(27, "ca-ES")).toBe("27 bytes");
  });

  it("count in binary steps, as the server's limits do, with one decimal at most", () => {
    expect(size(512 * KB, "en-US")).toBe("512 kB");
    expect(size(Math.round(1.2 * MB), "en-US")).toBe("1.2 MB");
    expect(size(200 * MB, "en-US")).toBe("200 MB");
    expect(size(5 * GB, "en-US")).toBe("5 GB");
    expect(size(2048 * GB, "en-US")).toBe("2 TB");
  });

  it("write decimals and unit symbols the way each language does", () => {
    expect(size(Math.round(1.2 * MB), "es-ES")).toBe("1,2 MB");
    expect(size(Math.round(1.2 * MB), "fr-FR")).toBe("1,2 Mo");
    expect(size(5 * GB, "fr-FR")).toBe("5 Go");
    expect(size(Math.round(1.2 * MB), "it-IT")).toBe("1,2 MB");
    expect(size(Math.round(1.2 * MB), "ca-ES")).toBe("1,2 MB");
  });

  it("moves to the next unit rather than show 1024 of one", () => {
    expect(size(1023, "en-US")).toBe("1,023 bytes");
    expect(size(MB - 1, "en-US")).toBe("1 MB");
    expect(size(1.5 * KB, "en-US")).toBe("1.5 kB");
  });
});
