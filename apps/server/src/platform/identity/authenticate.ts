import type { Scope } from "@latent/domain/api";
import type { ErrorCode } from "@latent/domain/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/app-error.ts";
import type { CallerChecks } from "./caller-checks.ts";
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

/** The scopes each guard built by requireScopes asks for: the OpenAPI document states them per route. */
const guardScopes = new WeakMap<object, Scope[]>();

/**
 * Builds the preHandler that requires a valid token carrying every given scope. With `checks`, a token whose
 * checks (signature, account and grant state, the caller's standing) passed moments ago, with nothing they read
 * changed since on any instance, is taken without reading them again (decisions 0026, 0021).
 */
export function requireScopes(verify: TokenVerifier, onCaller: OnCaller, checks?: CallerChecks) {
  return (...scopes: Scope[]) => {
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      if (!token) throw new AppError("unauthorized");
      // Read before anything is checked: a check kept at this value read nothing changed since (decision 0021).
      const at = request.caller || !checks ? undefined : await checks.at(request);
      const recent = at === undefined ? undefined : checks?.recent(token, at);
      const caller = recent ?? (await verify(token));
      const missing = scopes.filter((s) => !caller.scopes.has(s));
      if (missing.length) throw new AppError("forbidden", `Missing scope: ${missing.join(" ")}`);
      // Once per request: the caller's checks (first sight, blocked) are not repeated by a second guard.
      if (request.caller) return;
      if (!recent) {
        try {
          await onCaller(caller);
          if (at !== undefined) checks?.keep(token, caller, at);
        } catch (err) {
          if (!(err instanceof AppError && err.code === "account-blocked" && request.routeOptions.config.allowBlocked)) throw err;
        }
      }
      request.caller = caller;
    };
    guardScopes.set(guard, scopes);
    return guard;
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
    // The OpenAPI document says what each route asks for (its bearer scopes, or none: a public route), unless the
    // route says it itself; clients and the reliability matrix read it from there.
    const guards = asList(route.preHandler).filter((hook) => guardScopes.has(hook));
    if (!route.schema?.hide && route.schema?.security === undefined) {
      route.schema = { ...route.schema, security: guards.length ? [{ bearer: guards.flatMap((g) => guardScopes.get(g) ?? []) }] : [] };
    }
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
 * The photographer's guard, after requireScopes: adding a lab's order to an account is a customer's act (a lab whose
 * own address an order was sent to does not collect it), 403 `photographers-only`.
 */
export async function photographerOnly(request: FastifyRequest) {
  if (callerOf(request).role !== "user") throw new AppError("photographers-only");
}

/**
 * After requireScopes: buying and claiming a lab's order need a confirmed email (issue 12), 403
 * `email-not-verified`. Use as `preHandler: [requireScopes("write:user"), verifiedEmail]`.
 */
export async function verifiedEmail(request: FastifyRequest) {
  if (!callerOf(request).emailVerified) throw new AppError("email-not-verified");
}

/** What each role or email guard refuses with: the OpenAPI document lists it for every route the guard stands on. */
const guardCodes = new Map<unknown, ErrorCode[]>([
  [labOnly, ["labs-only"]],
  [photographerOnly, ["photographers-only"]],
  [verifiedEmail, ["email-not-verified"]],
]);

/** The catalogue codes a route hook refuses with, when it is one of these guards; none otherwise. */
export const guardRefusals = (hook: unknown): ErrorCode[] => guardCodes.get(hook) ?? [];
