import { IDENTITY_SCOPES, SCOPES } from "@latent/domain/api";
import { ErrorTimeout, type User as OidcUser, type UserManager, WebStorageStateStore } from "oidc-client-ts";
import type { RuntimeConfig } from "../runtime-config/runtime-config.ts";
import { identityErrorOf, MissingRefreshTokenError } from "./identity-error.ts";
import { LatentUserManager } from "./latent-user-manager.ts";
import { createLoginLock, type LoginLock } from "./login-lock.ts";

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

/** Identity requests time out after 10 s; popup and silent sign-in after 60 s; popups are 400×600 (spec §9). */
const IDENTITY_TIMEOUT_S = 10;
export const INTERACTIVE_TIMEOUT_S = 60;
const POPUP_SIZE = { width: 400, height: 600 };
/** Cached tokens count as expired this early (spec §9), so a request never leaves with a token about to lapse. */
export const EARLY_EXPIRY_S = 60;

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

/** A fresh nonce for each authorize request; the ID token must carry it back (spec §5). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** True while the access token has more than the early-expiry margin left. */
export function isFresh(user: OidcUser): boolean {
  return user.expires_in !== undefined && user.expires_in > EARLY_EXPIRY_S;
}

/** Sign-in state for route guards and the API client, on top of the same UserManager the React tree uses. */
export function createAuthSession(userManager: UserManager, lock: LoginLock = createLoginLock()) {
  let refreshing: Promise<OidcUser | null> | null = null;
  let sessionCheck: Promise<void> | null = null;

  /** login_required and missing_refresh_token mean the provider's session is gone: sign out here too (spec §8). */
  const forgetOnSessionLoss = async (err: unknown) => {
    const { code } = identityErrorOf(err);
    if (code === "login_required" || code === "missing_refresh_token") await userManager.removeUser();
  };

  /**
   * Renews with the refresh token; one renewal at a time in this tab, and one at a time across tabs (the login lock):
   * a tab that waited uses what the other tab got rather than spending the same refresh token again.
   */
  const refresh = () => {
    refreshing ??= (async () => {
      const before = (await userManager.getUser())?.access_token;
      return lock.run(async () => {
        const current = await userManager.getUser();
        if (!current?.refresh_token) throw new MissingRefreshTokenError();
        if (current.access_token !== before && isFresh(current)) return current;
        return userManager.signinSilent();
      });
    })()
      .catch(async (err) => {
        await forgetOnSessionLoss(err);
        return null;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  /**
   * The silent session check at start (spec §4): a stored session is renewed once, which asks the provider whether
   * it still stands; a session it ended is forgotten here. Nothing is asked when nobody is signed in.
   */
  const checkSession = () => {
    sessionCheck ??= (async () => {
      const user = await userManager.getUser();
      if (!user) return;
      if (user.refresh_token) await refresh();
      else if (!isFresh(user)) await userManager.removeUser();
    })();
    return sessionCheck;
  };

  /** The signed-in user with a valid access token, renewing it when it (nearly) expired; null when signed out. */
  const activeUser = async (): Promise<OidcUser | null> => {
    await checkSession();
    const user = await userManager.getUser();
    if (!user) return null;
    if (isFresh(user)) return user;
    if (!user.refresh_token) {
      await userManager.removeUser();
      return null;
    }
    return refresh();
  };

  // A token about to lapse is renewed ahead of time, through the same locked path as any other renewal.
  userManager.events.addAccessTokenExpiring(() => void refresh());

  return {
    userManager,
    activeUser,
    checkSession,

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
      // Held, not released: the page unloads, and the lock lapses by itself after 5 s.
      await lock.acquire();
      await userManager.signinRedirect({
        redirectMethod: replace ? "replace" : "assign",
        state: { returnTo } satisfies SignInState,
        nonce: newNonce(),
        ui_locales: locale,
        extraQueryParams: signInQuery(userManager, signup),
      });
      return new Promise<never>(() => undefined);
    },

    /**
     * Signs in in a 400×600 popup instead of leaving the page. Rejects with a timeout after 60 s ('Timeout') and
     * when the user closes the popup ('Popup closed'), spec §8, §9.
     */
    async signInWithPopup({ signup = false, locale }: Omit<SignInOptions, "returnTo" | "replace">): Promise<OidcUser> {
      return lock.run(async () => {
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort("Timeout"), INTERACTIVE_TIMEOUT_S * 1000);
        try {
          return await userManager.signinPopup({
            nonce: newNonce(),
            ui_locales: locale,
            extraQueryParams: signInQuery(userManager, signup),
            popupSignal: abort.signal,
            popupAbortOnClose: true,
          });
        } catch (err) {
          if (abort.signal.aborted) throw new ErrorTimeout("Timeout");
          throw err;
        } finally {
          clearTimeout(timer);
        }
      });
    },

    /**
     * Finishes a sign-in on /callback and says where to go next. In a popup or the silent frame it hands the
     * response to the opener and settles never (the window closes or is removed).
     */
    async completeSignIn(): Promise<string | null> {
      // A session just made needs no check, and a check running now could overwrite it with the old one.
      sessionCheck ??= Promise.resolve();
      let user: OidcUser | undefined;
      try {
        user = await userManager.signinCallback();
      } catch (err) {
        await forgetOnSessionLoss(err);
        throw err;
      }
      if (!user) return new Promise<never>(() => undefined);
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

function signInQuery(userManager: UserManager, signup: boolean) {
  return { ...userManager.settings.extraQueryParams, ...(signup ? { screen_hint: "signup" } : {}) };
}

export type AuthSession = ReturnType<typeof createAuthSession>;
