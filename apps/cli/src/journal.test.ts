import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { JOURNAL_FILE, openJournal } from "./journal.ts";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "latent-journal-"));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const begin = { t: "begin", film_id: "roll-1", file: "a.jpg", size: 10, frame: 1, upload_id: "up-1" } as const;

describe("a folder's journal", () => {
  it("remembers across runs which roll the folder goes to and which files began and finished", () => {
    const dir = folder();
    const first = openJournal(dir);
    first.append({ t: "roll", order_id: "order-1", film_id: "roll-1", reference: "000123", via: "reference" });
    first.append(begin);
    first.append({ ...begin, file: "b.jpg", frame: 2, upload_id: "up-2" });
    first.append({ ...begin, t: "done" });

    const again = openJournal(dir);
    expect(again.roll()).toMatchObject({ order_id: "order-1", film_id: "roll-1", via: "reference" });
    expect(again.file("roll-1", "a.jpg")).toEqual({ frame: 1, size: 10, uploadId: "up-1", done: true });
    expect(again.file("roll-1", "b.jpg")).toEqual({ frame: 2, size: 10, uploadId: "up-2", done: false });
    // The same file pushed into another roll is another upload.
    expect(again.file("roll-2", "a.jpg")).toBeUndefined();
  });

  it("ignores a line a kill tore in half, and writes the next one on a line of its own", () => {
    const dir = folder();
    openJournal(dir).append(begin);
    appendFileSync(join(dir, JOURNAL_FILE), '{"t":"done","film_id":"roll-1","fi');
    const after = openJournal(dir);
    expect(after.file("roll-1", "a.jpg")?.done).toBe(false);
    after.append({ ...begin, t: "done" });
    expect(openJournal(dir).file("roll-1", "a.jpg")?.done).toBe(true);
    expect(readFileSync(join(dir, JOURNAL_FILE), "utf8").split("\n").filter(Boolean)).toHaveLength(3);
  });
});
