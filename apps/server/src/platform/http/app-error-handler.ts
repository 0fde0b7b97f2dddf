import { ERROR_MESSAGES } from "@latent/domain/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./app-error.ts";

/** One place where every failure becomes `{error, message}`; 5xx details go to the log only. */
export function registerErrorHandling(
  app: FastifyInstance,
  /** Answers unknown paths that a browser navigates to (the web app's history routing); true when it did. */
  htmlFallback: (request: FastifyRequest, reply: FastifyReply) => boolean = () => false,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path: string = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || err.validationContext || "body";
        fields[path] ??= String(issue.message ?? "not valid");
      }
      const first = Object.entries(fields)[0];
      return reply.status(400).send({
        error: "bad-request",
        message: first ? `${first[0]}: ${first[1]}` : ERROR_MESSAGES["bad-request"],
        fields,
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: "rate-limited", message: ERROR_MESSAGES["rate-limited"] });
    if (status === 413) return reply.status(413).send({ error: "payload-too-large", message: ERROR_MESSAGES["payload-too-large"] });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: status === 404 ? "not-found" : "bad-request", message: err.message });
    }
    request.log.error({ err }, "request failed");
    return reply.status(500).send({ error: "internal-error", message: ERROR_MESSAGES["internal-error"] });
  });

  app.setNotFoundHandler((request, reply) => {
    if (htmlFallback(request, reply)) return reply;
    return reply.status(404).send({ error: "not-found", message: ERROR_MESSAGES["not-found"] });
  });
}
