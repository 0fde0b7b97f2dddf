/**
 * Error codes the API answers with, and their English texts from the spec's catalogue (§8).
 * The web app translates by code; the message is for API clients and logs.
 */
export const ERROR_MESSAGES = {
  "bad-request": "The request is not valid",
  "not-valid": "not valid",
  unauthorized: "Invalid session",
  "token-expired": "The token has expired",
  forbidden: "You do not have permission to do this",
  "not-found": "Not found",
  "unsupported-api-version": "Unsupported API version",
  "gear-limit-reached": "Maximum gear limit reached",
  "films-capacity-reached": "Maximum films capacity reached",
  "image-too-big": "The image is too large, make sure it does not weigh more than 5MB and occupies a space of 1024 x 1024 px",
  "not-an-image": "The file is not a supported image (JPEG, PNG or WebP)",
  "update-profile-failed": "Failed to update profile",
  "signin-blocked": "We are not accepting new account registrations at this time.",
  "account-blocked": "Your account has been blocked.",
  "rate-limited": "Wait a minute before trying again",
  "payload-too-large": "The request is too large",
  "internal-error": "Something went wrong on our side",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Body of every error response. */
export interface ApiErrorBody {
  error: ErrorCode | string;
  message: string;
  /** Field-level problems for validation errors: path → message. */
  fields?: Record<string, string>;
}
