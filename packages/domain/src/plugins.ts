import { z } from "zod";
import { ROLE_SCOPES } from "./api.ts";

/**
 * The Lightroom Classic plugin (issue 13): it pairs with an account through the OAuth 2.0 device authorization
 * grant (RFC 8628) and then calls the API like the web app does, with a photographer's scopes (decision 0017).
 */

/** The plugin's public OAuth client (no secret: it runs on the photographer's computer). */
export const LIGHTROOM_CLIENT_ID = "latent-lightroom";
/** What the plugin asks for: a photographer's API scopes and a refresh token to stay paired. */
export const LIGHTROOM_SCOPES = ["openid", "offline_access", ...ROLE_SCOPES.user] as const;
/** How long a shown pairing code can be confirmed. */
export const LIGHTROOM_CODE_MINUTES = 10;
/** Pairing codes one client address may ask for per window: a person retrying, a studio's Lightrooms behind one router. */
export const PAIRING_STARTS_PER_ADDRESS = 10;
/** Codes one account may look up, and codes it may confirm, per window: a few typos, never a search. */
export const PAIRING_CONFIRMS_PER_ACCOUNT = 10;
export const PAIRING_LIMIT_WINDOW = "10 minutes";
/** The zip the profile page offers. */
export const LIGHTROOM_DOWNLOAD_PATH = "/api/plugins/lightroom/download";
export const LIGHTROOM_ZIP_NAME = "Latent.lrplugin.zip";

/** A code as typed or shown (`BCDF-GHJK`, `bcdfghjk`): letters upper-cased, everything else dropped. */
export const normalizeUserCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The plugin's name for its computer (`device_name` when it asks for a code), shown where the code is confirmed. */
export const LIGHTROOM_DEVICE_NAME_MAX = 60;
/** Printable text only: the name is shown to the person deciding whether this Lightroom is theirs. */
export const LightroomDeviceNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(LIGHTROOM_DEVICE_NAME_MAX)
  .regex(/^[^\p{C}]+$/u, "printable characters only");

const PairingCodeSchema = z.string().trim().min(4).max(32);

/** POST plugins/lightroom/pending: the code Lightroom shows, to see who asks before confirming it. */
export const LightroomPendingQuerySchema = z.object({ code: PairingCodeSchema });
export type LightroomPendingQuery = z.infer<typeof LightroomPendingQuerySchema>;

/**
 * Who asks to pair, as far as the server knows: the name the plugin gave, when it asked, and from which network.
 * "Where" is only the asking address cut to its network (a /24, or a /48 for IPv6) and whether it is the confirming
 * browser's: there is no place database, so no town or country is claimed.
 */
export const LightroomPendingSchema = z.object({
  device: z.string(),
  requested_at: z.string(),
  network: z.string().nullable(),
  same_network: z.boolean(),
});
export type LightroomPending = z.infer<typeof LightroomPendingSchema>;

/**
 * POST plugins/lightroom/confirm. `device_confirmed`: the person said this Lightroom is theirs, after seeing who
 * asks; a code read off someone else's screen would otherwise pair that Lightroom with whoever types it first.
 */
export const LightroomConfirmSchema = z.object({ code: PairingCodeSchema, device_confirmed: z.boolean().optional() });
export type LightroomConfirm = z.infer<typeof LightroomConfirmSchema>;

/** One paired Lightroom (a grant of the plugin's client). */
export const LightroomPairingSchema = z.object({
  id: z.string(),
  paired_at: z.string(),
  /** When it last got a fresh access token (it does so when it publishes). */
  last_used_at: z.string().nullable(),
  device: z.string().nullable(),
});
export type LightroomPairing = z.infer<typeof LightroomPairingSchema>;

/** GET plugins/lightroom: how pairing works on this server, and the caller's paired Lightrooms. */
export const LightroomStatusSchema = z.object({
  /** `embedded`: confirm here; `external`: the sign-in provider confirms at its own page; `unavailable`: it cannot. */
  pairing: z.enum(["embedded", "external", "unavailable"]),
  /** The external provider's origin, so the page can send the person to its verification page and nowhere else. */
  provider_origin: z.string().nullable(),
  pairings: z.array(LightroomPairingSchema),
});
export type LightroomStatus = z.infer<typeof LightroomStatusSchema>;

/** POST plugins/lightroom/confirm's answer: what was paired, for the page to say so. */
export const LightroomConfirmedSchema = z.object({ client: z.string(), scopes: z.array(z.string()) });
export type LightroomConfirmed = z.infer<typeof LightroomConfirmedSchema>;

/** GET plugins/lightroom/setup (public): what the plugin needs to pair with this server's identity provider. */
export const LightroomSetupSchema = z.object({
  available: z.boolean(),
  client_id: z.string(),
  scope: z.string(),
  audience: z.string(),
  device_authorization_endpoint: z.string().nullable(),
  token_endpoint: z.string().nullable(),
  revocation_endpoint: z.string().nullable(),
  /** Where the plugin sends the browser with `?code=`: this server's lrcode page. */
  verification_page: z.string(),
});
export type LightroomSetup = z.infer<typeof LightroomSetupSchema>;
