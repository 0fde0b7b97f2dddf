import {
  ListWebhookDeliveriesQuerySchema,
  NewWebhookEndpointResultSchema,
  NewWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveriesPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookSecretSchema,
} from "@latent/domain/lab-webhooks";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent } from "../../../platform/http/no-content.ts";
import { callerOf, labOnly, type RequireScopes } from "../../../platform/identity/authenticate.ts";
import type { LabWebhooksService } from "./webhooks.service.ts";

const EndpointParams = z.object({ id: z.string().min(1).max(100) });
const DeliveryParams = z.object({ id: z.string().min(1).max(100), deliveryId: z.string().min(1).max(100) });

/**
 * A lab's webhook endpoints (issue 30), for the lab signed in only: `read:lab` / `write:lab`, which no API key
 * carries, so a leaked key cannot redirect the lab's events or read their secrets.
 */
export function webhooksRoutes(app: FastifyInstance, deps: { webhooks: LabWebhooksService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks, requireScopes } = deps;
  const tags = ["lab webhooks"];
  const read = [requireScopes("read:lab"), labOnly];
  const write = [requireScopes("write:lab"), labOnly];
  const labId = (request: Parameters<typeof callerOf>[0]) => callerOf(request).sub;

  r.get(
    "/lab/webhooks",
    {
      preHandler: read,
      schema: { tags, summary: "The lab's webhook endpoints and their last delivery", response: { 200: z.array(WebhookEndpointSchema) } },
    },
    async (request) => webhooks.list(labId(request)),
  );

  r.post(
    "/lab/webhooks",
    {
      config: { errors: ["webhook-url-not-allowed", "webhook-endpoints-limit"] },
      preHandler: write,
      schema: {
        tags,
        summary: "A new endpoint; its signing secret (whsec_…) is in this answer only",
        body: NewWebhookEndpointSchema,
        response: { 201: NewWebhookEndpointResultSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(labId(request), request.body)),
  );

  r.put(
    "/lab/webhooks/:id",
    {
      config: { errors: ["webhook-endpoint-not-found", "webhook-url-not-allowed"] },
      preHandler: write,
      schema: {
        tags,
        summary: "Change an endpoint's address, note or events, or turn it off or on",
        params: EndpointParams,
        body: UpdateWebhookEndpointSchema,
        response: { 200: WebhookEndpointSchema },
      },
    },
    async (request) => webhooks.update(labId(request), request.params.id, request.body),
  );

  r.delete(
    "/lab/webhooks/:id",
    {
      config: { errors: ["webhook-endpoint-not-found"] },
      preHandler: write,
      schema: {
        tags,
        summary: "Deletes an endpoint and its delivery log",
        params: EndpointParams,
        response: { 204: noContent("Deleted") },
      },
    },
    async (request, reply) => {
      await webhooks.remove(labId(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    "/lab/webhooks/:id/secret",
    {
      config: { errors: ["webhook-endpoint-not-found"] },
      preHandler: write,
      schema: {
        tags,
        summary: "A new signing secret, shown in this answer only; the previous one signs nothing more",
        params: EndpointParams,
        response: { 200: WebhookSecretSchema },
      },
    },
    async (request) => webhooks.rotateSecret(labId(request), request.params.id),
  );

  r.get(
    "/lab/webhooks/:id/deliveries",
    {
      config: { errors: ["webhook-endpoint-not-found"] },
      preHandler: read,
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first, each with its attempts; `next` opens the older page",
        params: EndpointParams,
        querystring: ListWebhookDeliveriesQuerySchema,
        response: { 200: WebhookDeliveriesPageSchema },
      },
    },
    async (request) => webhooks.deliveries(labId(request), request.params.id, request.query),
  );

  r.post(
    "/lab/webhooks/:id/deliveries/:deliveryId/resend",
    {
      config: { errors: ["webhook-endpoint-not-found", "webhook-delivery-not-found", "webhook-endpoint-disabled"] },
      preHandler: write,
      schema: {
        tags,
        summary: "Delivers an event again (same webhook-id and body) as a new delivery; answers after its first attempt",
        params: DeliveryParams,
        response: { 200: WebhookDeliverySchema },
      },
    },
    async (request) => webhooks.resend(labId(request), request.params.id, request.params.deliveryId),
  );

  r.post(
    "/lab/webhooks/:id/test",
    {
      config: { errors: ["webhook-endpoint-not-found", "webhook-endpoint-disabled"] },
      preHandler: write,
      schema: {
        tags,
        summary: "Sends a webhook.test event to this endpoint; answers after its first attempt",
        params: EndpointParams,
        response: { 200: WebhookDeliverySchema },
      },
    },
    async (request) => webhooks.sendTest(labId(request), request.params.id),
  );
}
