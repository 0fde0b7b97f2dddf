import { readFile, stat } from "node:fs/promises";
import { paths } from "@latent/domain/app-paths";
import {
  LIGHTROOM_CLIENT_ID,
  LIGHTROOM_SCOPES,
  type LightroomConfirmed,
  type LightroomPending,
  type LightroomSetup,
  type LightroomStatus,
} from "@latent/domain/plugins";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { Caller } from "../../platform/identity/verify-token.ts";
import type { DevicePairing } from "../identity/pairing/device-pairing.ts";
import { LIGHTROOM_PLUGIN_DIR, LIGHTROOM_ZIP_FILE, newestChange, zipFolder } from "./plugin-zip.ts";

interface Discovery {
  device_authorization_endpoint?: string;
  token_endpoint?: string;
  revocation_endpoint?: string;
}

const DISCOVERY_CACHE_MS = 3600_000;

/**
 * The Lightroom plugin's server side: pairing by code (the embedded provider confirms it here; an external one at
 * its own page, when its discovery offers the device flow), the paired Lightrooms, and the plugin's zip.
 */
export function createPluginsService(deps: {
  config: Config;
  pairing: DevicePairing | null;
  fetch?: typeof fetch;
  log: { warn(details: object, message: string): void };
}) {
  const { config, pairing } = deps;
  const doFetch = deps.fetch ?? fetch;
  let discovery: { at: number; value: Discovery | null } | null = null;
  let zipped: { sources: number; zip: Buffer } | null = null;

  /** The external provider's discovery document; null when it cannot be read (then pairing is unavailable). */
  const externalDiscovery = async (): Promise<Discovery | null> => {
    if (discovery && Date.now() - discovery.at < DISCOVERY_CACHE_MS) return discovery.value;
    let value: Discovery | null = null;
    try {
      const res = await doFetch(`${config.identity.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5000),
      });
      if (res.ok) value = (await res.json()) as Discovery;
    } catch (err) {
      deps.log.warn({ err }, "the identity provider's discovery could not be read");
    }
    // A failure is remembered for a minute only: the provider may be back soon.
    discovery = { at: value ? Date.now() : Date.now() - DISCOVERY_CACHE_MS + 60_000, value };
    return value;
  };

  const verificationPage = `${config.publicUrl}${paths.pluginsLrCode}`;

  return {
    async setup(): Promise<LightroomSetup> {
      const base = {
        client_id: LIGHTROOM_CLIENT_ID,
        scope: LIGHTROOM_SCOPES.join(" "),
        audience: config.identity.audience,
        verification_page: verificationPage,
      };
      if (config.identity.embedded) {
        const issuer = config.identity.issuer;
        return {
          ...base,
          available: true,
          device_authorization_endpoint: `${issuer}/device/auth`,
          token_endpoint: `${issuer}/oauth/token`,
          revocation_endpoint: `${issuer}/token/revocation`,
        };
      }
      const d = await externalDiscovery();
      return {
        ...base,
        available: Boolean(d?.device_authorization_endpoint && d.token_endpoint),
        device_authorization_endpoint: d?.device_authorization_endpoint ?? null,
        token_endpoint: d?.token_endpoint ?? null,
        revocation_endpoint: d?.revocation_endpoint ?? null,
      };
    },

    async status(caller: Caller): Promise<LightroomStatus> {
      if (pairing) return { pairing: "embedded", provider_origin: null, pairings: await pairing.list(caller.sub) };
      const d = await externalDiscovery();
      if (!d?.device_authorization_endpoint) return { pairing: "unavailable", provider_origin: null, pairings: [] };
      return { pairing: "external", provider_origin: new URL(d.device_authorization_endpoint).origin, pairings: [] };
    },

    /** Who asks with a code (name, time, network), for the person to recognise their own Lightroom first. */
    async pending(code: string, from: { ip: string }): Promise<LightroomPending> {
      if (!pairing) throw new AppError("pairing-unavailable");
      return pairing.pending(code, from);
    },

    async confirm(caller: Caller, code: string, deviceConfirmed: boolean): Promise<LightroomConfirmed> {
      if (!pairing) throw new AppError("pairing-unavailable");
      return pairing.confirm(caller.sub, code, deviceConfirmed);
    },

    /** Unpairs one Lightroom, or every one when no id is given (the lrlogout page). */
    async disconnect(caller: Caller, id?: string): Promise<number> {
      if (!pairing) throw new AppError("pairing-unavailable");
      return pairing.revoke(caller.sub, id);
    },

    /**
     * The packaged plugin: `npm run build:lightroom`'s zip while it is newer than the sources, else one zipped from
     * the sources (kept until they change), so `npm start` offers the plugin without a build step.
     */
    async zip(): Promise<Buffer> {
      const sources = await newestChange(LIGHTROOM_PLUGIN_DIR);
      const built = await stat(LIGHTROOM_ZIP_FILE).catch(() => null);
      if (built && (sources === null || built.mtimeMs >= sources)) return readFile(LIGHTROOM_ZIP_FILE);
      if (sources === null) throw new AppError("not-found", "The Lightroom plugin is not part of this installation");
      if (!zipped || zipped.sources !== sources) zipped = { sources, zip: await zipFolder(LIGHTROOM_PLUGIN_DIR) };
      return zipped.zip;
    },
  };
}

export type PluginsService = ReturnType<typeof createPluginsService>;
