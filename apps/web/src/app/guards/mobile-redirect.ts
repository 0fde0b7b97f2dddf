import { paths } from "@latent/domain/app-paths";
import { type MiddlewareFunction, replace } from "react-router";
import { prefersFullSite } from "../../shared/device/full-site-choice.ts";
import { currentDevice, type DeviceTraits, mobilePlatform } from "../../shared/device/mobile-platform.ts";
import type { RuntimeConfig } from "../../shared/runtime-config/runtime-config.ts";
import type { AppServices } from "../app-services.ts";
import { untilPageUnloads } from "./until-page-unloads.ts";

/** Where a phone goes instead of a page of the user area: its platform's store page, or the companion's page. */
export type MobileDestination = { kind: "store"; url: string } | { kind: "companion"; path: string };

const USER_AREA = `${paths.user.root}/`;
const ROLL_PAGE = new RegExp(`^${paths.user.films}/([^/]+)/?$`);
/** User-area pages a phone must reach as they are: a payment's return and the "sign in again" page. */
const KEPT_ON_PHONES = [`${paths.user.root}/purchase/`, paths.user.unauthorized];

/** The companion's page for a user-area page: a roll's own page for a roll, the rolls list for anything else. */
export function companionPathFor(pathname: string): string {
  const roll = ROLL_PAGE.exec(pathname);
  return roll ? paths.companion.roll.to(decodeURIComponent(roll[1]!)) : paths.companion.rolls;
}

/**
 * Where a device asking for `pathname` must go instead (spec §2), or null to stay: a phone leaves the user area for
 * its platform's store page once the operator configured one, else for the companion, which works on any phone.
 * Only the user area is redirected: the public site, shared rolls and orders, stickers, purchases, the plugins'
 * pages and the companion itself stay reachable on phones. A desktop browser is never redirected, nor a phone whose
 * user chose the full site (`fullSite`, remembered on the device).
 */
export function mobileDestination(
  device: DeviceTraits,
  storeUrls: RuntimeConfig["app_store_urls"],
  pathname: string,
  fullSite = false,
): MobileDestination | null {
  if (fullSite) return null;
  const platform = mobilePlatform(device);
  if (!platform) return null;
  if (pathname !== paths.user.root && !pathname.startsWith(USER_AREA)) return null;
  if (KEPT_ON_PHONES.some((kept) => pathname === kept || pathname.startsWith(kept))) return null;
  const store = storeUrls[platform];
  return store ? { kind: "store", url: store } : { kind: "companion", path: companionPathFor(pathname) };
}

/** Phones and small tablets get the app's store page, or the companion, instead of the user area (spec §2). */
export function mobileRedirect({ config }: AppServices): MiddlewareFunction {
  return async ({ request }) => {
    const target = mobileDestination(currentDevice(), config.app_store_urls, new URL(request.url).pathname, prefersFullSite());
    if (!target) return;
    if (target.kind === "companion") throw replace(target.path);
    window.location.replace(target.url);
    await untilPageUnloads();
  };
}
