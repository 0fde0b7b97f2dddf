import { describe, expect, it } from "vitest";
import { downloadOriginal, ORIGINAL_RETRY_DELAY_MS } from "./original-download.ts";

function world(working: string[], fresh: string | null) {
  const started: string[] = [];
  const waited: number[] = [];
  let renewals = 0;
  const deps = {
    works: async (url: string) => working.includes(url),
    renew: async () => {
      renewals++;
      return fresh;
    },
    start: (url: string) => void started.push(url),
    sleep: async (ms: number) => void waited.push(ms),
  };
  return { deps, started, waited, renewals: () => renewals };
}

describe("downloading a shot's original", () => {
  it("hands a working link straight to the browser, with no wait and no new link", async () => {
    const w = world(["/media/a?sig=1"], "/media/a?sig=2");
    expect(await downloadOriginal("/media/a?sig=1", w.deps)).toBe(true);
    expect(w.started).toEqual(["/media/a?sig=1"]);
    expect(w.waited).toEqual([]);
    expect(w.renewals()).toBe(0);
  });

  it("waits 2 seconds after a refused link, then downloads through a new one", async () => {
    const w = world(["/media/a?sig=2"], "/media/a?sig=2");
    expect(await downloadOriginal("/media/a?sig=1", w.deps)).toBe(true);
    expect(w.waited).toEqual([ORIGINAL_RETRY_DELAY_MS]);
    expect(ORIGINAL_RETRY_DELAY_MS).toBe(2000);
    expect(w.renewals()).toBe(1);
    expect(w.started).toEqual(["/media/a?sig=2"]);
  });

  it("tries once more only: a new link refused too, or none at all, is a failure", async () => {
    const refused = world([], "/media/a?sig=2");
    expect(await downloadOriginal("/media/a?sig=1", refused.deps)).toBe(false);
    expect(refused.renewals()).toBe(1);
    expect(refused.started).toEqual([]);
    const none = world([], null);
    expect(await downloadOriginal("/media/a?sig=1", none.deps)).toBe(false);
    expect(none.started).toEqual([]);
  });
});
