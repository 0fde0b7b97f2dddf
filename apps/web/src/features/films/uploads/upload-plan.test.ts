import { describe, expect, it } from "vitest";
import { assignIndexes, chooseFiles, contentTypeOf, defaultRange, planProblem, sortByName } from "./upload-plan.ts";

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

  it("leaves out what is not a scan, and says which files those were", () => {
    const { images, ignored } = chooseFiles([file("02.jpg"), file("notes.txt"), file(".DS_Store"), file("01.png")]);
    expect(images.map((i) => i.file.name)).toEqual(["01.png", "02.jpg"]);
    expect(ignored.map((f) => f.name)).toEqual([".DS_Store", "notes.txt"]);
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
