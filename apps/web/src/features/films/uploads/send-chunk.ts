import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import { ApiError, NETWORK_ERROR } from "../../../shared/api/api-error.ts";

export interface ChunkReceipt {
  part: number;
  received: number;
  parts: number;
  complete: boolean;
}

/** Sends one chunk; `onProgress` gets the bytes of this chunk sent so far. Failures throw ApiError (status 0: no answer). */
export type SendChunk = (
  url: string,
  body: Blob,
  token: string | null,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) => Promise<ChunkReceipt>;

/** A chunk may take long on a slow line (spec §9: chunk uploads time out after 1 hour). */
const CHUNK_TIMEOUT_MS = 3_600_000;

function bodyOf(xhr: XMLHttpRequest): { error?: unknown; message?: unknown } | null {
  try {
    return JSON.parse(xhr.responseText) as { error?: unknown; message?: unknown } | null;
  } catch {
    return null;
  }
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  const body = bodyOf(xhr);
  return new ApiError(
    xhr.status,
    typeof body?.error === "string" ? body.error : xhr.status === 404 ? "not-found" : "internal-error",
    typeof body?.message === "string" ? body.message : xhr.statusText,
  );
}

/** PUT through XMLHttpRequest: unlike fetch, it reports upload progress. */
export const sendChunkWithXhr: SendChunk = (url, body, token, onProgress, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("The upload was cancelled", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.timeout = CHUNK_TIMEOUT_MS;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.setRequestHeader(API_VERSION_HEADER, API_VERSION);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    const abort = () => xhr.abort();
    signal.addEventListener("abort", abort, { once: true });
    const settle = () => signal.removeEventListener("abort", abort);
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr));
      try {
        resolve(JSON.parse(xhr.responseText) as ChunkReceipt);
      } catch {
        reject(new ApiError(xhr.status, "internal-error", "The server's answer could not be read"));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR, "The chunk could not be sent"));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR, "The chunk took too long to send"));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.send(body);
  });
