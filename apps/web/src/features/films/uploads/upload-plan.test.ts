import { describe, expect, it } from "vitest";
import { assignIndexes, chooseFiles, chooseScans, contentTypeOf, defaultRange, planProblem, sortByName } from "./upload-plan.ts";

const file = (name: string, type = "") => ({ name, type });

describe("choosing the files of an upload", () => {
  it("orders files by name as a scanner numbers them: 2 before 10", () => {
    const names = sortByName([file("scan-10.jpg"), file("scan-2.jpg"), file("Scan-1.jpg"), file("scan-100.jpg")]).map((f) => f.name);
    expect(names).toEqual(["Scan-1.jpg", "scan-2.jpg", "scan-10.jpg", "scan-100.jpg"]);
  });

  it("knows a scan by its type, or by its extension when the browser gives no type", () => {
    expect(contentTypeOf(file("a.jpg", "image/jpeg"))).toBe("image/jpeg");
    expect(contentTypeOf(file("a.TIF"))).toBe("image/tiff");
    expect(contentTypeOf(file("a.webp"))).toBe("image/webp");
    expect(contentTypeOf(file("notes.txt", "text/plain"))).toBeNull();
    expect(contentTypeOf(file("raw.dng", "image/x-adobe-dng"))).toBeNull();
  });

  it("leaves out what is not a scan and says which files those were, but skips system junk without a word", () => {
    const { images, ignored } = chooseFiles([file("02.jpg"), file("notes.txt"), file(".DS_Store"), file("Thumbs.db"), file("01.png")]);
    expect(images.map((i) => i.file.name)).toEqual(["01.png", "02.jpg"]);
    expect(ignored.map((f) => f.name)).toEqual(["notes.txt"]);
  });

  it("refuses a file named like a scan whose bytes are not an image, and trusts the bytes over the name", async () => {
    const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const chosen = await chooseScans([
      new File(["Dear lab, please push this roll one stop."], "01.jpg", { type: "image/jpeg" }),
      new File([jpegBytes], "02.jpg", { type: "image/jpeg" }),
      new File([pngBytes], "03.tif"),
      new File([], "04.jpg"),
      new File(["notes"], "notes.txt"),
    ]);
    expect(chosen.images.map((i) => [i.file.name, i.contentType])).toEqual([
      ["02.jpg", "image/jpeg"],
      ["03.tif", "image/png"],
    ]);
    expect(chosen.refused.map((f) => f.name)).toEqual(["01.jpg", "04.jpg"]);
    expect(chosen.ignored.map((f) => f.name)).toEqual(["notes.txt"]);
  });
});

describe("matching files to shots", () => {
  it("starts after the roll's last shot, as many shots as files", () => {
    expect(defaultRange([], 3, 100)).toEqual({ from: 1, to: 3 });
    expect(defaultRange([1, 2, 5], 2, 100)).toEqual({ from: 6, to: 7 });
  });

  it("stays within the roll's maximum, so too many files show up as a mismatch", () => {
    const range = defaultRange([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, 10);
    expect(range).toEqual({ from: 10, to: 10 });
    expect(planProblem(4, range, 10)).toEqual({ kind: "count-mismatch", files: 4, shots: 1 });
  });

  it("uploads nothing when the number of files differs from the number of shots chosen", () => {
    expect(planProblem(3, { from: 1, to: 4 }, 100)).toEqual({ kind: "count-mismatch", files: 3, shots: 4 });
    expect(planProblem(3, { from: 1, to: 3 }, 100)).toBeNull();
  });

  it("refuses shots outside the roll, reversed ranges, no files and shots still uploading", () => {
    expect(planProblem(1, { from: 0, to: 0 }, 36)).toEqual({ kind: "range-invalid", max: 36 });
    expect(planProblem(2, { from: 36, to: 37 }, 36)).toEqual({ kind: "range-invalid", max: 36 });
    expect(planProblem(2, { from: 5, to: 4 }, 36)).toEqual({ kind: "range-invalid", max: 36 });
    expect(planProblem(0, { from: 1, to: 1 }, 36)).toEqual({ kind: "no-files" });
    expect(planProblem(2, { from: 3, to: 4 }, 36, [4, 9])).toEqual({ kind: "busy", indexes: [4] });
  });

  it("gives file n (in name order) the shot from + n", () => {
    expect(assignIndexes(["a", "b", "c"], 5)).toEqual([
      { index: 5, item: "a" },
      { index: 6, item: "b" },
      { index: 7, item: "c" },
    ]);
  });
});
