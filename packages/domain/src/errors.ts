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
  "invalid-new-film": "The roll is not valid",
  "privacy-policy-required": "Accept the privacy policy before registering rolls",
  "not-enough-space": "There is not enough space: delete photos or choose others",
  "too-many-images": "Too many images selected for this roll",
  "too-many-kept": "You cannot keep more than the allowed saved photos: deselect others",
  "unsupported-file-type": "The file is not a supported image (JPEG, TIFF, PNG or WebP)",
  "file-too-large": "The file is larger than the allowed upload size",
  "upload-part-invalid": "This part does not belong to the upload or has the wrong size",
  "upload-finished": "This upload is already finished or was cancelled",
  "share-expired": "The link has expired",
  "image-too-big": "The image is too large, make sure it does not weigh more than 5MB and occupies a space of 1024 x 1024 px",
  "not-an-image": "The file is not a supported image (JPEG, PNG or WebP)",
  "update-profile-failed": "Failed to update profile",
  "signin-blocked": "We are not accepting new account registrations at this time.",
  "account-blocked": "Your account has been blocked.",
  "rate-limited": "Wait a minute before trying again",
  "rate-limited-email": "Wait a minute to send the next email",
  "email-not-sent": "Email could not be sent",
  "beta-closed": "The open beta registration is closed",
  "email-already-registered": "This email has already been registered",
  "beta-registration-failed": "There was an error registering your email. Please try again later.",
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
