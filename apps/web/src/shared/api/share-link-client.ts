import { type ApiClient, type ApiClientOptions, type ApiRequest, createApiClient, shareCodeTokens } from "./api-client.ts";
import { ApiError, type ApiErrorCode } from "./api-error.ts";

/**
 * The share code was refused: it expired or never existed (401 `share-expired` or `unauthorized`; a 403 on a
 * public call counts the same, spec §6). Kept apart from ApiError on purpose: a visitor without an account must
 * be told the link is not valid, not be sent to the signed-in user's "unauthorized" page.
 */
export class ShareLinkError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  constructor(status: number, code: ApiErrorCode, message: string) {
    super(message);
    this.name = "ShareLinkError";
    this.status = status;
    this.code = code;
  }
}

/**
 * Refusals of a valid link's controls (issue 31): the page asks for the password or the guest's name, or says what
 * the owner turned off. They stay ApiError: the link itself is fine.
 */
const LINK_CONTROL_CODES: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  "share-password-required",
  "share-password-wrong",
  "share-downloads-off",
  "guest-answers-off",
  "guest-name-required",
]);

/** True for a valid link's own refusal (its password, a guest's name): the public page's to show, never a lost session. */
export const isLinkControlRefusal = (err: unknown) => err instanceof ApiError && LINK_CONTROL_CODES.has(err.code);

/** True when the link asks for its password before it shows anything. */
export const needsPassword = (err: unknown) => err instanceof ApiError && err.code === "share-password-required";

/** The API client of a shared roll's public routes: the share code as bearer token; a refused code throws ShareLinkError. */
export function shareLinkClient(code: string, options?: ApiClientOptions): ApiClient {
  const api = createApiClient(shareCodeTokens(code), options);
  return async <T>(path: string, request: ApiRequest = {}) => {
    try {
      return await api<T>(path, request);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403) && !LINK_CONTROL_CODES.has(err.code))
        throw new ShareLinkError(err.status, err.code, err.message);
      throw err;
    }
  };
}
