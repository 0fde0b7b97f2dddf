import { STATUS_CODES } from "node:http";
import type { SwaggerOptions } from "@fastify/swagger";
import { API_VERSION, SCOPES } from "@latent/domain/api";
import { ERROR_CODES, ERRORS, type ErrorCode } from "@latent/domain/errors";
import { KEY_API_SCOPES, LAB_KEY_SCOPES } from "@latent/domain/lab-api-keys";
import type { FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { guardRefusals } from "../identity/authenticate.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Catalogue codes the route's own rules answer (a 409 of its service, a 422 of a plan limit), for the OpenAPI
     * document; those every route of its kind can answer (bad input, no token, a missing id) are added for it.
     */
    errors?: ErrorCode[];
    /** Headers of the route's success answer, by name, with what they carry (a page's `Link`). */
    responseHeaders?: Record<string, string>;
  }
}

interface Operation {
  operationId?: string;
  parameters?: { in: string }[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);
const ERROR_SCHEMA = "#/components/schemas/ApiError";

/**
 * The @fastify/swagger options behind `/api/openapi.json`: besides each route's own schemas, every operation gets a
 * stable `operationId` (method + path) and the error answers it can give, in the catalogue's codes; the document
 * names the server it is served from. Linted with Redocly's recommended rules (openapi-document.int.test.ts).
 */
export function openApiOptions(publicUrl: string): SwaggerOptions {
  /** What the document cannot show of a route: its rate limit, the codes it declares and its guards refuse with. */
  const routeFacts = new Map<string, { rateLimited: boolean; errors: ErrorCode[]; headers?: Record<string, string> | undefined }>();
  return {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Latent API", version: API_VERSION, description: "Film rolls, scans, gear and labs." },
      servers: [{ url: publicUrl, description: "This server" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: `Scopes: ${SCOPES.join(", ")}` },
          labApiKey: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "latk",
            description: `A lab's API key (latk_…), made in the lab area: the lab's account with only its key scopes (${Object.entries(
              LAB_KEY_SCOPES,
            )
              .map(([key, scopes]) => `${key} → ${scopes.join(", ")}`)
              .join("; ")}), rate limited per key`,
          },
        },
        schemas: { ApiError: apiErrorSchema },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const { route } = input;
      const config = (route.config ?? {}) as { rateLimit?: unknown; errors?: ErrorCode[]; responseHeaders?: Record<string, string> };
      const hooks = [route.onRequest, route.preHandler].flat();
      const errors = [...(config.errors ?? []), ...hooks.flatMap(guardRefusals)];
      for (const method of [route.method].flat()) {
        routeFacts.set(`${method.toLowerCase()} ${openApiPath(input.url)}`, {
          rateLimited: Boolean(config.rateLimit),
          errors,
          headers: config.responseHeaders,
        });
      }
      return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: FastifySchema; url: string };
    },
    transformObject: (documents) => {
      if (!("openapiObject" in documents)) return documents.swaggerObject;
      const doc = documents.openapiObject;
      for (const [path, byMethod] of Object.entries(doc.paths ?? {})) {
        for (const [method, op] of Object.entries(byMethod as Record<string, Operation>)) {
          if (!METHODS.has(method)) continue;
          op.operationId ??= operationIdOf(method, path);
          withLabApiKey(op);
          const facts = routeFacts.get(`${method} ${path}`);
          const codes = errorCodesOf(method, path, op, facts);
          for (const [status, response] of Object.entries(op.responses ?? {})) {
            if (!facts?.headers || !status.startsWith("2")) continue;
            const headers = Object.entries(facts.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]);
            (response as { headers?: unknown }).headers = Object.fromEntries(headers);
          }
          // A route's own schema for a status wins over the generic error answer.
          op.responses = { ...op.responses, ...errorResponses(codes, op.responses ?? {}) };
          // @fastify/swagger calls an undescribed answer "Default Response": the status's own name says more.
          for (const [status, response] of Object.entries(op.responses)) {
            const described = response as { description?: string };
            if (described.description === "Default Response") described.description = STATUS_CODES[status] ?? status;
          }
        }
      }
      return doc;
    },
  };
}

/** The body of every error answer (the one error handler writes it): `{error, message, requestId}`. */
const apiErrorSchema = {
  type: "object" as const,
  description: "An error answer. `error` is a code of the error catalogue; the web app translates by code.",
  properties: {
    error: { type: "string" as const, enum: ERROR_CODES, description: "The catalogue's code" },
    message: { type: "string" as const, description: "English text of the code, or a more precise one" },
    requestId: { type: "string" as const, description: "The request's id (also its x-request-id header): what to quote to the operator" },
    fields: {
      type: "object" as const,
      additionalProperties: { type: "string" as const },
      description: "Field-level problems of a request that failed validation: path → message",
    },
  },
  required: ["error", "message", "requestId"],
};

/** Fastify's `/film/:id` as OpenAPI's `/film/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** `DELETE /api/film/{id}/shares/{shareId}` → `deleteFilmByIdSharesByShareId`: stable while the route keeps its path. */
export function operationIdOf(method: string, path: string) {
  const words = path
    .split("/")
    .filter((segment) => segment && segment !== "api")
    .map((segment) => (segment.startsWith("{") ? `By${pascal(segment.slice(1, -1))}` : pascal(segment)));
  return method.toLowerCase() + words.join("");
}

/**
 * A route whose bearer scopes a lab's API key can carry takes a key too: its security lists `labApiKey` beside
 * `bearer`, with the same API scopes.
 */
function withLabApiKey(op: Operation) {
  const scopes = op.security?.find((requirement) => "bearer" in requirement)?.bearer;
  if (!scopes?.length || !scopes.every((scope) => (KEY_API_SCOPES as ReadonlySet<string>).has(scope))) return;
  op.security = [...(op.security ?? []), { labApiKey: scopes }];
}

/**
 * The codes an operation can answer: its declared ones, and those every route of its kind answers (bad or
 * unstorable input anywhere, an API version it does not speak, a body too large, no or a wrong token, a missing id,
 * a rate limit).
 */
function errorCodesOf(method: string, path: string, op: Operation, facts: { rateLimited: boolean; errors: ErrorCode[] } | undefined) {
  const codes = new Set<ErrorCode>(["bad-request"]);
  if (path.startsWith("/api/")) codes.add("unsupported-api-version");
  if (method !== "get") codes.add("payload-too-large");
  if (op.security?.some((requirement) => "bearer" in requirement)) {
    for (const code of ["unauthorized", "token-expired", "forbidden", "account-blocked"] as const) codes.add(code);
  }
  if (op.parameters?.some((p) => p.in === "path")) codes.add("not-found");
  if (facts?.rateLimited) codes.add("rate-limited");
  if (op.security?.some((requirement) => "labApiKey" in requirement)) codes.add("lab-key-rate-limited");
  for (const code of facts?.errors ?? []) codes.add(code);
  return codes;
}

/**
 * One response per 4xx status: the error body with its `error` narrowed to the codes this operation answers with that
 * status (so a generated client knows them), and a description naming them.
 */
function errorResponses(codes: Set<ErrorCode>, own: Record<string, unknown>) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    if (status >= 500 || String(status) in own) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.join(", "),
          content: {
            "application/json": { schema: { allOf: [{ $ref: ERROR_SCHEMA }, { type: "object", properties: { error: { enum: list } } }] } },
          },
        },
      ]),
  );
}
