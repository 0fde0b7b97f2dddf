import type { LabReceived, LabStickerLookup, RollLifeSettings, RollStep, RollTimeline } from "@latent/domain/roll-life";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { filmKeys } from "../../../shared/query/film-keys.ts";

/**
 * Whose side of a roll's life a screen shows: the owner's (`film/{id}/…`) or the lab of the roll's order
 * (`lab/films/{id}/…`). Both answer the same timeline; each offers the steps its caller may take.
 */
export type LifeSide = "owner" | "lab";

const filmPath = (side: LifeSide, id: string) => `${side === "lab" ? "/api/lab/films" : "/api/film"}/${encodeURIComponent(id)}`;

/**
 * Query keys: a roll's timeline sits under the roll's own key, so whatever fetches the roll again (its realtime
 * feed, an upload finishing) fetches its timeline again too.
 */
export const lifeKeys = {
  timeline: (side: LifeSide, id: string) => [...filmKeys.detail(id), "timeline", side] as const,
  storageLocationsAll: ["films", "storage-locations"] as const,
  storageLocations: (q: string) => ["films", "storage-locations", q] as const,
  labSticker: (ref: string) => ["lab-stickers", ref] as const,
};

/** GET film/{id}/timeline or lab/films/{id}/timeline: status, history (oldest first) and the caller's next steps. */
export const getTimeline = (api: ApiClient, side: LifeSide, id: string) => api<RollTimeline>(`${filmPath(side, id)}/timeline`);

/** POST …/status: one step; 409 with the reason when the step is not the caller's to take now. */
export const takeStep = (api: ApiClient, side: LifeSide, id: string, step: RollStep) =>
  api<RollTimeline>(`${filmPath(side, id)}/status`, { method: "POST", json: step });

/** PUT film/{id}/life: the timeline on the shared roll, where the negatives are. */
export const updateLife = (api: ApiClient, id: string, settings: RollLifeSettings) =>
  api<RollTimeline>(`/api/film/${encodeURIComponent(id)}/life`, { method: "PUT", json: settings });

/** GET film/storage-locations?q=: the owner's earlier storage locations, most used first. */
export const listStorageLocations = (api: ApiClient, q: string) =>
  api<string[]>(q ? `/api/film/storage-locations?${new URLSearchParams({ q })}` : "/api/film/storage-locations");

/** POST film/{id}/return-request: ask the lab holding the negatives for them back. */
export const requestReturn = (api: ApiClient, id: string) =>
  api<RollTimeline>(`/api/film/${encodeURIComponent(id)}/return-request`, { method: "POST" });

/** GET lab/stickers/{ref}: the roll behind a scanned sticker, as the lab sees it, and the one thing it may do. */
export const getLabSticker = (api: ApiClient, ref: string) => api<LabStickerLookup>(`/api/lab/stickers/${encodeURIComponent(ref)}`);

/** POST lab/stickers/{ref}/receive: a customer's roll sent to this lab, received before any order: makes the order. */
export const receiveSticker = (api: ApiClient, ref: string) =>
  api<LabReceived>(`/api/lab/stickers/${encodeURIComponent(ref)}/receive`, { method: "POST" });
