/**
 * Files from a drop that may hold folders. A browser hands a dropped folder over as a directory entry
 * (`DataTransferItem.webkitGetAsEntry()`), not as files: this walks such entries down to every file in them.
 */

/** The parts of the File and Directory Entries API used here (kept narrow so tests can fake them). */
export interface EntryLike {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly name: string;
}
export interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryReaderLike {
  readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryEntryLike extends EntryLike {
  createReader(): DirectoryReaderLike;
}

const isFileEntry = (entry: EntryLike): entry is FileEntryLike => entry.isFile;
const isDirectoryEntry = (entry: EntryLike): entry is DirectoryEntryLike => entry.isDirectory;

const fileOf = (entry: FileEntryLike) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every entry of a folder: a reader answers in batches (Chromium: 100 at a time) until it answers an empty one. */
async function readAll(directory: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = directory.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * Files a system leaves in folders, never scans: hidden ones (macOS's ".DS_Store" and "._scan.jpg" resource forks,
 * any ".folder") and Windows' "Thumbs.db". They are left out without a word.
 */
export const isJunkFile = (name: string) => name.startsWith(".") || name.toLowerCase() === "thumbs.db";

/** Every file under the entries, folders walked recursively; junk files and hidden folders are left out. */
export async function filesFromEntries(entries: readonly EntryLike[]): Promise<File[]> {
  const files: File[] = [];
  for (const entry of entries) {
    if (isJunkFile(entry.name)) continue;
    if (isFileEntry(entry)) files.push(await fileOf(entry));
    else if (isDirectoryEntry(entry)) files.push(...(await filesFromEntries(await readAll(entry))));
  }
  return files;
}

/** The slice of `DataTransferItem` used here. */
export interface DataTransferItemLike {
  readonly kind: string;
  getAsFile(): File | null;
  webkitGetAsEntry?(): EntryLike | null;
}

/**
 * The files of a drop. Entries and files are taken from the items at once, before the first `await`: the browser
 * empties the item list as soon as the drop event's handler returns.
 */
export function filesFromDataTransfer(items: ArrayLike<DataTransferItemLike>): Promise<File[]> {
  const taken = Array.from(items)
    .filter((item) => item.kind === "file")
    .map((item) => {
      const entry = item.webkitGetAsEntry?.() ?? null;
      // A drop made by a script (or an old browser) has no entries: its files are used as they are.
      return entry ? { kind: "entry" as const, entry } : { kind: "file" as const, file: item.getAsFile() };
    });
  return (async () => {
    const files: File[] = [];
    for (const part of taken) {
      if (part.kind === "entry") files.push(...(await filesFromEntries([part.entry])));
      else if (part.file) files.push(part.file);
    }
    return files;
  })();
}

/**
 * `getFilesFromEvent` for the dropzone: dropped folders are walked, picked files are taken as they are. While a
 * drag is only hovering, its items are answered (file contents are not readable before the drop).
 */
export function filesFromEvent(event: unknown): Promise<(File | DataTransferItem)[]> {
  if (Array.isArray(event)) return Promise.all((event as FileSystemFileHandle[]).map((handle) => handle.getFile()));
  const dragEvent = event as Partial<DragEvent>;
  if (dragEvent.dataTransfer) {
    const items = dragEvent.dataTransfer.items;
    if (dragEvent.type === "drop") return filesFromDataTransfer(items);
    return Promise.resolve(Array.from(items).filter((item) => item.kind === "file"));
  }
  const target = (event as Partial<Event>).target as HTMLInputElement | null | undefined;
  return Promise.resolve(target?.files ? Array.from(target.files) : []);
}
