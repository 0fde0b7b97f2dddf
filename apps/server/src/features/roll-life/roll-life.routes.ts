import type { ErrorCode } from "@latent/domain/errors";
import {
  LabReceivedSchema,
  LabStickerLookupSchema,
  RollLifeSettingsSchema,
  RollStepSchema,
  RollTimelineSchema,
  StorageLocationsQuerySchema,
  StorageLocationsSchema,
} from "@latent/domain/roll-life";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { RollLifeService } from "./roll-life.service.ts";

const IdParams = z.object({ id: z.string().min(1).max(64) });
const StickerParams = z.object({ shortId: z.string().min(1).max(64) });

/**
 * A roll's life (issue 29): the owner's timeline, steps and settings under `film/…`; the lab of the roll's order under
 * `lab/films/…` and by sticker under `lab/stickers/…`. A roll the caller may not see answers 404 whoever asks (another
 * lab, a photographer on a lab route), never 403: nothing tells whether it exists.
 */
export function rollLifeRoutes(app: FastifyInstance, deps: { rollLife: RollLifeService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rollLife, requireScopes } = deps;
  const tags = ["roll life"];
  const stepErrors: ErrorCode[] = ["roll-step-not-allowed", "roll-lab-required", "lab-not-found", "hold-date-invalid", "not-found"];

  r.get(
    "/film/storage-locations",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "The caller's earlier storage locations matching q, most used first (at most 10)",
        querystring: StorageLocationsQuerySchema,
        response: { 200: StorageLocationsSchema },
      },
    },
    async (request) => rollLife.storageLocations(callerOf(request).sub, request.query.q),
  );

  r.get(
    "/film/:id/timeline",
    {
      config: { errors: ["not-found"] },
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "The roll's status, its history and the steps the owner may take",
        params: IdParams,
        response: { 200: RollTimelineSchema },
      },
    },
    async (request) => rollLife.ownerTimeline(callerOf(request).sub, request.params.id),
  );

  r.post(
    "/film/:id/status",
    {
      config: { errors: stepErrors },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "The owner takes a step of the roll's life (loaded, shot, sent to a lab)",
        params: IdParams,
        body: RollStepSchema,
        response: { 200: RollTimelineSchema },
      },
    },
    async (request) => rollLife.ownerStep(callerOf(request).sub, request.params.id, request.body),
  );

  r.put(
    "/film/:id/life",
    {
      config: { errors: ["not-found"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Whether the shared roll shows the timeline, and where the negatives are",
        params: IdParams,
        body: RollLifeSettingsSchema,
        response: { 200: RollTimelineSchema },
      },
    },
    async (request) => rollLife.settings(callerOf(request).sub, request.params.id, request.body),
  );

  r.post(
    "/film/:id/return-request",
    {
      config: { errors: ["not-found", "roll-not-held", "return-already-requested"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Asks the lab that holds the roll's negatives to send them back",
        params: IdParams,
        response: { 200: RollTimelineSchema },
      },
    },
    async (request) => rollLife.requestReturn(callerOf(request).sub, request.params.id),
  );

  r.get(
    "/lab/films/:id/timeline",
    {
      config: { errors: ["not-found"] },
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "A roll of one of the lab's orders: its status, history and the steps the lab may take",
        params: IdParams,
        response: { 200: RollTimelineSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return rollLife.labTimeline(caller.sub, caller.role, request.params.id);
    },
  );

  r.post(
    "/lab/films/:id/status",
    {
      config: { errors: stepErrors },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "The lab of the roll's order takes a step (received, developed, scanned, delivered, returned, archived)",
        params: IdParams,
        body: RollStepSchema,
        response: { 200: RollTimelineSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return rollLife.labStep(caller.sub, caller.role, request.params.id, request.body);
    },
  );

  r.get(
    "/lab/stickers/:shortId",
    {
      config: { errors: ["sticker-not-found"] },
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "The roll on a sticker the lab scanned, and the one step the lab's companion offers",
        params: StickerParams,
        response: { 200: LabStickerLookupSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return rollLife.stickerLookup(caller.sub, caller.role, request.params.shortId);
    },
  );

  r.post(
    "/lab/stickers/:shortId/receive",
    {
      config: { errors: ["sticker-not-found", "roll-already-received", "roll-not-sent-to-lab", "roll-step-not-allowed"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Receives a customer's roll sent to the lab by its sticker: a new order for that customer holds it",
        params: StickerParams,
        response: { 201: LabReceivedSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply.code(201).send(await rollLife.receive(caller.sub, caller.role, request.params.shortId));
    },
  );
}
