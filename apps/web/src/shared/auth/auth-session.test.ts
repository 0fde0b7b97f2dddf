import { ErrorResponse, ErrorTimeout, type SigninRedirectArgs, type User, type UserManager } from "oidc-client-ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAuthSession } from "./auth-session.ts";
import { identityErrorOf } from "./identity-error.ts";
import { createLoginLock } from "./login-lock.ts";

function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const user = (expiresIn: number, refreshToken: string | null = "rt", accessToken = "at-old") =>
  ({ access_token: accessToken, refresh_token: refreshToken ?? undefined, expires_in: expiresIn }) as unknown as User;

/** A UserManager with just what the session uses; `stored` is the user in storage. */
function fakeManager(stored: User | null) {
  const um = {
    stored,
    settings: { extraQueryParams: { audience: "https://api.example/" } },
    events: { addAccessTokenExpiring: vi.fn(), addUserLoaded: vi.fn(), addUserUnloaded: vi.fn() },
    getUser: vi.fn(async () => um.stored),
    removeUser: vi.fn(async () => {
      um.stored = null;
    }),
    signinSilent: vi.fn(async () => {
      um.stored = user(3600, "rt2", "at-new");
      return um.stored;
    }),
    signinPopup: vi.fn(),
    signinRedirect: vi.fn(async (_args: SigninRedirectArgs) => undefined),
    signinCallback: vi.fn(),
  };
  return um;
}

const session = (um: ReturnType<typeof fakeManager>) =>
  createAuthSession(um as unknown as UserManager, createLoginLock({ storage: storage() }));

afterEach(() => vi.useRealTimers());

