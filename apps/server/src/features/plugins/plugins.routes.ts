import {
  LIGHTROOM_ZIP_NAME,
  LightroomConfirmedSchema,
  LightroomConfirmSchema,
  LightroomSetupSchema,
  LightroomStatusSchema,
} from "@latent/domain/plugins";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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
    { schema: { tags, summary: "The plugin as a zip (Latent.lrplugin)", security: [] } },
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

  r.post(
    "/plugins/lightroom/confirm",
    {
      preHandler: requireScopes("write:user"),
      // Codes are short: guessing one that someone else's Lightroom shows must stay hopeless.
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Confirms a pairing code shown by Lightroom for the caller: 404 pairing-code-not-found, 410 -expired, 409 -used",
        body: LightroomConfirmSchema,
        response: { 200: LightroomConfirmedSchema },
      },
    },
    async (request) => plugins.confirm(callerOf(request), request.body.code),
  );

  r.delete(
    "/plugins/lightroom",
    { preHandler: requireScopes("write:user"), schema: { tags, summary: "Signs every paired Lightroom out (204)" } },
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
      },
    },
    async (request, reply) => {
      await plugins.disconnect(callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
