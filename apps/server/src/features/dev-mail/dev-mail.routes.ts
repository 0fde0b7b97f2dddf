import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import type { OutboxReader } from "../../platform/mail/outbox-mailer.ts";
import { MAIL_HTML_POLICY, mailDocument, mailListPage } from "./dev-mail-pages.ts";

/** The newest mails the list shows; older ones stay in the table. */
const SHOWN = 100;

const IdParams = z.object({ id: z.uuid() });

/**
 * Only a browser on this machine, straight to the server: a reverse proxy (forwarding headers, or a peer that is not
 * loopback) means someone else may be asking, and the outbox holds other people's sign-in links.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? "";
  const loopback = peer === "::1" || peer.startsWith("127.") || peer.startsWith("::ffff:127.");
  return loopback && !request.headers["x-forwarded-for"] && !request.headers.forwarded;
}

/** GET /dev/mail (the list) and GET /dev/mail/:id/html (one mail's HTML, for the list's sandboxed frames). */
export function devMailRoutes(app: FastifyInstance, deps: { on: boolean; outbox: OutboxReader; from: string }) {
  const guard = async (request: FastifyRequest) => {
    if (!deps.on || !fromThisMachine(request)) throw new AppError("not-found");
  };

  app.get("/dev/mail", { schema: { hide: true }, onRequest: guard }, async (_request, reply) => {
    const mails = await deps.outbox.recent(SHOWN);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(mailListPage(mails, deps.from));
  });

  app.get("/dev/mail/:id/html", { schema: { hide: true, params: IdParams }, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof IdParams>;
    const mail = await deps.outbox.find(id);
    if (!mail?.html) throw new AppError("not-found");
    return (
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-security-policy", MAIL_HTML_POLICY)
        // The list frames it; the server's own policy (helmet) says DENY everywhere else.
        .header("x-frame-options", "SAMEORIGIN")
        .send(mailDocument(mail.html))
    );
  });
}
