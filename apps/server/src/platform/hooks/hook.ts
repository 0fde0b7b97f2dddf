/**
 * A point where other features take part in one feature's work without that feature depending on them (deleting a
 * shot cancels its upload, which the uploads feature owns). Listeners run in the order they were added; the first
 * failure stops the work.
 */
export function createHook<A>() {
  const listeners: ((arg: A) => Promise<void>)[] = [];
  return {
    add(listener: (arg: A) => Promise<void>) {
      listeners.push(listener);
    },
    async run(arg: A) {
      for (const listener of listeners) await listener(arg);
    },
  };
}

export type Hook<A> = ReturnType<typeof createHook<A>>;
