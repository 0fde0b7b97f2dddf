import { pingDatabase } from "../../platform/db/database.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { systemRoutes } from "./system.routes.ts";

/** Health probes and the public settings the web app starts with (`/api/config`). */
export function systemModule({ platform, root }: ModuleContext) {
  systemRoutes(root, { ping: () => pingDatabase(platform.db), config: platform.config });
}
