import type { Scope } from "@latent/domain/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/app-error.ts";
import type { Caller, TokenVerifier } from "./verify-token.ts";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The route answers a blocked account too (its profile, so the web app can say why everything else is refused). */
    allowBlocked?: boolean;
  }
}

/** Reads the bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export type OnCaller = (caller: Caller) => Promise<void>;

/** Builds the preHandler that requires a valid token carrying every given scope. */
export function requireScopes(verify: TokenVerifier, onCaller: OnCaller) {
  return (...scopes: Scope[]) =>
    async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      if (!token) throw new AppError("unauthorized");
      const caller = await verify(token);
      const missing = scopes.filter((s) => !caller.scopes.has(s));
      if (missing.length) throw new AppError("forbidden", `Missing scope: ${missing.join(" ")}`);
      // Once per request: the caller's checks (first sight, blocked) are not repeated by a second guard.
      if (request.caller) return;
      try {
        await onCaller(caller);
      } catch (err) {
        if (!(err instanceof AppError && err.code === "account-blocked" && request.routeOptions.config.allowBlocked)) throw err;
      }
      request.caller = caller;
    };
}

export type RequireScopes = ReturnType<typeof requireScopes>;

/**
 * Routes declare their guards (requireScopes, labOnly, verifiedEmail) as `preHandler`, which Fastify runs after
 * parsing and validation; every route registered after this runs them at `onRequest` instead, in the same order, so
 * a caller without a valid token is told 401 before anything about what they sent (and before it is read).
 */
export function guardBeforeParsing(app: FastifyInstance) {
  const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
  app.addHook("onRoute", (route) => {
    if (!route.preHandler) return;
    route.onRequest = [...asList(route.onRequest), ...asList(route.preHandler)] as typeof route.onRequest;
    route.preHandler = undefined;
  });
}

/** The authenticated caller of a route guarded by requireScopes. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError("unauthorized");
  return request.caller;
}

/**
 * The lab's guard, after requireScopes: lab and order routes answer a photographer 403 `labs-only` (spec §6: labs
 * manage orders). Use as `preHandler: [requireScopes("read:order"), labOnly]`.
 */
export async function labOnly(request: FastifyRequest) {
  if (callerOf(request).role !== "lab") throw new AppError("labs-only");
}

/**
 * After requireScopes: buying and claiming a lab's order need a confirmed email (issue 12), 403
 * `email-not-verified`. Use as `preHandler: [requireScopes("write:user"), verifiedEmail]`.
 */
export async function verifiedEmail(request: FastifyRequest) {
  if (!callerOf(request).emailVerified) throw new AppError("email-not-verified");
}
