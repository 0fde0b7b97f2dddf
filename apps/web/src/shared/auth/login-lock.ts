/** How long a tab holds the login lock before another may take it over (spec §9: login lock timeout 5 s). */
export const LOGIN_LOCK_TIMEOUT_MS = 5_000;
const LOCK_KEY = "latent.login-lock";
const POLL_MS = 100;

interface LockRecord {
  owner: string;
  at: number;
}

export interface LoginLockOptions {
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Where the page says it goes away (`pagehide`): the window by default. */
  page?: Pick<EventTarget, "addEventListener">;
}

/**
 * A lock shared by the app's tabs through localStorage, so two tabs do not start two sign-ins (or spend the same
 * refresh token) at once. A tab frees it when its task ends and when its page goes away (to the provider's sign-in
 * page, closed, reloaded), so no other page waits for a lock held by a page that is gone; the timestamp still lets
 * it lapse after 5 s where a page vanished without a word (a crash).
 */
export function createLoginLock({
  storage = window.localStorage,
  now = Date.now,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  page = typeof window === "undefined" ? undefined : window,
}: LoginLockOptions = {}) {
  const owner = crypto.randomUUID();

  const read = (): LockRecord | null => {
    try {
      const record = JSON.parse(storage.getItem(LOCK_KEY) ?? "null") as LockRecord | null;
      return record && typeof record.owner === "string" && typeof record.at === "number" ? record : null;
    } catch {
      return null;
    }
  };

  /** Takes the lock when it is free, lapsed or already ours; says whether it did. */
  const tryAcquire = (): boolean => {
    const held = read();
    if (held && held.owner !== owner && now() - held.at < LOGIN_LOCK_TIMEOUT_MS) return false;
    storage.setItem(LOCK_KEY, JSON.stringify({ owner, at: now() } satisfies LockRecord));
    // Two tabs may write in the same instant: the last write wins, and only its owner goes on.
    return read()?.owner === owner;
  };

  const release = () => {
    if (read()?.owner === owner) storage.removeItem(LOCK_KEY);
  };
  page?.addEventListener("pagehide", release);

  /** Waits for the lock (at most until the holder's lock lapses) and takes it. */
  const acquire = async () => {
    const deadline = now() + LOGIN_LOCK_TIMEOUT_MS + POLL_MS;
    while (!tryAcquire()) {
      if (now() > deadline) {
        // A clock that jumped or a storage that keeps refusing: go on rather than never sign in.
        storage.setItem(LOCK_KEY, JSON.stringify({ owner, at: now() } satisfies LockRecord));
        return;
      }
      await sleep(POLL_MS);
    }
  };

  return {
    tryAcquire,
    acquire,
    release,
    /** Runs `task` holding the lock, then frees it. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

export type LoginLock = ReturnType<typeof createLoginLock>;
