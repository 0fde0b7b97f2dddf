import type { MiddlewareFunction } from "react-router";
import { currentDevice, type DeviceTraits, mobilePlatform } from "../../shared/device/mobile-platform.ts";
import type { RuntimeConfig } from "../../shared/runtime-config/runtime-config.ts";
import type { AppServices } from "../app-services.ts";
import { untilPageUnloads } from "./until-page-unloads.ts";

/**
 * The store page a device should open instead of the user area: its platform's, once the operator has configured
 * one; null on a desktop, and on a phone while no store page is set, so nobody is sent to a page that does not exist.
 */
export function appStorePageFor(device: DeviceTraits, storeUrls: RuntimeConfig["app_store_urls"]): string | null {
  const platform = mobilePlatform(device);
  return platform ? (storeUrls[platform] ?? null) : null;
}

/** Phones and small tablets get the companion app's store page instead of the web app, when there is one (spec §2). */
export function mobileRedirect({ config }: AppServices): MiddlewareFunction {
  return async () => {
    const target = appStorePageFor(currentDevice(), config.app_store_urls);
    if (!target) return;
    window.location.replace(target);
    await untilPageUnloads();
  };
}
