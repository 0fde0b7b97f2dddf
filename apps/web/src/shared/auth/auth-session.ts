import { IDENTITY_SCOPES, SCOPES } from "@latent/domain/api";
import { type User as OidcUser, UserManager, WebStorageStateStore } from "oidc-client-ts";
import type { RuntimeConfig } from "../runtime-config/runtime-config.ts";
import { identityErrorOf } from "./identity-error.ts";

/** What a sign-in remembers across the provider's pages: where to go back to. */
interface SignInState {
  returnTo: string;
}

export interface SignInOptions {
  returnTo: string;
  signup?: boolean;
  locale: string;
  /**
   * Replace the current history entry: when a guard (not the user) starts the sign-in, Back from the provider's
   * page must go to where the user was, not to the guarded page that would send them to the provider again.
   */
  replace?: boolean;
}

/** Identity requests time out after 10 s (spec §9). */
const IDENTITY_TIMEOUT_S = 10;

export function createUserManager(config: RuntimeConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.identity.authority,
    client_id: config.identity.client_id,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    scope: [...IDENTITY_SCOPES, "offline_access", ...SCOPES].join(" "),
    // Tokens survive a reload and are shared by the app's tabs.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    requestTimeoutInSeconds: IDENTITY_TIMEOUT_S,
    // External providers (Auth0 and alike) pick the API's token format by audience (spec §7).
    extraQueryParams: { audience: config.identity.audience },
  });
}

/** Sign-in state for route guards and the API client, on top of the same UserManager the React tree uses. */
export function createAuthSession(userManager: UserManager) {
  let refreshing: Promise<OidcUser | null> | null = null;

  /** Renews with the refresh token; one renewal at a time however many requests ask for it. */
  const refresh = () => {
    refreshing ??= userManager
      .signinSilent()
      .catch(async (err) => {
        // login_required means the provider's session is gone: sign out locally (spec §8).
        if (identityErrorOf(err).code === "login_required") await userManager.removeUser();
        return null;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  /** The signed-in user with a valid access token, renewing it when it expired; null when signed out. */
  const activeUser = async (): Promise<OidcUser | null> => {
    const user = await userManager.getUser();
    if (!user) return null;
    if (!user.expired) return user;
    if (!user.refresh_token) {
      await userManager.removeUser();
      return null;
    }
    return refresh();
  };

  return {
    userManager,
    activeUser,

    async accessToken(): Promise<string | null> {
      return (await activeUser())?.access_token ?? null;
    },

    /** A fresh access token after the API refused the current one, or null. */
    async renewAccessToken(): Promise<string | null> {
      const user = await userManager.getUser();
      if (!user?.refresh_token) return null;
      return (await refresh())?.access_token ?? null;
    },

    /** Leaves for the provider's sign-in (or sign-up) page; the promise never settles because the page unloads. */
    async signIn({ returnTo, signup = false, locale, replace = false }: SignInOptions): Promise<never> {
      await userManager.signinRedirect({
        redirectMethod: replace ? "replace" : "assign",
        state: { returnTo } satisfies SignInState,
        ui_locales: locale,
        extraQueryParams: { ...userManager.settings.extraQueryParams, ...(signup ? { screen_hint: "signup" } : {}) },
      });
      return new Promise<never>(() => undefined);
    },

    /** Finishes the sign-in on /callback and says where to go next. */
    async completeSignIn(): Promise<string | null> {
      const user = await userManager.signinRedirectCallback();
      const state = user.state as Partial<SignInState> | undefined;
      // Only paths of this app: a crafted state must not send the user elsewhere.
      return typeof state?.returnTo === "string" && state.returnTo.startsWith("/") && !state.returnTo.startsWith("//")
        ? state.returnTo
        : null;
    },

    async signOut(): Promise<void> {
      await userManager.signoutRedirect();
    },
  };
}

export type AuthSession = ReturnType<typeof createAuthSession>;
