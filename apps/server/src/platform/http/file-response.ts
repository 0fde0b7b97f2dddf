import { z } from "zod";

/**
 * The response schema of a route that answers a file (a zip, a PDF) rather than JSON, so the OpenAPI document names
 * its media type; the handler sends the bytes as they are (Fastify serializes no Buffer or stream).
 */
export const fileResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.any().meta({ type: "string", contentMediaType: mediaType }) } },
});
