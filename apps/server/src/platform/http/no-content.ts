import { z } from "zod";

/**
 * The response schema of a status answered without a body (a 204, a 202 that only acknowledges, a redirect): the
 * handler sends nothing, and the OpenAPI document states the status a client really gets, with no content (a
 * `null` schema is how @fastify/swagger leaves the content out).
 */
export const noContent = (description: string) => z.undefined().meta({ type: "null", description });
