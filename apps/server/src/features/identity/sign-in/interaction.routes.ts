import { randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import { type Locale, resolveLocale } from "@latent/domain/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { z } from "zod";
import { createSecretBox } from "../../../platform/crypto/secret-box.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import { loggedUrl } from "../../../platform/http/request-log.ts";
import type { Accounts } from "../accounts.ts";
import type { AccountSecurityService } from "../security/account-security.ts";
import { passwordProblem } from "../security/password-policy.ts";
import { DUMMY_HASH_PROMISE, verifyPassword } from "../security/passwords.ts";
import { renderSecondFactorPage } from "../security/security-pages.ts";
import { type AuthPageModel, renderAuthPage, renderExpiredPage, STRENGTH_METER_PATH, STRENGTH_METER_SCRIPT } from "./auth-pages.ts";
import { safeReturnPath } from "./return-path.ts";

/** How long the second step of a sign-in may wait after the password was right. */
const SECOND_STEP_MS = 10 * 60_000;

export interface InteractionDeps {
  accounts: Accounts;
  security: AccountSecurityService;
  /** The server secret: seals the ticket that carries a right password to the second-factor step. */
  secret: string;
  provider: Provider;
  registrationOpen: boolean;
  signinAttemptsPerMinute: number;
}

const EmailSchema = z.email().max(254);
const FormSchema = z.object({
  email: z.string().trim().max(254).default(""),
  password: z.string().max(1024).default(""),
  role: z.enum(["user", "lab"]).catch("user"),
});

/** The address the web app suggests (OIDC's `login_hint`: an order's customer), if it is one. */
function emailHint(params: Record<string, unknown>): string {
  const hint = typeof params.login_hint === "string" ? params.login_hint.trim() : "";
  return EmailSchema.safeParse(hint).success ? hint : "";
}

function browserLocales(request: FastifyRequest): string[] {
  return String(request.headers["accept-language"] ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim())
    .filter(Boolean);
}

/** Sign-in and sign-up pages of the embedded provider (its "interactions"). */
export function interactionRoutes(app: FastifyInstance, deps: InteractionDeps) {
  const { accounts, provider, security } = deps;
  // The ticket is bound to its interaction: it opens nothing in another sign-in.
  const tickets = createSecretBox(deps.secret, "sign-in-second-factor");

  app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    const localeOf = (request: FastifyRequest, uiLocales?: unknown) =>
      resolveLocale((request.query as { lang?: string }).lang, [
        ...(typeof uiLocales === "string" ? uiLocales.split(" ") : []),
        ...browserLocales(request),
      ]);

    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    };

    const page = (reply: FastifyReply, model: Omit<AuthPageModel, "registrationOpen">, status = 200) =>
      reply
        .status(status)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(renderAuthPage({ ...model, registrationOpen: deps.registrationOpen }));

    const expired = (reply: FastifyReply, locale: Locale) =>
      reply.status(400).type("text/html; charset=utf-8").send(renderExpiredPage(locale));

    const finishLogin = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
    };

    // Too many sign-in or sign-up attempts are answered with the page itself: a person sees why, a script sees 429.
    scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
      if (err.statusCode !== 429) throw err;
      request.log.warn({ url: loggedUrl(request) }, "refused: too many sign-in or sign-up attempts");
      const { uid } = request.params as { uid: string };
      const mode = request.routeOptions.url?.endsWith("/signup") ? "signup" : "login";
      return page(reply, { locale: localeOf(request), uid, mode, error: "rateLimited" }, 429);
    });

    scope.get(STRENGTH_METER_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(STRENGTH_METER_SCRIPT),
    );

    scope.get("/auth/interaction/:uid", { schema: { hide: true } }, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const interaction = await details(request, reply);
      const locale = localeOf(request, interaction?.params.ui_locales);
      if (!interaction || interaction.uid !== uid) return expired(reply, locale);
      const { mode, email } = request.query as { mode?: string; email?: string };
      const signup = mode ? mode === "signup" : interaction.params.screen_hint === "signup";
      const hint = emailHint(interaction.params);
      return page(reply, {
        locale,
        uid,
        mode: signup ? "signup" : "login",
        email: hint,
        // Read-only until the person chooses "Use another address" (`email=other`).
        emailLocked: signup && hint !== "" && email !== "other",
        error: signup && !deps.registrationOpen ? "signinBlocked" : undefined,
      });
    });

    // Sign-up shares the limit (each route counts on its own): account creation must not be scriptable either.
    const signinLimit = {
      schema: { hide: true },
      config: {
        rateLimit: {
          max: deps.signinAttemptsPerMinute,
          timeWindow: "1 minute",
          errorResponseBuilder: () => Object.assign(new Error("rate limited"), { statusCode: 429 }),
        },
      },
    };

    scope.post("/auth/interaction/:uid/login", signinLimit, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const interaction = await details(request, reply);
      const locale = localeOf(request, interaction?.params.ui_locales);
      if (!interaction || interaction.uid !== uid) return expired(reply, locale);
      const form = FormSchema.parse(request.body ?? {});
      const account = EmailSchema.safeParse(form.email).success ? await accounts.findByEmail(form.email) : undefined;
      const ok = await verifyPassword(form.password, account?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!account || !ok) return page(reply, { locale, uid, mode: "login", email: form.email, error: "credentials" }, 401);
      if (account.blocked) return page(reply, { locale, uid, mode: "login", email: form.email, error: "blocked" }, 403);
      if (security.needsSecondFactor(account)) {
        const ticket = tickets.seal(JSON.stringify({ account: account.id, until: Date.now() + SECOND_STEP_MS }), `interaction:${uid}`);
        return secondFactorPage(reply, { locale, uid, ticket });
      }
      return finishLogin(request, reply, account.id);
    });

    const secondFactorPage = (reply: FastifyReply, model: Parameters<typeof renderSecondFactorPage>[0], status = 200) =>
      reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(renderSecondFactorPage(model));

    // The second step: a TOTP code (each once) or a recovery code, after the password was right in this interaction.
    scope.post("/auth/interaction/:uid/second-factor", signinLimit, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const interaction = await details(request, reply);
      const locale = localeOf(request, interaction?.params.ui_locales);
      if (!interaction || interaction.uid !== uid) return expired(reply, locale);
      const form = z.object({ ticket: z.string().max(2048).default(""), code: z.string().max(64).default("") }).parse(request.body ?? {});
      let accountId: string;
      try {
        const opened = JSON.parse(tickets.open(form.ticket, `interaction:${uid}`)) as { account: string; until: number };
        if (opened.until < Date.now()) return expired(reply, locale);
        accountId = opened.account;
      } catch {
        return expired(reply, locale);
      }
      const account = await accounts.findById(accountId);
      if (!account || account.blocked) return expired(reply, locale);
      try {
        if (!(await security.checkSecondFactor(accountId, form.code))) {
          return secondFactorPage(reply, { locale, uid, ticket: form.ticket, error: "code" }, 401);
        }
      } catch (err) {
        if (err instanceof AppError && err.code === "totp-attempts-exceeded") {
          return secondFactorPage(reply, { locale, uid, ticket: form.ticket, error: "codesPaused" }, 429);
        }
        throw err;
      }
      return finishLogin(request, reply, accountId);
    });

    scope.post("/auth/interaction/:uid/signup", signinLimit, async (request, reply) => {
      const { uid } = request.params as { uid: string };
      const interaction = await details(request, reply);
      const locale = localeOf(request, interaction?.params.ui_locales);
      if (!interaction || interaction.uid !== uid) return expired(reply, locale);
      if (!deps.registrationOpen) return page(reply, { locale, uid, mode: "signup", error: "signinBlocked" }, 403);
      const form = FormSchema.parse(request.body ?? {});
      const hint = emailHint(interaction.params);
      const emailLocked = hint !== "" && hint.toLowerCase() === form.email.toLowerCase();
      const fieldErrors: AuthPageModel["fieldErrors"] = {};
      if (!EmailSchema.safeParse(form.email).success) fieldErrors.email = "email";
      const problem = passwordProblem(form.password);
      if (problem) fieldErrors.password = problem === "password-too-short" ? "password" : "passwordCommon";
      if (fieldErrors.email || fieldErrors.password) {
        return page(reply, { locale, uid, mode: "signup", email: form.email, emailLocked, role: form.role, fieldErrors }, 400);
      }
      const account = await accounts.create({
        id: randomUUID(),
        email: form.email,
        password: form.password,
        role: form.role,
        locale,
      });
      if (!account) {
        return page(
          reply,
          { locale, uid, mode: "signup", email: form.email, emailLocked, role: form.role, fieldErrors: { email: "taken" } },
          409,
        );
      }
      // The account works at once; the confirmation mail follows (spec §4), not delaying the sign-in.
      // Its link leads back to where the sign-up started (an order's page), once the address is confirmed.
      security
        .welcome(account.id, safeReturnPath(interaction.params.return_to))
        .catch((err: Error) => request.log.warn({ error: err.message }, "verification mail failed"));
      return finishLogin(request, reply, account.id);
    });

    scope.get("/auth/interaction/:uid/abort", { schema: { hide: true } }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply, localeOf(request));
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: "access_denied", error_description: "The sign-in was cancelled" },
        { mergeWithLastSubmission: false },
      );
    });
  });
}
