import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import type { ApiErrorBody } from "@latent/domain/errors";
import { ApiError, NETWORK_ERROR } from "./api-error.ts";

/** Product API calls time out after 15 s (spec §9). */
const API_TIMEOUT_MS = 15_000;

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (file uploads). */
  form?: FormData;
  signal?: AbortSignal;
}

export interface TokenSource {
  accessToken(): Promise<string | null>;
  /** Asked once when the API refuses a token; null when there is no way to get a new one. */
  renewAccessToken(): Promise<string | null>;
}

export type ApiClient = <T>(path: string, request?: ApiRequest) => Promise<T>;

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new ApiError(
    response.status,
    typeof body?.error === "string" ? body.error : response.status === 404 ? "not-found" : "internal-error",
    typeof body?.message === "string" ? body.message : response.statusText,
    body?.fields ?? {},
  );
}

/** Calls the product API with the version header and the signed-in user's bearer token; failures throw ApiError. */
export function createApiClient(tokens: TokenSource): ApiClient {
  const send = async (path: string, request: ApiRequest, token: string | null) => {
    const headers = new Headers({ Accept: "application/json", [API_VERSION_HEADER]: API_VERSION });
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (request.json !== undefined) headers.set("Content-Type", "application/json");
    const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
    try {
      return await fetch(path, {
        method: request.method ?? "GET",
        headers,
        body: request.form ?? (request.json !== undefined ? JSON.stringify(request.json) : undefined),
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
    if (!response.ok) throw await errorOf(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
}
