import { paths } from "@latent/domain/app-paths";
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../i18n/i18n.ts";
import type { AuthSession } from "./auth-session.ts";

const AuthSessionContext = createContext<AuthSession | null>(null);

export function AuthSessionProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  // The silent session check at start (spec §4); /callback is making a new session and must not race it.
  useEffect(() => {
    if (window.location.pathname !== paths.callback) void session.checkSession();
  }, [session]);
  return <AuthSessionContext value={session}>{children}</AuthSessionContext>;
}

export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error("useAuthSession needs an AuthSessionProvider");
  return session;
}

/** Whether someone is signed in here (the header's "Open the app" instead of "Sign in"); follows sign-in and sign-out. */
export function useSignedIn(): boolean {
  const session = useAuthSession();
  return useSyncExternalStore(session.onSignedInChange, session.isSignedIn);
}

/** Sign-in and sign-up in the current language: the provider's pages open in it too (`ui_locales`). */
export function useSignIn() {
  const session = useAuthSession();
  const { i18n } = useTranslation();
  return {
    signIn: (returnTo: string, options: { loginHint?: string } = {}) =>
      session.signIn({ returnTo, locale: currentLocale(i18n), ...options }),
    signUp: (returnTo: string, options: { loginHint?: string } = {}) =>
      session.signIn({ returnTo, signup: true, locale: currentLocale(i18n), ...options }),
    /** Signs in again in a 400×600 popup, so the page (and what runs in it) stays; rejects with 'Timeout' or 'Popup closed'. */
    signInInPopup: () => session.signInWithPopup({ locale: currentLocale(i18n) }),
  };
}
