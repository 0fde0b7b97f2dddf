import { LAB_KEY_PATTERN, LAB_KEY_PREFIX, LAB_KEY_REQUESTS_PER_MINUTE } from "@latent/domain/lab-api-keys";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/app-error.ts";
import { bearerToken } from "../../platform/identity/authenticate.ts";
import type { TokenVerifier } from "../../platform/identity/verify-token.ts";
import type { ModuleContext, Platform } from "../../platform/modules/module-context.ts";
import type { UsersService } from "../users/users.service.ts";
import { labApiKeysRoutes } from "./lab-api-keys.routes.ts";
import { createLabApiKeysService, type LabApiKeysService } from "./lab-api-keys.service.ts";

/**
 * The part of a lab's API keys the API's guard needs, built before it: the keys' service, the verifier that tells a
 * key from a JWT (`verifyWith`), and the per-key rate limit on every request that carries a key. Needs
 * `@fastify/rate-limit` registered on `app` (its store: Redis when configured, so every instance counts together).
 */
export function labApiKeysAccess(app: FastifyInstance, platform: Pick<Platform, "db">) {
  const keys = createLabApiKeysService({ db: platform.db });
  // Before every route's own hooks (the guard among them): a key over its limit is refused before it is checked.
  app.addHook("onRequest", labKeyRateLimit(app));
  return {
    keys,
    /** The guard's verifier: a `latk_` bearer is a lab's key, checked here; anything else goes to `verify` (JWTs). */
    verifyWith:
      (verify: TokenVerifier): TokenVerifier =>
      (token) =>
        token.startsWith(LAB_KEY_PREFIX) ? keys.verify(token) : verify(token),
  };
}

/**
 * Counts the requests of each key (by its public id) over a minute; over the limit, 429 `lab-key-rate-limited` with
 * Retry-After. A request whose bearer is not a well-formed key is left to the guard (401 or the JWT's checks).
 */
function labKeyRateLimit(app: FastifyInstance) {
  const limit = app.createRateLimit({
    max: LAB_KEY_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `latk:${LAB_KEY_PATTERN.exec(bearerToken(request) ?? "")?.[1]}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token || !LAB_KEY_PATTERN.test(token)) return;
    const counted = await limit(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header("retry-after", String(counted.ttlInSeconds));
    throw new AppError("lab-key-rate-limited");
  };
}

/** The lab's key management routes (`lab/api-keys`), and its keys deleted with its account. */
export async function labApiKeysModule(ctx: ModuleContext, deps: { keys: LabApiKeysService; users: UsersService }) {
  deps.users.deleting.add(async ({ userId, deleted }) => deleted("lab API keys", await deps.keys.removeAllOfLab(userId)));
  await ctx.api((api) => labApiKeysRoutes(api, { keys: deps.keys, requireScopes: ctx.requireScopes }));
}
