import { normalizeUserCode } from "@latent/domain/plugins";

/** A pairing code as Lightroom shows it, `BCDF-GHJK`, from whatever was typed or put in the link. */
export function displayCode(raw: string | null | undefined): string {
  const code = normalizeUserCode(raw ?? "");
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/**
 * Where to send the person when their sign-in provider confirms the code itself: the `verify` link the plugin
 * passed, only when it leads to that provider (the page must never forward to any other site), else null.
 */
export function providerPage(verify: string | null, providerOrigin: string | null): string | null {
  if (!verify || !providerOrigin) return null;
  try {
    const url = new URL(verify);
    return url.origin === providerOrigin && (url.protocol === "https:" || url.protocol === "http:") ? url.toString() : null;
  } catch {
    return null;
  }
}
