import { ROLE_SCOPES } from "@latent/domain/api";
import { LIGHTROOM_CLIENT_ID, type LightroomPairing, normalizeUserCode } from "@latent/domain/plugins";
import type { Kysely } from "kysely";
import type Provider from "oidc-provider";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/app-error.ts";
import type { AccountChanges } from "../caller-checks.ts";
import { deleteSessionRecords, listSessionRecords, recordSession } from "./account-security.store.ts";
import { deviceName } from "./account-security.ts";
import { findAccountById } from "./accounts.store.ts";
import { aliveClientGrantIds, findDeviceCodeRow, revokeAccountGrants } from "./oidc-adapter.ts";

/** OpenID scopes the plugin may hold beside the API's: `offline_access` is what keeps it paired. */
const OIDC_SCOPES = new Set(["openid", "offline_access", "profile", "email"]);

/**
 * The embedded provider's side of pairing the Lightroom plugin (decision 0017): the web app's lrcode page
 * confirms a pending device code for the signed-in account, as oidc-provider's own device pages would after a
 * sign-in; the plugin's next token request then gets its access and refresh tokens.
 */
export function createDevicePairing(
  db: Kysely<Database>,
  provider: Provider,
  settings: { audience: string },
  changes?: Pick<AccountChanges, "grants">,
) {
  const now = () => new Date();

  return {
    /** Completes the pending pairing code for the account; 404/410/409 for a wrong, expired or used code. */
    async confirm(accountId: string, typedCode: string): Promise<{ client: string; scopes: string[] }> {
      const userCode = normalizeUserCode(typedCode);
      const row = await findDeviceCodeRow(db, userCode);
      // Codes of other clients are not ours to confirm here: to the person they are as wrong as a typo.
      if (!row || row.clientId !== LIGHTROOM_CLIENT_ID) throw new AppError("pairing-code-not-found");
      if (row.used) throw new AppError("pairing-code-used");
      if (row.expired) throw new AppError("pairing-code-expired");
      const code = await provider.DeviceCode.findByUserCode(userCode);
      if (!code) throw new AppError("pairing-code-expired");
      const account = await findAccountById(db, accountId);
      if (!account || account.blocked) throw new AppError("forbidden");

      // What the plugin asked for, within what a photographer's (or lab's) account may be given.
      const roleScopes = new Set<string>(ROLE_SCOPES[account.role === "lab" ? "lab" : "user"]);
      const asked = String((code.params as { scope?: string } | undefined)?.scope ?? "")
        .split(" ")
        .filter(Boolean);
      const oidc = asked.filter((s) => OIDC_SCOPES.has(s));
      const api = asked.some((s) => roleScopes.has(s)) ? asked.filter((s) => roleScopes.has(s)) : [...roleScopes];

      const grant = new provider.Grant({ clientId: LIGHTROOM_CLIENT_ID, accountId });
      if (oidc.length) grant.addOIDCScope(oidc.join(" "));
      grant.addResourceScope(settings.audience, api.join(" "));
      const grantId = await grant.save();

      // Exactly the fields oidc-provider's own device confirmation sets (actions/authorization/device.js).
      Object.assign(code, {
        accountId,
        authTime: Math.floor(Date.now() / 1000),
        grantId,
        scope: [...oidc, ...api].join(" "),
        resource: settings.audience,
      });
      await code.save();
      const deviceInfo = code.deviceInfo as { userAgent?: string | null } | undefined;
      await recordSession(db, {
        grant_id: grantId,
        account_id: accountId,
        client_id: LIGHTROOM_CLIENT_ID,
        user_agent: deviceInfo?.userAgent ?? null,
      });
      return { client: "Lightroom Classic", scopes: api };
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
          device: r.user_agent ? deviceName(r.user_agent) : null,
        }));
    },

    /** Unpairs one Lightroom (`only`) or all of them: their grants and refresh tokens end, their access tokens stop working. */
    async revoke(accountId: string, only?: string): Promise<number> {
      const ids = await aliveClientGrantIds(db, accountId, LIGHTROOM_CLIENT_ID, now());
      const targets = only === undefined ? ids : ids.filter((id) => id === only);
      if (only !== undefined && targets.length === 0) throw new AppError("pairing-not-found");
      const ended: string[] = [];
      for (const id of targets) ended.push(...(await revokeAccountGrants(db, accountId, { only: id })));
      await deleteSessionRecords(db, ended);
      changes?.grants(ended);
      return ended.length;
    },
  };
}

export type DevicePairing = ReturnType<typeof createDevicePairing>;
