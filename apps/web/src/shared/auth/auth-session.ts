import type { User as OidcUser, UserManager } from "oidc-client-ts";
import { identityErrorOf, MissingRefreshTokenError } from "./identity-error.ts";
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
   * The address to fill in on the provider's page (OIDC's `login_hint`): an order's customer. The embedded provider
   * shows it read-only on sign-up, with a way to use another; it proves nothing, the API checks the account's email.
   */
  loginHint?: string;
  /**
   * Replace the current history entry: when a guard (not the user) starts the sign-in, Back from the provider's
   * page must go to where the user was, not to the guarded page that would send them to the provider again.
   */
  replace?: boolean;
}

/** Identity requests time out after 10 s; popup and silent sign-in after 60 s; popups are 400×600 (spec §9). */
export const IDENTITY_TIMEOUT_S = 10;
export const INTERACTIVE_TIMEOUT_S = 60;
export const POPUP_SIZE = { width: 400, height: 600 };
/** Cached tokens count as expired this early (spec §9), so a request never leaves with a token about to lapse. */
export const EARLY_EXPIRY_S = 60;

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

export interface AuthSessionOptions {
  /**
   * Where oidc-client-ts keeps the signed-in user (`oidc.user:<authority>:<client_id>`, user-manager.ts): with
   * nothing there, nobody is signed in, and the identity library is not even loaded (spec §4's check asks nothing).
   */
  storedUserKey?: string;
  storage?: Pick<Storage, "getItem">;
}

/**
 * Sign-in state for route guards, the API client and the screens. The UserManager (oidc-client-ts, the app's largest
 * library after React) is given as a loader: it loads on the first call that needs it, which for a visitor who is
 * not signed in is the sign-in itself, so public pages start without it.
 */
export function createAuthSession(
  manager: UserManager | (() => Promise<UserManager>),
  lock: LoginLock = createLoginLock(),
  options: AuthSessionOptions = {},
) {
  let refreshing: Promise<OidcUser | null> | null = null;
  let sessionCheck: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const storage = () => options.storage ?? globalThis.localStorage;
  /** The stored user, read without the library: present and not past its expiry, as react-oidc-context counted it. */
  const storedUser = (): { expires_at?: number } | null => {
    if (!options.storedUserKey) return null;
    try {
      return JSON.parse(storage()?.getItem(options.storedUserKey) ?? "null");
    } catch {
      return null;
    }
  };
  const nobodyStored = () => options.storedUserKey !== undefined && storedUser() === null;
  let signedIn = (() => {
    const user = storedUser();
    return user !== null && (user.expires_at === undefined || user.expires_at * 1000 > Date.now());
  })();
  const setSignedIn = (value: boolean) => {
    if (value === signedIn) return;
    signedIn = value;
    for (const listener of listeners) listener();
  };
  let loading: Promise<UserManager> | null = null;
  const load = () => {
    loading ??= (typeof manager === "function" ? manager() : Promise.resolve(manager)).then((userManager) => {
      // A token about to lapse is renewed ahead of time, through the same locked path as any other renewal.
      userManager.events.addAccessTokenExpiring(() => void refresh());
      // From here the library says when a user is stored or forgotten (sign-in, renewal, sign-out, session loss).
      userManager.events.addUserLoaded(() => setSignedIn(true));
      userManager.events.addUserUnloaded(() => setSignedIn(false));
      return userManager;
    });
    return loading;
  };
  // A stored session needs the library on the first page behind the login guard: it is asked for at once, ahead of
  // that page's own chunks. Behind them (six connections per host) it arrived last and held back the page's first
  // request, the user's profile and the roll with it (decision 0035). A failed load is tried again when needed.
  if (storedUser() !== null) {
    load().catch(() => {
      loading = null;
    });
  }

  /** login_required and missing_refresh_token mean the provider's session is gone: sign out here too (spec §8). */
  const forgetOnSessionLoss = async (err: unknown) => {
    const { code } = identityErrorOf(err);
    if (code === "login_required" || code === "missing_refresh_token") await (await load()).removeUser();
  };

  /**
   * Renews with the refresh token; one renewal at a time in this tab, and one at a time across tabs (the login lock):
   * a tab that waited uses what the other tab got rather than spending the same refresh token again.
   */
  const refresh = () => {
    refreshing ??= (async () => {
      const before = (await (await load()).getUser())?.access_token;
      return lock.run(async () => {
        const current = await (await load()).getUser();
        if (!current?.refresh_token) throw new MissingRefreshTokenError();
        if (current.access_token !== before && isFresh(current)) return current;
        return (await load()).signinSilent();
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
      if (nobodyStored()) return;
      const user = await (await load()).getUser();
      if (!user) return;
      if (user.refresh_token) await refresh();
      else if (!isFresh(user)) await (await load()).removeUser();
    })();
    return sessionCheck;
  };

  /** The signed-in user with a valid access token, renewing it when it (nearly) expired; null when signed out. */
  const activeUser = async (): Promise<OidcUser | null> => {
    await checkSession();
    if (nobodyStored()) return null;
    const user = await (await load()).getUser();
    if (!user) return null;
    if (isFresh(user)) return user;
    if (!user.refresh_token) {
      await (await load()).removeUser();
      return null;
    }
    return refresh();
  };

  return {
    /** Forgets the session here (not at the provider): `userManager.removeUser()`. */
    userManager: { removeUser: async () => (await load()).removeUser() } satisfies Pick<UserManager, "removeUser">,
    activeUser,
    /** Whether someone is signed in, for screens that offer sign-in or the way in; updates when that changes. */
    isSignedIn: () => signedIn,
    onSignedInChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    checkSession,

    async accessToken(): Promise<string | null> {
      return (await activeUser())?.access_token ?? null;
    },

    /** A fresh access token after the API refused the current one, or null. */
    async renewAccessToken(): Promise<string | null> {
      if (nobodyStored()) return null;
      const user = await (await load()).getUser();
      if (!user?.refresh_token) return null;
      return (await refresh())?.access_token ?? null;
    },

    /** Leaves for the provider's sign-in (or sign-up) page; the promise never settles because the page unloads. */
    async signIn({ returnTo, signup = false, locale, replace = false, loginHint }: SignInOptions): Promise<never> {
      // Held until the page leaves for the provider's page, whose `pagehide` frees it (login-lock.ts).
      await lock.acquire();
      const userManager = await load();
      await userManager.signinRedirect({
        redirectMethod: replace ? "replace" : "assign",
        state: { returnTo } satisfies SignInState,
        nonce: newNonce(),
        ui_locales: locale,
        ...(loginHint ? { login_hint: loginHint } : {}),
        // A sign-up's confirmation mail leads back here too (`return_to`), wherever it is opened.
        extraQueryParams: { ...signInQuery(userManager, signup), ...(signup ? { return_to: returnTo } : {}) },
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
        const userManager = await load();
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
          if (abort.signal.aborted) {
            const { ErrorTimeout } = await import("oidc-client-ts");
            throw new ErrorTimeout("Timeout");
          }
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
        user = await (await load()).signinCallback();
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
      await (await load()).signoutRedirect();
    },
  };
}

function signInQuery(userManager: UserManager, signup: boolean) {
  return { ...userManager.settings.extraQueryParams, ...(signup ? { screen_hint: "signup" } : {}) };
}

export type AuthSession = ReturnType<typeof createAuthSession>;