describe("auth session", () => {
  it("counts a cached token as expired 60 s early and renews it", async () => {
    const um = fakeManager(user(120));
    const auth = session(um);
    expect(await auth.accessToken()).toBe("at-new"); // the start check renewed it once
    um.stored = user(61, "rt", "at-61");
    expect(await auth.accessToken()).toBe("at-61");
    um.stored = user(60, "rt", "at-60");
    expect(await auth.accessToken()).toBe("at-new");
    expect(um.signinSilent).toHaveBeenCalledTimes(2);
  });

  it("checks a stored session silently once at start", async () => {
    const um = fakeManager(user(3600));
    const auth = session(um);
    await auth.checkSession();
    await auth.activeUser();
    await auth.activeUser();
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
  });

  it("asks nothing at start when nobody is signed in", async () => {
    const um = fakeManager(null);
    expect(await session(um).activeUser()).toBeNull();
    expect(um.signinSilent).not.toHaveBeenCalled();
  });

  it("signs out locally when the start check hears login_required", async () => {
    const um = fakeManager(user(3600));
    um.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: "login_required" }));
    expect(await session(um).activeUser()).toBeNull();
    expect(um.removeUser).toHaveBeenCalled();
  });

  it("signs out locally when a renewal finds no refresh token (missing_refresh_token)", async () => {
    const expiredWithoutRefresh = fakeManager(user(10, null));
    expect(await session(expiredWithoutRefresh).activeUser()).toBeNull();
    expect(expiredWithoutRefresh.removeUser).toHaveBeenCalled();

    // Another tab signed out (or lost the refresh token) while this one waited to renew.
    const um = fakeManager(user(10));
    um.getUser.mockResolvedValueOnce(user(10)).mockResolvedValueOnce(user(10)).mockResolvedValueOnce(user(10, null));
    expect(await session(um).accessToken()).toBeNull();
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(um.removeUser).toHaveBeenCalled();
  });

  it("keeps the user on other renewal failures", async () => {
    const um = fakeManager(user(3600));
    um.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: "invalid_grant" }));
    await session(um).checkSession();
    expect(um.removeUser).not.toHaveBeenCalled();
  });

  it("uses what another tab renewed while it waited for the lock instead of spending the refresh token again", async () => {
    const shared = storage();
    const um = fakeManager(user(30));
    const auth = createAuthSession(um as unknown as UserManager, createLoginLock({ storage: shared }));
    const otherTab = createLoginLock({ storage: shared });
    otherTab.tryAcquire();
    const token = auth.accessToken();
    await new Promise((resolve) => setTimeout(resolve, 20));
    um.stored = user(3600, "rt2", "at-from-other-tab");
    otherTab.release();
    expect(await token).toBe("at-from-other-tab");
    expect(um.signinSilent).not.toHaveBeenCalled();
  });

  it("sends a fresh nonce with every sign-in and keeps the path to return to", async () => {
    const um = fakeManager(null);
    const auth = session(um);
    void auth.signIn({ returnTo: "/u/films", locale: "en-US" });
    void auth.signIn({ returnTo: "/u/films", locale: "en-US" });
    await vi.waitFor(() => expect(um.signinRedirect).toHaveBeenCalledTimes(2));
    const [first, second] = um.signinRedirect.mock.calls.map(([args]) => args);
    if (!first || !second) throw new Error("two sign-ins expected");
    expect(first.nonce).toMatch(/^[\w-]{43}$/);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.state).toEqual({ returnTo: "/u/films" });
  });

  it("hands the provider the address to fill in, and a sign-up the path its confirmation mail returns to", async () => {
    const signUp = fakeManager(null);
    void session(signUp).signIn({ returnTo: "/order?code=abc", signup: true, locale: "ca-ES", loginHint: "ana@example.com" });
    await vi.waitFor(() => expect(signUp.signinRedirect).toHaveBeenCalled());
    expect(signUp.signinRedirect.mock.calls[0]?.[0]).toMatchObject({
      login_hint: "ana@example.com",
      state: { returnTo: "/order?code=abc" },
      extraQueryParams: { screen_hint: "signup", return_to: "/order?code=abc" },
    });

    // Signing in mails nothing: the path stays in the browser's own state.
    const signIn = fakeManager(null);
    void session(signIn).signIn({ returnTo: "/order?code=abc", locale: "ca-ES" });
    await vi.waitFor(() => expect(signIn.signinRedirect).toHaveBeenCalled());
    const args = signIn.signinRedirect.mock.calls[0]?.[0];
    expect(args?.login_hint).toBeUndefined();
    expect(args?.extraQueryParams).not.toHaveProperty("return_to");
  });

  it("stops a second tab from starting a sign-in while the first one holds the lock", async () => {
    const shared = storage();
    const first = fakeManager(null);
    const second = fakeManager(null);
    void createAuthSession(first as unknown as UserManager, createLoginLock({ storage: shared })).signIn({
      returnTo: "/",
      locale: "en-US",
    });
    await vi.waitFor(() => expect(first.signinRedirect).toHaveBeenCalled());
    void createAuthSession(second as unknown as UserManager, createLoginLock({ storage: shared })).signIn({
      returnTo: "/",
      locale: "en-US",
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.signinRedirect).not.toHaveBeenCalled();
  });

  it("opens the popup sign-in closable by the user, and times it out after 60 s with 'Timeout'", async () => {
    vi.useFakeTimers();
    const um = fakeManager(null);
    um.signinPopup.mockImplementation(
      ({ popupSignal }: { popupSignal: AbortSignal }) =>
        new Promise((_, reject) => popupSignal.addEventListener("abort", () => reject(new Error(String(popupSignal.reason))))),
    );
    const signingIn = session(um).signInWithPopup({ locale: "en-US" });
    const outcome = expect(signingIn).rejects.toSatisfy(
      (err) => err instanceof ErrorTimeout && err.message === "Timeout" && identityErrorOf(err).code === "timeout",
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(um.signinPopup).toHaveBeenCalledWith(expect.objectContaining({ popupAbortOnClose: true, nonce: expect.any(String) }));
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("reports a popup the user closed as 'Popup closed'", async () => {
    const um = fakeManager(null);
    um.signinPopup.mockRejectedValue(new Error("Popup closed by user"));
    const err = await session(um)
      .signInWithPopup({ locale: "en-US" })
      .catch((e: unknown) => e);
    expect(identityErrorOf(err).code).toBe("cancelled");
  });

  it("signs out locally when the callback brings login_required, and passes the error on", async () => {
    const um = fakeManager(user(3600));
    um.signinCallback.mockRejectedValue(new ErrorResponse({ error: "login_required" }));
    await expect(session(um).completeSignIn()).rejects.toBeInstanceOf(ErrorResponse);
    expect(um.removeUser).toHaveBeenCalled();
    expect(um.signinSilent).not.toHaveBeenCalled();
  });
});

describe("auth session with the identity library loaded on first need", () => {
  const KEY = "oidc.user:https://id.example:web";
  const lazySession = (um: ReturnType<typeof fakeManager>, stored: Record<string, string> = {}) => {
    const load = vi.fn(async () => um as unknown as UserManager);
    const storage = { getItem: (key: string) => stored[key] ?? null };
    return { load, auth: createAuthSession(load, createLoginLock({ storage: storageOf() }), { storedUserKey: KEY, storage }) };
  };
  const storageOf = storage;

  it("never loads it for a visitor who is not signed in, until they sign in", async () => {
    const { load, auth } = lazySession(fakeManager(null));
    await auth.checkSession();
    expect(await auth.activeUser()).toBeNull();
    expect(await auth.accessToken()).toBeNull();
    expect(await auth.renewAccessToken()).toBeNull();
    expect(auth.isSignedIn()).toBe(false);
    expect(load).not.toHaveBeenCalled();

    void auth.signIn({ returnTo: "/u/home", locale: "en-US" });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it("counts a stored, unexpired session as signed in before loading it, and renews it through the library", async () => {
    const um = fakeManager(user(3600));
    const { load, auth } = lazySession(um, { [KEY]: JSON.stringify({ expires_at: Date.now() / 1000 + 3600 }) });
    expect(auth.isSignedIn()).toBe(true);
    // Asked for at once: the first guarded page will need it.
    expect(load).toHaveBeenCalledTimes(1);
    expect(await auth.accessToken()).toBe("at-new");
    expect(load).toHaveBeenCalledTimes(1);
    expect(um.events.addAccessTokenExpiring).toHaveBeenCalledTimes(1);

    const changes = vi.fn();
    auth.onSignedInChange(changes);
    const unloaded = um.events.addUserUnloaded.mock.calls[0]![0] as () => void;
    unloaded();
    expect(auth.isSignedIn()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it("does not count an expired stored session as signed in", () => {
    const { auth } = lazySession(fakeManager(null), { [KEY]: JSON.stringify({ expires_at: Date.now() / 1000 - 10 }) });
    expect(auth.isSignedIn()).toBe(false);
  });
});
