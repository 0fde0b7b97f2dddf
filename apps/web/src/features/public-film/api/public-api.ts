import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import { ApiError, NETWORK_ERROR } from "../../../shared/api/api-error.ts";

/** Product API calls time out after 15 s (spec §9). */
const API_TIMEOUT_MS = 15_000;

/**
 * The share code was refused: it expired or never existed (401 `share-expired` or `unauthorized`; a 403 on a
 * public call counts the same, spec §6). Kept apart from ApiError on purpose: a visitor without an account must
 * be told the link is not valid, not be sent to the signed-in user's "unauthorized" page.
 */
export class ShareLinkError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ShareLinkError";
    this.status = status;
    this.code = code;
  }
}

/** Calls a public API route with the share code as bearer token. */
export async function publicApi<T>(path: string, code: string, method: "GET" | "POST" = "GET"): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: "application/json", [API_VERSION_HEADER]: API_VERSION, Authorization: `Bearer ${code}` },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ApiError(0, NETWORK_ERROR, err instanceof Error ? err.message : String(err));
  }
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
  const errorCode = typeof body?.error === "string" ? body.error : "internal-error";
  const message = typeof body?.message === "string" ? body.message : response.statusText;
  if (response.status === 401 || response.status === 403) throw new ShareLinkError(response.status, errorCode, message);
  throw new ApiError(response.status, errorCode, message);
}
