/**
 * The error catalogue: every code the API answers with, its HTTP status and its English text (the spec's texts
 * where §8 gives them). Services throw codes, never numbers; the server's one error handler answers
 * `{error, message, requestId}` with the status written here; the web app translates by code (`errors.json` → `api.<code>`).
 */
export const ERRORS = {
  "bad-request": { status: 400, message: "The request is not valid" },
  "not-valid": { status: 400, message: "not valid" },
  unauthorized: { status: 401, message: "Invalid session" },
  "token-expired": { status: 401, message: "The token has expired" },
  forbidden: { status: 403, message: "You do not have permission to do this" },
  "origin-not-allowed": { status: 403, message: "Origin not allowed" },
  "not-found": { status: 404, message: "Not found" },
  "nothing-to-download": { status: 404, message: "This roll has no finished scans to download" },
  "download-changed": {
    status: 409,
    message: "A scan of this roll changed while the download was being prepared. Start the download again.",
  },
  "unsupported-api-version": { status: 400, message: "Unsupported API version" },
  "gear-limit-reached": { status: 422, message: "Maximum gear limit reached" },
  "films-capacity-reached": { status: 422, message: "Maximum films capacity reached" },
  "invalid-new-film": { status: 422, message: "The roll is not valid" },
  "privacy-policy-required": { status: 422, message: "Accept the privacy policy before registering rolls" },
  "not-enough-space": { status: 400, message: "There is not enough space: delete photos or choose others" },
  "too-many-images": { status: 400, message: "Too many images selected for this roll" },
  "too-many-kept": { status: 400, message: "You cannot keep more than the allowed saved photos: deselect others" },
  "unsupported-file-type": { status: 415, message: "The file is not a supported image (JPEG, TIFF, PNG or WebP)" },
  "file-too-large": { status: 400, message: "The file is larger than the allowed upload size" },
  "upload-part-invalid": { status: 400, message: "This part does not belong to the upload or has the wrong size" },
  "upload-finished": { status: 409, message: "This upload is already finished or was cancelled" },
  "upload-in-progress": { status: 409, message: "An upload of this shot is already under way" },
  "share-expired": { status: 401, message: "The link has expired" },
  "share-revoked": { status: 401, message: "The owner stopped sharing this roll" },
  "image-too-big": {
    status: 400,
    message: "The image is too large, make sure it does not weigh more than 5MB and occupies a space of 1024 x 1024 px",
  },
  // The profile picture's own limits (spec §5, §9: 512 KB and 1024 px), in the words of the spec's image message.
  "picture-too-big": {
    status: 400,
    message: "The image is too large, make sure it does not weigh more than 512 KB and occupies a space of 1024 x 1024 px",
  },
  "not-an-image": { status: 400, message: "The file is not a supported image (JPEG, PNG or WebP)" },
  "update-profile-failed": { status: 400, message: "Failed to update profile" },
  "signin-blocked": { status: 403, message: "We are not accepting new account registrations at this time." },
  "account-blocked": { status: 403, message: "Your account has been blocked." },
  "account-inactive": {
    status: 403,
    message: "Your account is inactive: reactivate it from your profile to add rolls, scans or gear",
  },
  "account-not-inactive": { status: 409, message: "Your account is active: there is nothing to reactivate" },
  "nothing-over-limit": { status: 409, message: "Nothing is over your plan's storage limit: there is nothing to clean up" },
  "account-not-created": { status: 409, message: "The account could not be created" },
  "rate-limited": { status: 429, message: "Wait a minute before trying again" },
  "rate-limited-email": { status: 429, message: "Wait a minute to send the next email" },
  "email-not-sent": { status: 502, message: "Email could not be sent" },
  "beta-closed": { status: 410, message: "The open beta registration is closed" },
  "email-already-registered": { status: 409, message: "This email has already been registered" },
  "beta-registration-failed": { status: 500, message: "There was an error registering your email. Please try again later." },
  "no-subscriptions-found": { status: 404, message: "No subscriptions found" },
  "payment-not-completed": { status: 422, message: "The payment is not completed yet" },
  "already-subscribed": { status: 409, message: "You already have a subscription: change it from the customer portal" },
  "subscription-in-mobile-app": {
    status: 409,
    message: "Your subscription was bought in the mobile app: change or cancel it there first",
  },
  "item-not-found": { status: 400, message: "This item is not in the shop" },
  "out-of-stock": { status: 409, message: "Not enough stock left of this item" },
  "shipment-not-found": { status: 404, message: "Shipment not found" },
  "no-shipping-address": { status: 400, message: "User does not have a shipping address assigned" },
  "shipment-not-editable": { status: 409, message: "This shipment is already paid: it can no longer change" },
  "shipment-already-paid": { status: 409, message: "This shipment is already paid" },
  "shipment-checkout-open": {
    status: 409,
    message: "This shipment is being paid: it can change again only if that payment does not go through",
  },
  "shipping-rates-unavailable": { status: 502, message: "Shipping rates cannot be checked right now: try again in a minute" },
  "rate-not-offered": { status: 400, message: "This shipping rate is not offered for this address" },
  "bag-changed": { status: 400, message: "The bag does not match the shipment: review it and pay again" },
  "sticker-not-found": { status: 404, message: "Sticker not found" },
  "too-many-sticker-lookups": { status: 429, message: "Too many sticker lookups from your network: wait a minute and try again" },
  "film-not-found": { status: 404, message: "Roll not found" },
  "sticker-linked-elsewhere": { status: 409, message: "This sticker is linked to another roll: move it to this one?" },
  "film-has-sticker": { status: 409, message: "This roll already has a sticker: replace it?" },
  "stickers-not-ready": { status: 409, message: "The stickers are made once the shipment is paid" },
  "lab-not-found": { status: 404, message: "The Laboratory could not be found" },
  "lab-email-template-not-found": { status: 404, message: "The lab has no email template yet" },
  "labs-only": { status: 403, message: "Only a lab account can do this" },
  "lab-key-name-required": { status: 400, message: "Give the API key a name" },
  "lab-key-name-too-long": { status: 400, message: "The API key's name is too long (60 characters at most)" },
  "lab-key-name-invalid": { status: 400, message: "The API key's name can only hold printable characters" },
  "lab-key-scopes-required": { status: 400, message: "Choose at least one scope for the API key" },
  "lab-keys-limit": { status: 409, message: "A lab can hold 20 API keys: revoke one before making another" },
  "lab-key-not-found": { status: 404, message: "This API key does not exist or was revoked" },
  "lab-key-rate-limited": { status: 429, message: "Too many requests with this API key: wait before trying again" },
  "photographers-only": { status: 403, message: "Only a photographer's account can add a lab's order" },
  "unknown-placeholder": { status: 400, message: "The template uses a placeholder that does not exist" },
  "order-not-found": { status: 404, message: "Order not found" },
  "order-delete-failed": { status: 500, message: "Could not delete the order" },
  "order-rolls-limit": { status: 422, message: "An order holds at most 20 rolls" },
  "order-not-yours": { status: 403, message: "This order was made for another email address" },
  "order-already-added": { status: 409, message: "These rolls are already in your account" },
  "order-empty": { status: 409, message: "This order has no scans to send yet" },
  "order-collected": { status: 409, message: "The customer already collected this order: make a new one for more rolls" },
  "roll-step-not-allowed": { status: 409, message: "This step cannot be taken for this roll now" },
  "roll-lab-required": { status: 400, message: "Choose the lab the roll is sent to" },
  "hold-date-invalid": { status: 400, message: "The date the lab keeps the negatives until must be a day in the future" },
  "roll-not-held": { status: 409, message: "No lab holds this roll's negatives" },
  "return-already-requested": { status: 409, message: "You already asked the lab to return these negatives" },
  "roll-not-sent-to-lab": { status: 409, message: "This roll was not sent to your lab" },
  "roll-already-received": { status: 409, message: "This roll is already in one of your orders" },
  "shop-url-invalid": { status: 400, message: "This is not a Shopify shop address (name.myshopify.com)" },
  "store-not-connected": { status: 409, message: "The store is not connected" },
  "store-unreachable": { status: 502, message: "The store could not be reached" },
  "identity-external": { status: 409, message: "Your sign-in is managed by your identity provider: change it there" },
  "wrong-password": { status: 403, message: "The password is not correct" },
  "password-attempts-exceeded": { status: 429, message: "Too many wrong passwords for this account: wait 10 minutes and try again" },
  "totp-attempts-exceeded": { status: 429, message: "Too many wrong codes: wait 10 minutes, or use one of your recovery codes" },
  "password-too-short": { status: 400, message: "The password must have at least 10 characters" },
  "password-too-common": { status: 400, message: "This password is too common or appeared in a data breach: choose another" },
  "totp-invalid": { status: 403, message: "The code is not correct or was already used" },
  "totp-required": { status: 403, message: "Enter the code from your authenticator app" },
  "totp-not-pending": { status: 409, message: "Start setting up two-factor sign-in again" },
  "email-taken": { status: 409, message: "An account with this email already exists" },
  "email-not-verified": { status: 403, message: "Confirm your email address first: we sent you a link" },
  "session-not-found": { status: 404, message: "Session not found" },
  "pairing-code-not-found": { status: 404, message: "This pairing code is not valid: check it in Lightroom and try again" },
  "pairing-code-expired": { status: 410, message: "This pairing code has expired: start pairing again in Lightroom" },
  "pairing-code-used": { status: 409, message: "This pairing code was already used" },
  "pairing-unavailable": { status: 409, message: "Pairing the Lightroom plugin is not available with this sign-in provider" },
  "pairing-not-found": { status: 404, message: "No Lightroom is paired with this account" },
  "pairing-device-not-confirmed": { status: 400, message: "Confirm that this is your Lightroom before pairing it" },
  "too-many-pairing-codes": {
    status: 429,
    message: "Too many pairing codes were asked from your network: wait a few minutes before starting again in Lightroom",
  },
  "too-many-pairing-confirms": { status: 429, message: "Too many pairing attempts on this account: wait a few minutes and try again" },
  "subscription-active": {
    status: 409,
    message: "Cancel your subscription first (Manage subscription in your profile): deleting the account does not stop its payments",
  },
  "export-running": { status: 409, message: "Your data is already being prepared" },
  "webhook-event-unknown": { status: 400, message: "This event type is not handled" },
  "webhook-signature-invalid": { status: 400, message: "The webhook signature is not valid" },
  "webhook-effect-pending": {
    status: 503,
    message: "The event is recorded but its effect could not be applied yet: deliver it again later",
  },
  "frame-log-unreadable": {
    status: 400,
    message:
      "This file is not a frame log Latent can read: export the roll as JSON or CSV from Exif Notes, as XML from Film Rolls or as JSON from Lightme",
  },
  "payload-too-large": { status: 413, message: "The request is too large" },
  "internal-error": { status: 500, message: "Something went wrong on our side" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The English text of a code. */
export const errorMessage = (code: ErrorCode): string => ERRORS[code].message;

/** Body of every error response. */
export interface ApiErrorBody {
  error: ErrorCode | string;
  message: string;
  /** Field-level problems for validation errors: path → message. */
  fields?: Record<string, string>;
  /** The request's id (also its `x-request-id` header and on every log line of it): what to quote to the operator. */
  requestId?: string;
}
