import type { ErrorCode } from "@latent/domain/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ErrorReports, noErrorReports } from "../error-reports/error-reports.ts";
import { AppError, notFound } from "./app-error.ts";
import { loggedUrl } from "./request-log.ts";

/** One place where every failure becomes `{error, message, requestId}`; 5xx details go to the log only. */
export function registerErrorHandling(
  app: FastifyInstance,
  /** Answers unknown paths that a browser navigates to (the web app's history routing); true when it did. */
  htmlFallback: (request: FastifyRequest, reply: FastifyReply) => boolean = () => false,
  /** Where a 5xx is reported besides the log (a 4xx is the caller's mistake, not the server's). */
  reports: ErrorReports = noErrorReports,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = toAppError(err);
    if (!known || known.status >= 500) {
      request.log.error({ err }, "request failed");
      reports.capture(err, { id: request.id, method: request.method, route: request.routeOptions.url });
    } else if (known.note || OPERATOR_REFUSALS.has(known.code)) {
      request.log.warn({ code: known.code, url: loggedUrl(request) }, `refused: ${known.note ?? known.message}`);
    }
    const answer = known ?? new AppError("internal-error");
    if (answer.retryAfterS !== undefined) reply.header("retry-after", String(answer.retryAfterS));
    return reply.status(answer.status).send(bodyOf(answer, request));
  });

  app.setNotFoundHandler((request, reply) => {
    if (htmlFallback(request, reply)) return reply;
    return reply.status(404).send(bodyOf(notFound(), request));
  });
}

/**
 * Refusals an operator wants to see without reading every request line: plan limits reached, oversized or bomb-like
 * input, bad webhook signatures, rate limits. Logged at warn with the request id (forged tokens carry a note).
 */
const OPERATOR_REFUSALS = new Set<ErrorCode>([
  "films-capacity-reached",
  "gear-limit-reached",
  "not-enough-space",
  "too-many-images",
  "too-many-kept",
  "order-rolls-limit",
  "file-too-large",
  "image-too-big",
  "picture-too-big",
  "payload-too-large",
  "webhook-signature-invalid",
  "rate-limited",
  "rate-limited-email",
  "too-many-sticker-lookups",
  "too-many-pairing-codes",
  "too-many-pairing-confirms",
  "share-password-attempts",
  "guest-answers-rate-limited",
]);

/** The error's body with the request id, which the response header and every log line of the request also carry. */
const bodyOf = (err: AppError, request: FastifyRequest) => ({ ...err.toBody(), requestId: request.id });

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
