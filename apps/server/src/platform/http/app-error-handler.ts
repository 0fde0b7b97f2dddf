import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, notFound } from "./app-error.ts";

/** One place where every failure becomes `{error, message}`; 5xx details go to the log only. */
export function registerErrorHandling(
  app: FastifyInstance,
  /** Answers unknown paths that a browser navigates to (the web app's history routing); true when it did. */
  htmlFallback: (request: FastifyRequest, reply: FastifyReply) => boolean = () => false,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = toAppError(err);
    if (!known || known.status >= 500) request.log.error({ err }, "request failed");
    const answer = known ?? new AppError("internal-error");
    return reply.status(answer.status).send(answer.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    if (htmlFallback(request, reply)) return reply;
    return reply.status(404).send(notFound().toBody());
  });
}

/** A failure as a catalogue error; null for an unexpected one (its details stay in the log). */
function toAppError(err: FastifyError): AppError | null {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const path: string = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || err.validationContext || "body";
      fields[path] ??= String(issue.message ?? "not valid");
    }
    const first = Object.entries(fields)[0];
    return new AppError("bad-request", first ? `${first[0]}: ${first[1]}` : undefined, fields);
  }
  const status = err.statusCode ?? 500;
  if (status === 429) return new AppError("rate-limited");
  if (status === 413) return new AppError("payload-too-large");
  if (status === 404) return new AppError("not-found", err.message);
  if (status >= 400 && status < 500) return new AppError("bad-request", err.message);
  return null;
}
