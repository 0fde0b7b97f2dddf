import formbody from "@fastify/formbody";
import { BRAND_NAME } from "@latent/domain/brand";
import { resolveLocale } from "@latent/domain/locales";
import { PLANS } from "@latent/domain/plans";
import { PAID_PLAN_IDS } from "@latent/domain/purchases";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { nameIn, type Translate, translator } from "../i18n/translator.ts";
import { type PayOutcome, type PortalAction, SANDBOX_CARDS, type SandboxCheckout, type SandboxProvider } from "./sandbox-provider.ts";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

/** A plan as the page's reader names it ("Plan Artista"), not its id. */
const planName = (plan: string, locale: string) => nameIn(locale, "catalogue", `plans.${plan}`, plan);
const groups = (card: string) => card.replace(/(\d{4})(?=\d)/g, "$1 ");

/** A price for display only: the amount stays integer minor units everywhere else. */
const money = (locale: string, amount: number, currency: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

function localeOf(request: FastifyRequest): string {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  const browser = String(request.headers["accept-language"] ?? "")
    .split(",")
    .map((p) => p.split(";")[0]!.trim())
    .filter(Boolean);
  return resolveLocale(typeof lang === "string" ? lang : null, browser);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
.test{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:.75rem;font-weight:600}
.error{background:#fee2e2;border:1px solid #ef4444;border-radius:8px;padding:.75rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #d4d4d8;border-radius:6px}
button{margin-top:1rem;width:100%;padding:.7rem;font:inherit;font-weight:600;border:0;border-radius:6px;background:#18181b;color:#fff;cursor:pointer}
button.secondary{background:#e4e4e7;color:#18181b}.row{display:flex;gap:.75rem}.row>div{flex:1}small{color:#52525b}`;

function page(locale: string, t: Translate<"sandbox">, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${title} — ${BRAND_NAME}`)}</title><style>${STYLE}</style></head>
<body><main><p class="test" role="note">${escapeHtml(t("testMode"))}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function checkoutPage(locale: string, t: Translate<"sandbox">, c: SandboxCheckout, error: string | null): string {
  const price = (amount: number) => money(locale, amount, c.currency);
  const lines = c.lines
    .map((l) => `<p>${escapeHtml(l.plan ? t("plan", { plan: planName(l.plan, locale) }) : `${l.name} × ${l.quantity}`)}</p>`)
    .join("");
  const discount = c.discount_percent ? `<p><strong>${escapeHtml(t("discount", { percent: c.discount_percent }))}</strong></p>` : "";
  const cards = [
    t("cardSuccess", { card: groups(SANDBOX_CARDS.success) }),
    t("cardDeclined", { card: groups(SANDBOX_CARDS.declined) }),
    t("cardAuth", { card: groups(SANDBOX_CARDS.authentication) }),
  ];
  return page(
    locale,
    t,
    t("title"),
    `${lines}${discount}<p><strong>${escapeHtml(t("dueToday", { price: price(c.amount_first) }))}</strong></p>
${c.mode === "subscription" ? `<p>${escapeHtml(t("then", { price: price(c.amount_recurring) }))}</p>` : ""}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/sandbox/checkout/${escapeHtml(c.id)}?lang=${escapeHtml(locale)}">
<label for="email">${escapeHtml(t("email"))}</label><input id="email" name="email" type="email" value="${escapeHtml(c.email ?? "")}" readonly>
<label for="card">${escapeHtml(t("cardNumber"))}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">${escapeHtml(t("expiry"))}</label><input id="expiry" name="expiry" placeholder="12/34"></div>
<div><label for="cvc">${escapeHtml(t("cvc"))}</label><input id="cvc" name="cvc" placeholder="123"></div></div>
<button type="submit">${escapeHtml(t("pay", { price: price(c.amount_first) }))}</button></form>
<form method="get" action="${escapeHtml(c.cancel_url)}"><button class="secondary" type="submit">${escapeHtml(t("cancel"))}</button></form>
<h2>${escapeHtml(t("testCards"))}</h2><ul>${cards.map((c) => `<li>${escapeHtml(c)}</li>`).join("")}</ul><small>${escapeHtml(t("anyExpiry"))}</small>`,
  );
}

function authenticationPage(locale: string, t: Translate<"sandbox">, c: SandboxCheckout): string {
  const action = `/sandbox/checkout/${escapeHtml(c.id)}/authenticate?lang=${escapeHtml(locale)}`;
  return page(
    locale,
    t,
    t("authTitle"),
    `<p>${escapeHtml(t("authText", { price: money(locale, c.amount_first, c.currency) }))}</p>
<form method="post" action="${action}"><input type="hidden" name="decision" value="approve"><button type="submit">${escapeHtml(t("authApprove"))}</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="refuse"><button class="secondary" type="submit">${escapeHtml(t("authRefuse"))}</button></form>`,
  );
}

/** The sandbox's own pages: a card checkout and a customer portal, plain server-rendered HTML in five languages. */
export async function sandboxPages(app: FastifyInstance, sandbox: SandboxProvider) {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(body);
    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      const locale = localeOf(request);
      const t = translator(locale, "sandbox");
      return html(reply, 404, page(locale, t, t("notFound"), ""));
    };

    /** After a card was tried: the next page, or back to Latent once paid. */
    const answer = async (request: FastifyRequest, reply: FastifyReply, id: string, outcome: PayOutcome) => {
      const locale = localeOf(request);
      const t = translator(locale, "sandbox");
      const c = await sandbox.checkout(id);
      if (!c) return notFound(request, reply);
      if (outcome === "succeeded") return reply.redirect(c.success_url, 303);
      if (outcome === "requires-action") return html(reply, 200, authenticationPage(locale, t, c));
      if (outcome === "closed") return html(reply, 409, page(locale, t, t("closed"), ""));
      const message = outcome === "declined" ? t("declined") : t("incorrectNumber");
      return html(reply, outcome === "declined" ? 402 : 400, checkoutPage(locale, t, c, message));
    };

    scope.get<{ Params: { id: string } }>("/sandbox/checkout/:id", { schema: { hide: true } }, async (request, reply) => {
      const c = await sandbox.checkout(request.params.id);
      if (!c) return notFound(request, reply);
      const locale = localeOf(request);
      const t = translator(locale, "sandbox");
      if (c.status === "requires_action") return html(reply, 200, authenticationPage(locale, t, c));
      if (c.status !== "open") return html(reply, 409, page(locale, t, t("closed"), ""));
      return html(reply, 200, checkoutPage(locale, t, c, null));
    });

    scope.post<{ Params: { id: string }; Body: { card?: string } }>(
      "/sandbox/checkout/:id",
      { schema: { hide: true } },
      async (request, reply) => {
        if (!(await sandbox.checkout(request.params.id))) return notFound(request, reply);
        const outcome = await sandbox.pay(request.params.id, String(request.body?.card ?? ""), localeOf(request));
        return answer(request, reply, request.params.id, outcome);
      },
    );

    scope.post<{ Params: { id: string }; Body: { decision?: string } }>(
      "/sandbox/checkout/:id/authenticate",
      { schema: { hide: true } },
      async (request, reply) => {
        if (!(await sandbox.checkout(request.params.id))) return notFound(request, reply);
        const outcome = await sandbox.authenticate(request.params.id, request.body?.decision === "approve", localeOf(request));
        return answer(request, reply, request.params.id, outcome);
      },
    );

    scope.get<{ Params: { token: string } }>("/sandbox/portal/:token", { schema: { hide: true } }, async (request, reply) => {
      const portal = await sandbox.portal(request.params.token);
      if (!portal) return notFound(request, reply);
      const locale = localeOf(request);
      const t = translator(locale, "sandbox");
      const date = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(seconds * 1000));
      const action = `/sandbox/portal/${escapeHtml(request.params.token)}?lang=${escapeHtml(locale)}`;
      const button = (subscription: string, name: PortalAction, label: string, plan = "") =>
        `<form method="post" action="${action}"><input type="hidden" name="subscription" value="${escapeHtml(subscription)}">` +
        `<input type="hidden" name="action" value="${name}"><input type="hidden" name="plan" value="${escapeHtml(plan)}">` +
        `<button class="${name === "end-period" || name === "fail-renewal" ? "secondary" : ""}" type="submit">${escapeHtml(label)}</button></form>`;
      const items = portal.subscriptions.map((s) => {
        const price = money(locale, s.amount, s.currency);
        const when =
          s.cancel_at_period_end || s.status === "canceled"
            ? t("endsOn", { date: date(s.current_period_end) })
            : t("renews", { date: date(s.current_period_end) });
        const actions =
          s.status === "canceled"
            ? ""
            : [
                s.cancel_at_period_end ? button(s.id, "resume", t("resume")) : button(s.id, "cancel", t("cancelAtPeriodEnd")),
                ...PAID_PLAN_IDS.filter((p) => p !== s.plan).map((p) =>
                  button(
                    s.id,
                    "change-plan",
                    t("changeTo", { plan: planName(p, locale), price: money(locale, PLANS[p].monthlyMinor[s.currency], s.currency) }),
                    p,
                  ),
                ),
                button(s.id, "end-period", t("endPeriod")),
                button(s.id, "fail-renewal", t("failRenewal")),
              ].join("");
        return `<section><h2>${escapeHtml(t("plan", { plan: planName(s.plan, locale) }))}</h2><p>${escapeHtml(t(`status.${s.status}`))} · ${escapeHtml(price)} · ${escapeHtml(when)}</p>${actions}</section>`;
      });
      const body = `${items.join("") || `<p>${escapeHtml(t("noSubscriptions"))}</p>`}<p><a href="${escapeHtml(portal.returnUrl)}">${escapeHtml(t("back"))}</a></p>`;
      return html(reply, 200, page(locale, t, t("portalTitle"), body));
    });

    scope.post<{ Params: { token: string }; Body: { action?: string; subscription?: string; plan?: string } }>(
      "/sandbox/portal/:token",
      { schema: { hide: true } },
      async (request, reply) => {
        const { action, subscription, plan } = request.body ?? {};
        const actions: PortalAction[] = ["cancel", "resume", "change-plan", "end-period", "fail-renewal"];
        if (!actions.includes(action as PortalAction) || !subscription) return notFound(request, reply);
        const done = await sandbox.portalAction(request.params.token, action as PortalAction, subscription, plan || undefined);
        if (!done) return notFound(request, reply);
        return reply.redirect(`/sandbox/portal/${encodeURIComponent(request.params.token)}?lang=${localeOf(request)}`, 303);
      },
    );
  });
}
