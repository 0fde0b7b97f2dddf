import type { RollLifeSettings, RollStep, RollTimeline } from "@latent/domain/roll-life";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "../../../shared/query/film-keys.ts";
import { getTimeline, type LifeSide, lifeKeys, listStorageLocations, requestReturn, takeStep, updateLife } from "./life-api.ts";

export function useTimeline(side: LifeSide, filmId: string, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ queryKey: lifeKeys.timeline(side, filmId), queryFn: () => getTimeline(api, side, filmId), ...options });
}

/** One step; the answer is the new timeline, and the roll's lists (their status badges) are fetched again. */
export function useTakeStep(side: LifeSide, filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: RollStep) => takeStep(api, side, filmId, step),
    onSuccess: (timeline: RollTimeline) => {
      queryClient.setQueryData(lifeKeys.timeline(side, filmId), timeline);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.detail(filmId), exact: true }),
        queryClient.invalidateQueries({ queryKey: filmKeys.lists }),
      ]);
    },
  });
}

/** The owner's settings; the timeline (which carries them) is fetched again. */
export function useUpdateLife(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RollLifeSettings) => updateLife(api, filmId, settings),
    onSuccess: (timeline) => {
      queryClient.setQueryData(lifeKeys.timeline("owner", filmId), timeline);
      // A new place joins the suggestions; the roll's card in the list shows where its negatives are.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: lifeKeys.storageLocationsAll }),
        queryClient.invalidateQueries({ queryKey: filmKeys.lists }),
      ]);
    },
  });
}

export function useRequestReturn(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestReturn(api, filmId),
    onSuccess: (timeline) => queryClient.setQueryData(lifeKeys.timeline("owner", filmId), timeline),
  });
}

/** Suggestions while typing a storage location; the last ones stay while the next load. */
export function useStorageLocations(q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: lifeKeys.storageLocations(q),
    queryFn: () => listStorageLocations(api, q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
