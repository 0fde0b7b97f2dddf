import type { State } from "@latent/domain/static-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";

/** GET static/states/{country}: first-level subdivisions; a country without a list answers 404, read as none. */
export async function getStates(api: ApiClient, country: string): Promise<State[]> {
  try {
    return await api<State[]>(`/api/static/states/${encodeURIComponent(country)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export const statesQueryOptions = (api: ApiClient, country: string) =>
  queryOptions({ queryKey: ["static", "states", country], queryFn: () => getStates(api, country), staleTime: Number.POSITIVE_INFINITY });

/** The subdivisions of a country, or none while no country is chosen. */
export function useStates(country: string) {
  return useQuery({ ...statesQueryOptions(useApiClient(), country), enabled: /^[A-Z]{2}$/.test(country) });
}
