import type { MiddlewareFunction } from "react-router";
import { currentDevice, mobilePlatform } from "../../shared/device/mobile-platform.ts";
import type { AppServices } from "../app-services.ts";
import { untilPageUnloads } from "./until-page-unloads.ts";

/** Phones and small tablets get the companion app's store page instead of the web app (spec §2). */
export function mobileRedirect({ config }: AppServices): MiddlewareFunction {
  return async () => {
    const platform = mobilePlatform(currentDevice());
    if (!platform) return;
    window.location.replace(config.app_store_urls[platform]);
    await untilPageUnloads();
  };
}
