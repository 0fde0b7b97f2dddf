import { ROLL_SORTS, RollSearchQuerySchema, type RollSort, ShotSearchQuerySchema } from "@latent/domain/roll-search";

/**
 * The rolls list's search lives in the address (`/u/films?q=portra&status=developed&view=frames`), so a search can
 * be bookmarked, shared with oneself and come back on Back. The parameters are the API's own (`GET film/search`,
 * `GET shots/search`): the address is passed on as it is, less what is not valid.
 */
export const ROLL_FILTERS = [
  "q",
  "status",
  "format",
  "process",
  "ei_min",
  "ei_max",
  "year",
  "month",
  "camera_id",
  "lens_id",
  "lab_id",
  "has_sticker",
  "has_kept",
] as const;
export type RollFilter = (typeof ROLL_FILTERS)[number];

export const SHOT_FILTERS = ["q", "camera_id", "lens_id", "aperture_min", "aperture_max", "taken_from", "taken_to", "kept"] as const;
export type ShotFilter = (typeof SHOT_FILTERS)[number];

export type Filters<K extends string> = Partial<Record<K, string>>;

/** Which list the page shows: rolls, or frames across every roll. */
export type ArchiveView = "rolls" | "frames";
export const VIEW_PARAM = "view";
export const SORT_PARAM = "sort";
const DEFAULT_SORT: RollSort = "added";

export const viewOf = (params: URLSearchParams): ArchiveView => (params.get(VIEW_PARAM) === "frames" ? "frames" : "rolls");

export function sortOf(params: URLSearchParams): RollSort {
  const sort = params.get(SORT_PARAM);
  return (ROLL_SORTS as readonly string[]).includes(sort ?? "") ? (sort as RollSort) : DEFAULT_SORT;
}

type FieldSchemas = Record<string, { safeParse: (value: unknown) => { success: boolean } }>;

/** The valid values of `keys` in the address, trimmed; a value the API would refuse (a month of 13) is left out. */
function filtersOf<K extends string>(params: URLSearchParams, keys: readonly K[], fields: FieldSchemas): Filters<K> {
  const filters: Filters<K> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value && fields[key]?.safeParse(value).success) filters[key] = value;
  }
  return filters;
}

export const rollFiltersOf = (params: URLSearchParams) =>
  filtersOf(params, ROLL_FILTERS, RollSearchQuerySchema.shape as unknown as FieldSchemas);

export const shotFiltersOf = (params: URLSearchParams) =>
  filtersOf(params, SHOT_FILTERS, ShotSearchQuerySchema.shape as unknown as FieldSchemas);

/** Whether a range's two ends are the wrong way round (the API refuses it): the upper end is the one to fix. */
export function rangeReversed(low: string | undefined, high: string | undefined, compare: "number" | "text" = "number"): boolean {
  if (!low || !high) return false;
  return compare === "number" ? Number(low) > Number(high) : low > high;
}

/** The filters the API is asked with: a reversed range's upper end waits until it is fixed. */
export function sentRollFilters(filters: Filters<RollFilter>): Filters<RollFilter> {
  if (!rangeReversed(filters.ei_min, filters.ei_max)) return filters;
  const { ei_max: _, ...rest } = filters;
  return rest;
}

export function sentShotFilters(filters: Filters<ShotFilter>): Filters<ShotFilter> {
  let sent = filters;
  if (rangeReversed(sent.aperture_min, sent.aperture_max)) {
    const { aperture_max: _, ...rest } = sent;
    sent = rest;
  }
  if (rangeReversed(sent.taken_from, sent.taken_to, "text")) {
    const { taken_to: _, ...rest } = sent;
    sent = rest;
  }
  return sent;
}

/** The address with one parameter changed; an empty value (and the default sort) leaves it out. */
export function withParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = value.trim();
  if (trimmed === "" || (key === SORT_PARAM && trimmed === DEFAULT_SORT) || (key === VIEW_PARAM && trimmed === "rolls")) next.delete(key);
  else next.set(key, trimmed);
  return next;
}

/** The address without any filter: the view and the sort stay, as they say how to look, not what to find. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of [VIEW_PARAM, SORT_PARAM]) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

export const isFiltered = (filters: Filters<string>) => Object.keys(filters).length > 0;

/** The query string of one page of a search: the filters, the sort, and where the page before ended. */
export function searchQuery(filters: Filters<string>, options: { sort?: RollSort; after?: string | null } = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (options.sort) query.set(SORT_PARAM, options.sort);
  if (options.after) query.set("after", options.after);
  return query.toString();
}
