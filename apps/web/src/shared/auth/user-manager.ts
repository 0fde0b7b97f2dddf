import { IDENTITY_SCOPES, SCOPES } from "@latent/domain/api";
import { type UserManager, WebStorageStateStore } from "oidc-client-ts";
import type { RuntimeConfig } from "../runtime-config/runtime-config.ts";
import { EARLY_EXPIRY_S, IDENTITY_TIMEOUT_S, INTERACTIVE_TIMEOUT_S, POPUP_SIZE } from "./auth-session.ts";
import { LatentUserManager } from "./latent-user-manager.ts";

/**
 * The app's UserManager (loaded when first needed, auth-session.ts): tokens in localStorage (stored-user-key.ts), the
 * spec's timeouts, and the ID token checks of LatentUserManager.
 */
export function createUserManager(config: RuntimeConfig): UserManager {
  const origin = window.location.origin;
  const { organization } = config.identity;
  return new LatentUserManager(
    {
      authority: config.identity.authority,
      client_id: config.identity.client_id,
      // One callback page for all three ways of signing in; it tells them apart by the stored transaction.
      redirect_uri: `${origin}/callback`,
      popup_redirect_uri: `${origin}/callback`,
      silent_redirect_uri: `${origin}/callback`,
      post_logout_redirect_uri: `${origin}/`,
      response_type: "code",
      response_mode: "query",
      scope: [...IDENTITY_SCOPES, "offline_access", ...SCOPES].join(" "),
      // Tokens survive a reload and are shared by the app's tabs.
      userStore: new WebStorageStateStore({ store: window.localStorage }),
      // Renewal is the session's job (under the tabs' login lock), not the library's timer.
      automaticSilentRenew: false,
      accessTokenExpiringNotificationTimeInSeconds: EARLY_EXPIRY_S,
      requestTimeoutInSeconds: IDENTITY_TIMEOUT_S,
      silentRequestTimeoutInSeconds: INTERACTIVE_TIMEOUT_S,
      popupWindowFeatures: { ...POPUP_SIZE, closePopupWindowAfterInSeconds: INTERACTIVE_TIMEOUT_S },
      // External providers (Auth0 and alike) pick the API's token format by audience, and the organization to sign in
      // to by `organization` (spec §5, §7).
      extraQueryParams: { audience: config.identity.audience, ...(organization ? { organization } : {}) },
    },
    organization,
  );
}
