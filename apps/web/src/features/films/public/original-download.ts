import { useCallback, useEffect, useRef, useState } from "react";

/** Spec §8: a refused shot download waits 2 seconds, fetches a new link and tries once more. */
export const ORIGINAL_RETRY_DELAY_MS = 2000;
/**
 * How long a fresh link may take to arrive after the roll is asked again; past it the link is tried again as it is
 * (links are signed for a while, so a roll asked again within that while may bring the same one back).
 */
const FRESH_LINK_TIMEOUT_MS = 5_000;

export interface OriginalDownloadDeps {
  /** Whether the link answers (a HEAD request: a lapsed signature answers 404, a refused one 401/403). */
  works(url: string): Promise<boolean>;
  /** A new link for the same file, or null when none came. */
  renew(): Promise<string | null>;
  /** Hands the link to the browser, which downloads the file itself (nothing is held in the page). */
  start(url: string): void;
  sleep?: (ms: number) => Promise<void>;
}

/** Checks the link, and on a refusal waits, renews it and tries once more; says whether the download started. */
export async function downloadOriginal(url: string, deps: OriginalDownloadDeps): Promise<boolean> {
  if (await deps.works(url)) {
    deps.start(url);
    return true;
  }
  await (deps.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(ORIGINAL_RETRY_DELAY_MS);
  const fresh = await deps.renew();
  if (!fresh || !(await deps.works(fresh))) return false;
  deps.start(fresh);
  return true;
}

const linkWorks = async (url: string) => (await fetch(url, { method: "HEAD" }).catch(() => null))?.ok ?? false;

function saveLink(url: string, name: string | null) {
  const link = document.createElement("a");
  link.href = url;
  if (name) link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The lightbox's "Original" button: the browser downloads the shot's file through its signed link, renewed once
 * (through `refresh`, which fetches the roll again) when the link was refused. `failed` says the second try failed too.
 */
export function useOriginalDownload(url: string | null | undefined, name: string | null, refresh?: () => void) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(url);
  const waiting = useRef<((url: string | null) => void) | null>(null);
  useEffect(() => {
    const previous = latest.current;
    latest.current = url;
    if (url && url !== previous) waiting.current?.(url);
  }, [url]);

  const download = useCallback(async () => {
    if (!url) return;
    setBusy(true);
    setFailed(false);
    const started = await downloadOriginal(url, {
      works: linkWorks,
      renew: () =>
        new Promise<string | null>((resolve) => {
          const timer = setTimeout(() => {
            waiting.current = null;
            resolve(latest.current ?? null);
          }, FRESH_LINK_TIMEOUT_MS);
          waiting.current = (fresh) => {
            clearTimeout(timer);
            waiting.current = null;
            resolve(fresh);
          };
          refresh?.();
        }),
      start: (href) => saveLink(href, name),
    });
    setBusy(false);
    setFailed(!started);
  }, [url, name, refresh]);

  return { download, busy, failed };
}
