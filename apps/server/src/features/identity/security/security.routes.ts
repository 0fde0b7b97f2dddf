import formbody from "@fastify/formbody";
import { resolveLocale } from "@latent/domain/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { safeReturnPath } from "../sign-in/return-path.ts";
import type { AccountSecurityService } from "./account-security.ts";
import { renderForgotPage, renderForgotSentPage, renderMessagePage, renderResetPage } from "./security-pages.ts";

const EmailSchema = z.email().max(254);
const QuerySchema = z
  .object({ lang: z.string().optional(), uid: z.string().max(100).optional(), next: z.string().max(2000).optional() })
  .catch({});
const TokenSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The pages mailed links open (reset, email verification, email change) and "forgot your password?". With an
 * external provider they only say that sign-in is managed there (409, the API's `identity-external`).
 */
export function securityPageRoutes(app: FastifyInstance, deps: { security: AccountSecurityService | null }) {
  const { security } = deps;

  app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    const localeOf = (request: FastifyRequest) =>
      resolveLocale(
        QuerySchema.parse(request.query).lang,
        String(request.headers["accept-language"] ?? "")
          .split(",")
          .map((part) => part.split(";")[0]!.trim())
          .filter(Boolean),
      );
    const html = (reply: FastifyReply, body: string, status = 200) =>
      reply
        .status(status)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .send(body);
    const external = (request: FastifyRequest, reply: FastifyReply) =>
      html(reply, renderMessagePage({ locale: localeOf(request), title: "title.login", message: "external", tone: "alert" }), 409);
    const invalidReset = (request: FastifyRequest, reply: FastifyReply) =>
      html(
        reply,
        renderMessagePage({
          locale: localeOf(request),
          title: "reset.invalidTitle",
          message: "reset.invalid",
          tone: "alert",
          link: { href: `/auth/forgot?lang=${localeOf(request)}`, text: "reset.again" },
        }),
        400,
      );
    const tokenOf = (request: FastifyRequest) => TokenSchema.safeParse(request.params).data?.token ?? "";

    scope.get("/auth/forgot", { schema: { hide: true } }, async (request, reply) => {
      if (!security) return external(request, reply);
      return html(reply, renderForgotPage({ locale: localeOf(request), uid: QuerySchema.parse(request.query).uid }));
    });

    scope.post("/auth/forgot", { schema: { hide: true } }, async (request, reply) => {
      if (!security) return external(request, reply);
      const locale = localeOf(request);
      const uid = QuerySchema.parse(request.query).uid;
      const email = String((request.body as { email?: unknown } | undefined)?.email ?? "").trim();
      if (!EmailSchema.safeParse(email).success) return html(reply, renderForgotPage({ locale, uid, email, error: "email" }), 400);
      if (!(await security.requestReset(email, request.ip))) {
        return html(reply, renderForgotPage({ locale, uid, email, error: "rateLimitedLong" }), 429);
      }
      return html(reply, renderForgotSentPage(locale, uid));
    });

    scope.get("/auth/reset/:token", { schema: { hide: true } }, async (request, reply) => {
      if (!security) return external(request, reply);
      const token = tokenOf(request);
      if (!(await security.resetLinkUsable(token))) return invalidReset(request, reply);
      return html(reply, renderResetPage({ locale: localeOf(request), token }));
    });

    scope.post("/auth/reset/:token", { schema: { hide: true } }, async (request, reply) => {
      if (!security) return external(request, reply);
      const locale = localeOf(request);
      const token = tokenOf(request);
      const password = String((request.body as { password?: unknown } | undefined)?.password ?? "").slice(0, 1024);
      const outcome = await security.resetPassword(token, password);
      if (outcome === "invalid") return invalidReset(request, reply);
      if (outcome !== "done") {
        const error = outcome === "password-too-short" ? "password" : "passwordCommon";
        return html(reply, renderResetPage({ locale, token, error }), 400);
      }
      return html(reply, renderMessagePage({ locale, title: "reset.doneTitle", message: "reset.done", tone: "success" }));
    });

    scope.get("/auth/verify/:token", { schema: { hide: true } }, async (request, reply) => {
      if (!security) return external(request, reply);
      const locale = localeOf(request);
      if (await security.confirmEmail(tokenOf(request))) {
        // A sign-up from an order's mail goes back to that order; any other path than the site's own is ignored.
        const next = safeReturnPath(QuerySchema.parse(request.query).next);
        const link = next ? { href: next, text: "verify.continue" as const } : undefined;
        return html(reply, renderMessagePage({ locale, title: "verify.doneTitle", message: "verify.done", tone: "success", link }));
      }
      return html(reply, renderMessagePage({ locale, title: "verify.invalidTitle", message: "verify.invalid", tone: "alert" }), 400);
    });

    scope.get("/auth/email/:token", { schema: { hide: true } }, async (request, reply) => {
      if (!security) return external(request, reply);
      const locale = localeOf(request);
      const outcome = await security.confirmEmailChange(tokenOf(request));
      if (outcome === "changed") {
        return html(reply, renderMessagePage({ locale, title: "emailChange.doneTitle", message: "emailChange.done", tone: "success" }));
      }
      const message = outcome === "taken" ? "emailChange.taken" : "emailChange.invalid";
      return html(
        reply,
        renderMessagePage({ locale, title: "verify.invalidTitle", message, tone: "alert" }),
        outcome === "taken" ? 409 : 400,
      );
    });
  });
}
