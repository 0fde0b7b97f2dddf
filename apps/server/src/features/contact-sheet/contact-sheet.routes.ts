import { ContactSheetQuerySchema } from "@latent/domain/contact-sheet";
import { resolveLocale } from "@latent/domain/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { attachmentDisposition } from "../../platform/http/content-disposition.ts";
import { parseCookies } from "../../platform/http/cookies.ts";
import { fileResponse } from "../../platform/http/file-response.ts";
import { bearerToken, callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { SharesService } from "../shares/shares.service.ts";
import type { ContactSheetService } from "./contact-sheet.service.ts";

const pdfResponse = fileResponse("application/pdf", "The contact sheet, saved under the roll's name");

const sendPdf = (reply: FastifyReply, sheet: { pdf: Buffer; fileName: string }) =>
  reply
    .type("application/pdf")
    .header("content-disposition", attachmentDisposition(sheet.fileName))
    .header("cache-control", "private, no-store")
    .send(sheet.pdf);

/** The sheet's language: the page's (`lang`), else the browser's first, else English (resolveLocale's fallback). */
const readerLocale = (request: FastifyRequest) =>
  resolveLocale(
    (request.query as { lang?: string }).lang,
    String(request.headers["accept-language"] ?? "")
      .split(",")
      .map((tag) => tag.split(";")[0]!.trim()),
  );

/** GET film/{id}/contact-sheet (owner) and public/film/contact-sheet (a share link's holder, until it ends). */
export function contactSheetRoutes(
  app: FastifyInstance,
  deps: { contactSheet: ContactSheetService; shares: Pick<SharesService, "resolve">; requireScopes: RequireScopes },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contactSheet, shares, requireScopes } = deps;

  r.get(
    "/film/:id/contact-sheet",
    {
      config: { errors: ["nothing-to-download"] },
      preHandler: requireScopes("read:film"),
      schema: {
        tags: ["films"],
        summary: "The roll's contact sheet: a printable PDF of its frames, numbered, under a header of its film",
        params: z.object({ id: z.string().max(64) }),
        querystring: ContactSheetQuerySchema,
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await contactSheet.render(callerOf(request).sub, request.params.id, request.query.paper, readerLocale(request))),
  );

  r.get(
    "/public/film/contact-sheet",
    {
      config: { errors: ["unauthorized", "share-expired", "share-revoked", "share-password-required", "nothing-to-download"] },
      schema: {
        tags: ["public"],
        summary: "The shared roll's contact sheet (Authorization: Bearer <share code>)",
        querystring: ContactSheetQuerySchema,
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) => {
      // A password link's sheet too waits for the browser's unlock.
      const link = await shares.resolve(bearerToken(request), parseCookies(request.headers.cookie));
      return sendPdf(reply, await contactSheet.render(link.ownerId, link.filmId, request.query.paper, readerLocale(request)));
    },
  );
}
