import { RollSearchPageSchema, RollSearchQuerySchema, ShotSearchPageSchema, ShotSearchQuerySchema } from "@latent/domain/roll-search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { ArchiveSearchService } from "./archive-search.service.ts";

export function archiveSearchRoutes(app: FastifyInstance, deps: { search: ArchiveSearchService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { search, requireScopes } = deps;
  r.get(
    "/film/search",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags: ["films"],
        summary: "Search the caller's rolls: words over names, stock, gear, scanner, lab, storage and notes; filters; one page",
        querystring: RollSearchQuerySchema,
        response: { 200: RollSearchPageSchema },
      },
    },
    async (request) => search.rolls(callerOf(request).sub, request.query),
  );
  r.get(
    "/shots/search",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags: ["shots"],
        summary: "Search the caller's frames by words, camera, lens, aperture, date taken and kept; one page, newest taken first",
        querystring: ShotSearchQuerySchema,
        response: { 200: ShotSearchPageSchema },
      },
    },
    async (request) => search.shots(callerOf(request).sub, request.query),
  );
}
