import { readFileSync } from "node:fs";
import { CountriesSchema, FilmStocksSchema, ScannersSchema, StatesSchema } from "@latent/domain/static-data";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../platform/http/app-error.ts";

const data = (file: string) => JSON.parse(readFileSync(new URL(`../../../../../packages/domain/data/${file}`, import.meta.url), "utf8"));

/** Film stocks, scanners, countries and their states: read and checked once at start, then served cacheable. */
export function staticDataRoutes(app: FastifyInstance) {
  const stocks = FilmStocksSchema.parse(data("film-stocks.json"));
  const scanners = ScannersSchema.parse(data("scanners.json"));
  const countries = CountriesSchema.parse(data("countries.json"));
  const states = StatesSchema.parse(data("states.json"));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["static data"];
  const cache = { "cache-control": "public, max-age=86400" };

  r.get("/static/film-metadata", { schema: { tags, summary: "Film stocks: brand, model, ISO, process, formats" } }, async (_q, reply) =>
    reply.headers(cache).send(stocks),
  );
  r.get("/static/scanners", { schema: { tags, summary: "Scanner models" } }, async (_q, reply) => reply.headers(cache).send(scanners));
  r.get("/static/countries", { schema: { tags, summary: "Countries (ISO 3166-1)" } }, async (_q, reply) =>
    reply.headers(cache).send(countries),
  );
  r.get("/static/states", { schema: { tags, summary: "First-level subdivisions by country code" } }, async (_q, reply) =>
    reply.headers(cache).send(states),
  );
  r.get(
    "/static/states/:country",
    {
      schema: {
        tags,
        summary: "First-level subdivisions of one country",
        params: z.object({ country: z.string().regex(/^[A-Za-z]{2}$/) }),
      },
    },
    async (request, reply) => {
      const list = states[request.params.country.toUpperCase()];
      if (!list) throw notFound();
      return reply.headers(cache).send(list);
    },
  );
}
