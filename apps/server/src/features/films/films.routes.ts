import { FilmDetailSchema, FilmSchema, ListFilmsQuerySchema, NewFilmSchema, UpdateFilmSchema } from "@latent/domain/films";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { noContent } from "../../platform/http/no-content.ts";
import type { ReplyCache } from "../../platform/http/reply-cache.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { FilmsService } from "./films.service.ts";

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** A roll that does not pass the rules answers 422 invalid-new-film with the reason (spec §8). */
function invalidFilm(request: FastifyRequest): never {
  const issues = (request.validationError?.validation ?? []) as { instancePath?: string; message?: string }[];
  const fields = Object.fromEntries(
    issues.map((i) => [(i.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "body", i.message ?? "not valid"]),
  );
  const [path, message] = Object.entries(fields)[0] ?? ["body", "not valid"];
  throw new AppError("invalid-new-film", `${path}: ${message}`, fields);
}

export function filmsRoutes(app: FastifyInstance, deps: { films: FilmsService; replies: ReplyCache; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { films, replies, requireScopes } = deps;
  const tags = ["films"];

  r.get(
    "/film",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "The caller's rolls, newest first",
        querystring: ListFilmsQuerySchema,
        response: { 200: z.array(FilmSchema) },
      },
    },
    // The two hottest reads of the product, kept briefly between writes (decision 0027).
    async (request, reply) => {
      const { sub } = callerOf(request);
      return replies.send(reply, `list\u0000${sub}\u0000${JSON.stringify(request.query)}`, () => films.list(sub, request.query));
    },
  );
  r.get(
    "/film/:id",
    {
      preHandler: requireScopes("read:film"),
      schema: { tags, summary: "One roll with its shots", params: IdParams, response: { 200: FilmDetailSchema } },
    },
    async (request, reply) => {
      const { sub } = callerOf(request);
      return replies.send(reply, `roll\u0000${sub}\u0000${request.params.id}`, () => films.get(sub, request.params.id));
    },
  );
  r.post(
    "/film",
    {
      config: { errors: ["invalid-new-film", "privacy-policy-required", "films-capacity-reached", "account-inactive"] },
      preHandler: requireScopes("write:film"),
      attachValidation: true,
      schema: { tags, summary: "Register a roll", body: NewFilmSchema, response: { 201: FilmDetailSchema } },
    },
    async (request, reply) => {
      if (request.validationError) invalidFilm(request);
      return reply.status(201).send(await films.create(callerOf(request).sub, request.body));
    },
  );
  r.put(
    "/film/:id",
    {
      config: { errors: ["invalid-new-film"] },
      preHandler: requireScopes("write:film"),
      attachValidation: true,
      schema: { tags, summary: "Edit a roll", params: IdParams, body: UpdateFilmSchema, response: { 200: FilmDetailSchema } },
    },
    async (request) => {
      if (request.validationError) {
        if (request.validationError.validationContext === "params") throw notFound();
        invalidFilm(request);
      }
      return films.update(callerOf(request).sub, request.params.id, request.body);
    },
  );
  r.delete(
    "/film/:id",
    {
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Delete a roll with its shots and files",
        params: IdParams,
        response: { 204: noContent("The roll is deleted") },
      },
    },
    async (request, reply) => {
      await films.remove(callerOf(request).sub, request.params.id);
      return reply.status(204).send();
    },
  );
}
