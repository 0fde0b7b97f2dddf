import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { betaRoutes } from "./beta.routes.ts";
import { createBetaService } from "./beta.service.ts";

/** The open-beta registration and whether it is open (`/beta`), a visitor service at the root. */
export function betaModule({ platform, root }: ModuleContext) {
  const { db, config } = platform;
  const beta = createBetaService({
    db,
    now: () => new Date(),
    capacity: config.beta.capacity,
    lastDay: config.beta.deadline,
    closesAt: config.beta.closesAt,
  });
  betaRoutes(root, { beta });
  return beta;
}
