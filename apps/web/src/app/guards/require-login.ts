import { type MiddlewareFunction, replace } from "react-router";
import { userQueryOptions } from "../../features/user/api/get-user.ts";
import { ApiError } from "../../shared/api/api-error.ts";
import { currentLocale } from "../../shared/i18n/i18n.ts";
import type { AppServices } from "../app-services.ts";

/**
 * The /u area needs a signed-in user (spec §2, §4): otherwise sign in at the provider and come back to the very
 * path asked for. The user's profile is loaded here too, so every user screen can read it without waiting.
 */
export function requireLogin({ auth, api, queryClient, i18n, config }: AppServices): MiddlewareFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const signIn = () => auth.signIn({ returnTo: url.pathname + url.search, locale: currentLocale(i18n), replace: true });
    if (!(await auth.activeUser())) return signIn();
    try {
      await queryClient.ensureQueryData(userQueryOptions(api));
    } catch (err) {
      // A token the API no longer accepts (and could not be renewed): start a fresh sign-in.
      if (err instanceof ApiError && err.status === 401) {
        await auth.userManager.removeUser();
        return signIn();
      }
      // Refused for a reason the user must hear (a blocked account…): explained on the error path by its code.
      if (err instanceof ApiError) throw replace(`${config.error_path}?${new URLSearchParams({ error: err.code })}`);
      throw err;
    }
  };
}
