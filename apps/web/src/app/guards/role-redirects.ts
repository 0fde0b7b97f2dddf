import { paths } from "@latent/domain/app-paths";
import type { User } from "@latent/domain/user";
import { type MiddlewareFunction, replace } from "react-router";
import { userQueryOptions } from "../../features/user/api/get-user.ts";
import type { AppServices } from "../app-services.ts";
import type { PreviousPath } from "./previous-path.ts";

const isDashboard = (path: string) => path === paths.user.home;
const isLabArea = (path: string) => path === paths.user.lab || path.startsWith(`${paths.user.lab}/`);

/**
 * Where a navigation from `from` (null on the first page load) to `to` must go instead, for a user of `role`; null
 * to let it through (spec §2): a lab going to or from the dashboard goes to the lab area, a photographer going to or
 * from the lab area goes to the dashboard. The redirect's own target is never redirected again, so it cannot loop.
 */
export function roleRedirectTarget(role: User["role"], to: string, from: string | null): string | null {
  if (role === "lab" && !isLabArea(to) && (isDashboard(to) || (from !== null && isDashboard(from)))) return paths.user.labGeneral;
  if (role === "user" && !isDashboard(to) && (isLabArea(to) || (from !== null && isLabArea(from)))) return paths.user.home;
  return null;
}

/** Labs work in the lab area, photographers on the dashboard (spec §2, §6); the role comes from the API's user. */
function roleOf({ api, queryClient }: AppServices) {
  return queryClient.ensureQueryData(userQueryOptions(api)).then((user) => user.role);
}

/** The §2 role redirects for the whole user area, where both the target and the previous route are known. */
export function roleRedirects(services: AppServices, previousPath: PreviousPath): MiddlewareFunction {
  return async ({ request }) => {
    const target = roleRedirectTarget(await roleOf(services), new URL(request.url).pathname, previousPath());
    if (target) throw replace(target);
  };
}

export function labsToLabArea(services: AppServices): MiddlewareFunction {
  return async () => {
    if ((await roleOf(services)) === "lab") throw replace(paths.user.labGeneral);
  };
}

export function photographersToDashboard(services: AppServices): MiddlewareFunction {
  return async () => {
    if ((await roleOf(services)) === "user") throw replace(paths.user.home);
  };
}
