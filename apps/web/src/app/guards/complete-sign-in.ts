import { AFTER_LOGIN_PATH } from "@latent/domain/app-paths";
import { type LoaderFunction, replace } from "react-router";
import { identityErrorOf } from "../../shared/auth/identity-error.ts";
import type { AppServices } from "../app-services.ts";

/**
 * /callback: exchanges the code, then goes to the remembered path or the dashboard. A failure goes to the
 * configured error path carrying the error, where it is explained (spec §4, §8).
 */
export function completeSignIn({ auth, config }: AppServices): LoaderFunction {
  return async () => {
    try {
      return replace((await auth.completeSignIn()) ?? AFTER_LOGIN_PATH);
    } catch (err) {
      const { code, description } = identityErrorOf(err);
      const carried = new URLSearchParams({ error: code });
      if (description) carried.set("errorDescription", description);
      return replace(`${config.error_path}?${carried}`);
    }
  };
}
