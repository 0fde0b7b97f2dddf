import {
  LIGHTROOM_ZIP_NAME,
  LightroomConfirmedSchema,
  LightroomConfirmSchema,
  LightroomPendingQuerySchema,
  LightroomPendingSchema,
  LightroomSetupSchema,
  LightroomStatusSchema,
  PAIRING_CONFIRMS_PER_ACCOUNT,
  PAIRING_LIMIT_WINDOW,
} from "@latent/domain/plugins";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { fileResponse } from "../../platform/http/file-response.ts";
import { noContent } from "../../platform/http/no-content.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { PluginsService } from "./plugins.service.ts";

/** The Lightroom plugin (issue 13): its pairing by code, the paired Lightrooms, and its download. */
export function pluginsRoutes(app: FastifyInstance, deps: { plugins: PluginsService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { plugins, requireScopes } = deps;
  const tags = ["plugins"];

  r.get(
    "/plugins/lightroom/setup",
    {
      schema: {
        tags,
        summary: "What the plugin needs to pair: client id, scopes, device and token endpoints",
        security: [],
        response: { 200: LightroomSetupSchema },
      },
    },
    async () => plugins.setup(),
  );

  r.get(
    "/plugins/lightroom/download",
    {
      schema: {
        tags,
        summary: "The plugin as a zip (Latent.lrplugin)",
        security: [],
        response: { 200: fileResponse("application/zip", "The plugin, to unzip into Lightroom's plug-ins folder") },
      },
    },
    async (_request, reply) =>
      reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${LIGHTROOM_ZIP_NAME}"`)
        .header("cache-control", "no-cache")
        .send(await plugins.zip()),
  );

  r.get(
    "/plugins/lightroom",
    {
      preHandler: requireScopes("read:user"),
      schema: { tags, summary: "How pairing works here, and the caller's paired Lightrooms", response: { 200: LightroomStatusSchema } },
    },
    async (request) => plugins.status(callerOf(request)),
  );

  /**
   * Codes are short: guessing one that someone else's Lightroom shows must stay hopeless. Counted per account (after
   * the caller is known), so changing address does not buy more guesses.
   */
  const perAccount = {
    rateLimit: {
      max: PAIRING_CONFIRMS_PER_ACCOUNT,
      timeWindow: PAIRING_LIMIT_WINDOW,
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) => `account:${callerOf(request).sub}`,
      errorResponseBuilder: () => new AppError("too-many-pairing-confirms"),
    },
  };

  r.post(
    "/plugins/lightroom/pending",
    {
      preHandler: requireScopes("write:user"),
      config: {
        ...perAccount,
        errors: ["pairing-code-not-found", "pairing-code-expired", "pairing-code-used", "too-many-pairing-confirms"],
      },
      schema: {
        tags,
        summary: "Who asks with a pairing code: the name Lightroom gave, when, and from which network (the code stays out of URLs)",
        body: LightroomPendingQuerySchema,
        response: { 200: LightroomPendingSchema },
      },
    },
    async (request) => plugins.pending(request.body.code, { ip: request.ip }),
  );

  r.post(
    "/plugins/lightroom/confirm",
    {
      preHandler: requireScopes("write:user"),
      config: {
        ...perAccount,
        errors: [
          "pairing-device-not-confirmed",
          "pairing-code-not-found",
          "pairing-code-expired",
          "pairing-code-used",
          "pairing-unavailable",
          "too-many-pairing-confirms",
        ],
      },
      schema: {
        tags,
        summary:
          "Confirms a pairing code shown by Lightroom for the caller once `device_confirmed` says it is theirs: 400 pairing-device-not-confirmed, 404 pairing-code-not-found, 410 -expired, 409 -used",
        body: LightroomConfirmSchema,
        response: { 200: LightroomConfirmedSchema },
      },
    },
    async (request) => plugins.confirm(callerOf(request), request.body.code, request.body.device_confirmed === true),
  );

  r.delete(
    "/plugins/lightroom",
    {
      preHandler: requireScopes("write:user"),
      schema: { tags, summary: "Signs every paired Lightroom out (204)", response: { 204: noContent("No Lightroom is paired any more") } },
    },
    async (request, reply) => {
      await plugins.disconnect(callerOf(request));
      return reply.status(204).send();
    },
  );

  r.delete(
    "/plugins/lightroom/:id",
    {
      preHandler: requireScopes("write:user"),
      schema: {
        tags,
        summary: "Signs one paired Lightroom out (204); 404 pairing-not-found",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 204: noContent("That Lightroom is signed out") },
      },
      config: { errors: ["pairing-not-found"] },
    },
    async (request, reply) => {
      await plugins.disconnect(callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
