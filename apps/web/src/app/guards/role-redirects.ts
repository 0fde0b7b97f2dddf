import { paths } from "@latent/domain/app-paths";
import { type MiddlewareFunction, replace } from "react-router";
import { userQueryOptions } from "../../features/user/api/get-user.ts";
import type { AppServices } from "../app-services.ts";

/** Labs work in the lab area, photographers on the dashboard (spec §2, §6); the role comes from the API's user. */
function roleOf({ api, queryClient }: AppServices) {
  return queryClient.ensureQueryData(userQueryOptions(api)).then((user) => user.role);
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
