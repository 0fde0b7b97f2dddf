import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import { ApiError, isErrorCode, NETWORK_ERROR } from "./api-error.ts";

/** Product API calls time out after 15 s (spec §9). */
const API_TIMEOUT_MS = 15_000;

/** Where a call's bearer token comes from: the signed-in user's session, a share code, or nobody. */
export interface TokenSource {
  accessToken(): Promise<string | null>;
  /** Asked once when the API refuses a token; null when there is no way to get a new one. */
  renewAccessToken(): Promise<string | null>;
}

/** A share code as bearer token (public film routes): sent as it is; a refused code stays refused. */
export const shareCodeTokens = (code: string): TokenSource => ({
  accessToken: async () => code,
  renewAccessToken: async () => null,
});

/** No bearer token, for calls anyone may make (`GET /api/config`). */
export const NO_TOKENS: TokenSource = { accessToken: async () => null, renewAccessToken: async () => null };

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (file uploads). */
  form?: FormData;
  /** Sent as raw bytes (upload chunks). */
  bytes?: Blob;
  signal?: AbortSignal;
  /** 15 s (spec §9) unless the call says otherwise. */
  timeoutMs?: number;
  /** "blob": the answer's bytes as a Blob (a PDF, a file), not parsed as JSON; errors are still read as JSON. */
  responseType?: "json" | "blob";
  /** Given a successful answer's headers (a page's `Link` to the next one). */
  onHeaders?: (headers: Headers) => void;
}

export type ApiClient = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** Headers of every API call: the API version, JSON answers, the bearer token and the body's type. */
function headersOf(request: ApiRequest, token: string | null): Headers {
  const headers = new Headers({
    Accept: request.responseType === "blob" ? "*/*" : "application/json",
    [API_VERSION_HEADER]: API_VERSION,
  });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (request.json !== undefined) headers.set("Content-Type", "application/json");
  else if (request.bytes) headers.set("Content-Type", "application/octet-stream");
  return headers;
}

function bodyOf(request: ApiRequest): XMLHttpRequestBodyInit | undefined {
  return request.form ?? (request.json !== undefined ? JSON.stringify(request.json) : request.bytes);
}

/**
 * The ApiError of a refused call, from the server's `{error, message, fields}` (spec §8). A code outside the
 * catalogue reads as `internal-error`, the text it would be translated to anyway.
 */
function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const { error, message, fields } = (body !== null && typeof body === "object" ? body : {}) as Record<string, unknown>;
  return new ApiError(
    status,
    typeof error === "string" ? (isErrorCode(error) ? error : "internal-error") : status === 404 ? "not-found" : "internal-error",
    typeof message === "string" ? message : statusText,
    fields !== null && typeof fields === "object" ? (fields as Record<string, string>) : {},
  );
}

export interface ApiClientOptions {
  /** The network; tests pass a fake. */
  fetch?: typeof fetch;
}

/**
 * Calls the product API with the version header and the token source's bearer token; failures throw ApiError
 * (status 0: no answer). A refused token (401) is renewed once and the call made again with the new one.
 */
export function createApiClient(tokens: TokenSource, options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const send = async (path: string, request: ApiRequest, token: string | null) => {
    const timeout = AbortSignal.timeout(request.timeoutMs ?? API_TIMEOUT_MS);
    try {
      return await doFetch(path, {
        method: request.method ?? "GET",
        headers: headersOf(request, token),
        body: bodyOf(request),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
    } catch (err) {
      if (request.signal?.aborted) throw err;
      throw new ApiError(0, NETWORK_ERROR, err instanceof Error ? err.message : String(err));
    }
  };

  return async <T>(path: string, request: ApiRequest = {}): Promise<T> => {
    let response = await send(path, request, await tokens.accessToken());
    if (response.status === 401) {
      const renewed = await tokens.renewAccessToken();
      if (renewed) response = await send(path, request, renewed);
    }
    if (!response.ok) throw errorOf(response.status, response.statusText, await response.json().catch(() => null));
    request.onHeaders?.(response.headers);
    if (response.status === 204) return undefined as T;
    if (request.responseType === "blob") return (await response.blob()) as T;
    return (await response.json()) as T;
  };
}

const cancelled = () => new DOMException("The request was cancelled", "AbortError");

function jsonOf(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * One call through XMLHttpRequest, which (unlike fetch) reports how many bytes of the body were sent: the same
 * headers, bodies and ApiError as the client. It sends the token it is given once; renewing a refused one and
 * trying again is the caller's choice (the upload manager does it between its own tries). Cancelled: AbortError.
 */
export function sendWithProgress<T>(path: string, request: ApiRequest, token: string | null, onProgress: (loaded: number) => void) {
  return new Promise<T>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? "GET", path);
    xhr.timeout = request.timeoutMs ?? API_TIMEOUT_MS;
    for (const [name, value] of headersOf(request, token)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const settle = () => signal?.removeEventListener("abort", abort);
    xhr.onload = () => {
      settle();
      const body = jsonOf(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr.status, xhr.statusText, body?.value ?? null));
      if (xhr.status === 204) return resolve(undefined as T);
      if (!body) return reject(new ApiError(xhr.status, "internal-error", "The server's answer could not be read"));
      resolve(body.value as T);
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR, "The request could not be sent"));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR, "The request took too long"));
    };
    xhr.onabort = () => {
      settle();
      reject(cancelled());
    };
    xhr.send(bodyOf(request) ?? null);
  });
}
