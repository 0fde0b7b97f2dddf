/**
 * Files of unfinished uploads, kept in the browser (IndexedDB holds File objects, not just their names) so an upload
 * goes on after a reload or a closed tab without the file being chosen again. A browser that refuses (private mode,
 * quota) only loses that convenience: the upload pauses and asks for the file instead.
 */
export interface FileStash {
  put(key: string, file: File): Promise<void>;
  /** The kept file, or null when there is none (or the browser cannot say). */
  get(key: string): Promise<File | null>;
  delete(key: string): Promise<void>;
}

const DB_NAME = "latent-uploads";
const STORE = "files";

function request<T>(req: IDBRequest<T>) {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The stash in IndexedDB; null when the browser has none. */
export function createIndexedDbStash(factory: IDBFactory | undefined = globalThis.indexedDB): FileStash | null {
  if (!factory) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    const tx = db.transaction(STORE, mode);
    // A write counts once its transaction is committed, not when its request succeeds.
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    const result = await request(work(tx.objectStore(STORE)));
    await committed;
    return result;
  };
  return {
    put: async (key, file) => {
      await run("readwrite", (store) => store.put(file, key));
    },
    get: async (key) => {
      try {
        const value = await run("readonly", (store) => store.get(key));
        return value instanceof Blob ? (value as File) : null;
      } catch {
        return null;
      }
    },
    delete: async (key) => {
      await run("readwrite", (store) => store.delete(key)).catch(() => undefined);
    },
  };
}
