import { describe, expect, it } from "vitest";
import {
  type DataTransferItemLike,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
  filesFromDataTransfer,
  filesFromEntries,
  filesFromEvent,
  isJunkFile,
} from "./dropped-files.ts";

const fileEntry = (name: string): FileEntryLike => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (success) => queueMicrotask(() => success(new File(["x"], name, { type: "image/jpeg" }))),
});

/** A folder whose reader answers in batches of `batch` entries, then an empty batch, like Chromium's. */
const folder = (name: string, children: EntryLike[], batch = 2): DirectoryEntryLike => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let offset = 0;
    return {
      readEntries: (success) =>
        setTimeout(() => {
          const next = children.slice(offset, offset + batch);
          offset += next.length;
          success(next);
        }),
    };
  },
});

const names = (files: File[]) => files.map((f) => f.name).sort();

describe("files of a drop", () => {
  it("walks a dropped folder, its subfolders and every batch of its reader", async () => {
    const roll = folder("roll-12", [
      fileEntry("01.jpg"),
      fileEntry("02.jpg"),
      fileEntry("03.jpg"),
      folder("extra", [fileEntry("04.jpg"), folder("deeper", [fileEntry("05.jpg")])]),
      fileEntry("06.jpg"),
    ]);
    expect(names(await filesFromEntries([roll]))).toEqual(["01.jpg", "02.jpg", "03.jpg", "04.jpg", "05.jpg", "06.jpg"]);
  });

  it("walks more than one reader batch of a big folder (100 files answered 100 at a time)", async () => {
    const many = Array.from({ length: 250 }, (_, i) => fileEntry(`${i + 1}.jpg`));
    expect(await filesFromEntries([folder("big", many, 100)])).toHaveLength(250);
  });

  it("leaves out hidden files and folders", async () => {
    const roll = folder("roll", [fileEntry(".DS_Store"), fileEntry("01.jpg"), folder(".thumbnails", [fileEntry("t.jpg")])]);
    expect(names(await filesFromEntries([roll]))).toEqual(["01.jpg"]);
  });

  it("skips the files systems leave in folders (.DS_Store, ._ resource forks, Thumbs.db) without a word", async () => {
    const roll = folder("roll", [
      fileEntry(".DS_Store"),
      fileEntry("._01.jpg"),
      fileEntry("01.jpg"),
      fileEntry("Thumbs.db"),
      folder("more", [fileEntry("thumbs.db"), fileEntry("._02.jpg"), fileEntry("02.jpg")]),
    ]);
    expect(names(await filesFromEntries([roll]))).toEqual(["01.jpg", "02.jpg"]);
    expect([".DS_Store", "._01.jpg", "Thumbs.db", "THUMBS.DB"].every(isJunkFile)).toBe(true);
    expect(["01.jpg", "thumbs.jpg", "my.DS_Store.jpg"].some(isJunkFile)).toBe(false);
  });

  it("takes entries during the drop: the item list may be emptied as soon as the handler returns", async () => {
    const items: DataTransferItemLike[] = [
      { kind: "file", getAsFile: () => null, webkitGetAsEntry: () => folder("roll", [fileEntry("a.jpg"), fileEntry("b.jpg")]) },
      { kind: "file", getAsFile: () => null, webkitGetAsEntry: () => fileEntry("c.jpg") },
      { kind: "string", getAsFile: () => null },
    ];
    const pending = filesFromDataTransfer(items);
    items.length = 0;
    expect(names(await pending)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
  });

  it("uses the files themselves when the drop has no entries", async () => {
    const loose = new File(["x"], "loose.jpg");
    const files = await filesFromDataTransfer([{ kind: "file", getAsFile: () => loose, webkitGetAsEntry: () => null }]);
    expect(files).toEqual([loose]);
  });

  it("takes the picked files of a file input as they are", async () => {
    const picked = [new File(["x"], "1.jpg"), new File(["y"], "2.jpg")];
    const event = { target: { files: picked } };
    expect(await filesFromEvent(event)).toEqual(picked);
  });
});
