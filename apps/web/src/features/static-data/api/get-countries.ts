import type { Country } from "@latent/domain/static-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET static/countries: ISO 3166-1 countries (spec §3 static data). */
export const getCountries = (api: ApiClient) => api<Country[]>("/api/static/countries");

export const countriesQueryOptions = (api: ApiClient) =>
  // The list changes with a release, not while the app runs.
  queryOptions({ queryKey: ["static", "countries"], queryFn: () => getCountries(api), staleTime: Number.POSITIVE_INFINITY });

export function useCountries() {
  return useQuery(countriesQueryOptions(useApiClient()));
}
