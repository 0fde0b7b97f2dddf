import { isIP } from "node:net";
import { ROLE_SCOPES } from "@latent/domain/api";
import { LIGHTROOM_CLIENT_ID, type LightroomPairing, type LightroomPending, normalizeUserCode } from "@latent/domain/plugins";
import type { Kysely } from "kysely";
import type Provider from "oidc-provider";
import type { Database } from "../../../platform/db/schema.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import type { AccountChanges } from "../../../platform/identity/caller-checks.ts";
import { findAccountById } from "../accounts.store.ts";
import { aliveClientGrantIds, findDeviceCodeRow, revokeAccountGrants } from "../provider/oidc-payloads.store.ts";
import { deleteSessionRecords, listSessionRecords, recordSession } from "../security/account-security.store.ts";
import { deviceName } from "../security/account-security.ts";

/** OpenID scopes the plugin may hold beside the API's: `offline_access` is what keeps it paired. */
const OIDC_SCOPES = new Set(["openid", "offline_access", "profile", "email"]);

/** What the provider keeps of the request that asked for a code (provider.ts `deviceInfo`). */
export interface PairingRequestInfo {
  userAgent?: string | null;
  /** The name the plugin gave (`device_name`), already checked. */
  name?: string | null;
  ip?: string | null;
}

/**
 * An address cut to its network: the /24 of an IPv4 address, the /48 of an IPv6 one. It is all the "where" the server
 * honestly has without a place database, and it does not pin a person to a house.
 */
