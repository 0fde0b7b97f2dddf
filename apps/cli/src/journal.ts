import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What an uploaded folder remembers, in the folder itself (`.latent-journal.jsonl`), one JSON line per event, only
 * ever appended: a line is written whole before the next step (a kill at any moment leaves every earlier line
 * intact, at worst a torn last line, which is ignored). It makes a restart go on where the last run stopped:
 * - `roll`: the order and roll this folder uploads into (how it was bound: by reference, sticker or a new order);
 * - `begin`: a file's upload the server granted (its id, the shot's frame): a restart asks the server which parts it
 *   holds and sends the rest;
 * - `done`: the server holds the whole file: it is never sent again.
 */
export const JOURNAL_FILE = ".latent-journal.jsonl";

export type Binding = "reference" | "sticker" | "new-order";

export type JournalEntry =
  | { t: "roll"; order_id: string; film_id: string; reference: string; via: Binding; at: string }
  | { t: "begin"; film_id: string; file: string; size: number; frame: number; upload_id: string; at: string }
  | { t: "done"; film_id: string; file: string; size: number; frame: number; upload_id: string; at: string };

type Omitted<E> = E extends unknown ? Omit<E, "at"> : never;

export interface FileRecord {
  frame: number;
  size: number;
  uploadId: string;
  done: boolean;
}

export interface Journal {
  /** Where it is written (null: the folder is read-only, so it lives only as long as this run). */
  readonly path: string | null;
  /** The roll this folder was last bound to. */
  roll(): Extract<JournalEntry, { t: "roll" }> | null;
  /** What is known of a file's upload into a roll. */
  file(filmId: string, name: string): FileRecord | undefined;
  append(entry: Omitted<JournalEntry>): void;
}

const keyOf = (filmId: string, name: string) => `${filmId}/${name}`;

/** Reads a folder's journal (none yet: empty) and keeps appending to it. */
export function openJournal(folder: string, warn: (message: string) => void = () => {}): Journal {
  let path: string | null = join(folder, JOURNAL_FILE);
  const files = new Map<string, FileRecord>();
  let roll: Extract<JournalEntry, { t: "roll" }> | null = null;

  const apply = (entry: JournalEntry) => {
    if (entry.t === "roll") roll = entry;
    else
      files.set(keyOf(entry.film_id, entry.file), {
        frame: entry.frame,
        size: entry.size,
        uploadId: entry.upload_id,
        done: entry.t === "done",
      });
  };

  let text = "";
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  // A line torn by a kill mid-write must not swallow the next one: that one starts on a line of its own.
  let newline = text.length > 0 && !text.endsWith("\n");
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      apply(JSON.parse(line) as JournalEntry);
    } catch {
      // A line torn by a kill mid-write: the step it was recording is simply done again.
    }
  }

  return {
    get path() {
      return path;
    },
    roll: () => roll,
    file: (filmId, name) => files.get(keyOf(filmId, name)),
    append(partial) {
      const entry = { ...partial, at: new Date().toISOString() } as JournalEntry;
      apply(entry);
      if (!path) return;
      try {
        appendFileSync(path, `${newline ? "\n" : ""}${JSON.stringify(entry)}\n`);
        newline = false;
      } catch (err) {
        warn(`cannot write ${path} (${(err as Error).message}): a restart will not know what this run uploaded`);
        path = null;
      }
    },
  };
}
