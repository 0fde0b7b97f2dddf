import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { DevicePairing } from "../identity/pairing/device-pairing.ts";
import { pluginsRoutes } from "./plugins.routes.ts";
import { createPluginsService } from "./plugins.service.ts";

/** The Lightroom plugin's pairing, paired devices and download (`plugins/lightroom/…`). */
export async function pluginsModule(ctx: ModuleContext, deps: { pairing: DevicePairing | null }) {
  const plugins = createPluginsService({ config: ctx.platform.config, pairing: deps.pairing, log: ctx.platform.log });
  await ctx.api((api) => pluginsRoutes(api, { plugins, requireScopes: ctx.requireScopes }));
  return plugins;
}