export function networkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  // Hex digits may come in either case (a proxy's X-Forwarded-For): one network, one way of writing it.
  const ip = address.toLowerCase();
  // Stryker disable next-line ConditionalExpression: when what follows ::ffff: is not IPv4, the /24 branch is skipped anyway and the IPv6 one reads `ip`.
  const v4 = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIP(ip) !== 6) return null;
  // Stryker disable next-line StringLiteral: `split` always gives a first element, and without "::" the tail is never read.
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  // Stryker disable next-line ArrayDeclaration: the extra group of an address ending in "::" lands past the three a /48 keeps.
  const right = tail ? tail.split(":") : [];
  // Stryker disable next-line StringLiteral: a full eight-group address has no tail, so the zero fill is empty and the groups are `left` alike.
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/48`;
}

/**
 * The embedded provider's side of pairing the Lightroom plugin (decision 0017): the web app's lrcode page
 * confirms a pending device code for the signed-in account, as oidc-provider's own device pages would after a
 * sign-in; the plugin's next token request then gets its access and refresh tokens.
 */
export function createDevicePairing(
  db: Kysely<Database>,
  provider: Provider,
  settings: { audience: string },
  changes: Pick<AccountChanges, "grants">,
) {
  const now = () => new Date();

  /** The pending device code a typed code names; 404/410/409 for a wrong, expired or used one. */
  const pendingCode = async (typedCode: string) => {
    const userCode = normalizeUserCode(typedCode);
    const row = await findDeviceCodeRow(db, userCode);
    // Codes of other clients are not ours to confirm here: to the person they are as wrong as a typo.
    if (!row || row.clientId !== LIGHTROOM_CLIENT_ID) throw new AppError("pairing-code-not-found");
    if (row.used) throw new AppError("pairing-code-used");
    // Stryker disable next-line ConditionalExpression: the provider hides an expired code by the same rule, and the line after answers the same 410.
    if (row.expired) throw new AppError("pairing-code-expired");
    const code = await provider.DeviceCode.findByUserCode(userCode);
    if (!code) throw new AppError("pairing-code-expired");
    return code;
  };
  const requestOf = (code: { deviceInfo?: unknown }) => (code.deviceInfo ?? {}) as PairingRequestInfo;
  // A plugin older than `device_name` gave no name.
  const deviceOf = (info: PairingRequestInfo) => info.name || "Lightroom Classic";

  return {
    /**
     * Who asks with this code, for the person to recognise their own Lightroom before confirming: the name it gave,
     * when it asked and from which network (`from`: the confirming browser's address, to say "this network").
     */
    async pending(typedCode: string, from: { ip: string }): Promise<LightroomPending> {
      const code = await pendingCode(typedCode);
      const info = requestOf(code);
      const network = networkOf(info.ip);
      return {
        device: deviceOf(info),
        // Stryker disable next-line ArithmeticOperator: the provider stamps every device code with `iat`; the fallback never runs.
        requested_at: new Date((code.iat ?? Math.floor(Date.now() / 1000)) * 1000).toISOString(),
        network,
        same_network: network !== null && network === networkOf(from.ip),
      };
    },

    /**
     * Completes the pending pairing code for the account once the person said the asking Lightroom is theirs
     * (`deviceConfirmed`); 404/410/409 for a wrong, expired or used code.
     */
    async confirm(accountId: string, typedCode: string, deviceConfirmed: boolean): Promise<{ client: string; scopes: string[] }> {
      if (!deviceConfirmed) throw new AppError("pairing-device-not-confirmed");
      const code = await pendingCode(typedCode);
      const account = await findAccountById(db, accountId);
      if (!account || account.blocked) throw new AppError("forbidden");

      // What the plugin asked for, within what a photographer's (or lab's) account may be given.
      const roleScopes = new Set<string>(ROLE_SCOPES[account.role === "lab" ? "lab" : "user"]);
      // Stryker disable next-line MethodExpression,OptionalChaining,StringLiteral: the provider always stores `params` on a device code, and words that are no scope are dropped like an empty list.
      const asked = String((code.params as { scope?: string } | undefined)?.scope ?? "")
        .split(" ")
        .filter(Boolean);
      const oidc = asked.filter((s) => OIDC_SCOPES.has(s));
      const api = asked.some((s) => roleScopes.has(s)) ? asked.filter((s) => roleScopes.has(s)) : [...roleScopes];

      const grant = new provider.Grant({ clientId: LIGHTROOM_CLIENT_ID, accountId });
      // Stryker disable next-line ConditionalExpression: an empty scope reads as none.
      if (oidc.length) grant.addOIDCScope(oidc.join(" "));
      grant.addResourceScope(settings.audience, api.join(" "));
      const grantId = await grant.save();

      // Exactly the fields oidc-provider's own device confirmation sets (actions/authorization/device.js).
      Object.assign(code, {
        accountId,
        // Stryker disable next-line ArithmeticOperator: nothing reads it: the pairing never asks for auth_time claims and there is no introspection endpoint.
        authTime: Math.floor(Date.now() / 1000),
        grantId,
        scope: [...oidc, ...api].join(" "),
        resource: settings.audience,
      });
      await code.save();
      await recordSession(db, {
        grant_id: grantId,
        account_id: accountId,
        client_id: LIGHTROOM_CLIENT_ID,
        user_agent: requestOf(code).userAgent ?? null,
        device_name: requestOf(code).name ?? null,
      });
      return { client: deviceOf(requestOf(code)), scopes: api };
    },

    /** The account's paired Lightrooms, newest first. */
    async list(accountId: string): Promise<LightroomPairing[]> {
      const alive = new Set(await aliveClientGrantIds(db, accountId, LIGHTROOM_CLIENT_ID, now()));
      const records = await listSessionRecords(db, accountId);
      return records
        .filter((r) => alive.has(r.grant_id))
        .map((r) => ({
          id: r.grant_id,
          paired_at: new Date(r.created_at).toISOString(),
          last_used_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
          device: r.device_name ?? (r.user_agent ? deviceName(r.user_agent) : null),
        }));
    },

    /** Unpairs one Lightroom (`only`) or all of them: their grants and refresh tokens end, their access tokens stop working. */
    async revoke(accountId: string, only?: string): Promise<number> {
      const ids = await aliveClientGrantIds(db, accountId, LIGHTROOM_CLIENT_ID, now());
      const targets = only === undefined ? ids : ids.filter((id) => id === only);
      if (only !== undefined && targets.length === 0) throw new AppError("pairing-not-found");
      // Stryker disable next-line ArrayDeclaration: a made-up grant id matches no session record and no kept caller, and the count is not sent (204).
      const ended: string[] = [];
      for (const id of targets) ended.push(...(await revokeAccountGrants(db, accountId, { only: id })));
      await deleteSessionRecords(db, ended);
      changes.grants(ended);
      return ended.length;
    },
  };
}

export type DevicePairing = ReturnType<typeof createDevicePairing>;
