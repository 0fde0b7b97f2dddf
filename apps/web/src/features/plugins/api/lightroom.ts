import type { LightroomConfirmed, LightroomPending, LightroomStatus } from "@latent/domain/plugins";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { lightroomKeys } from "./lightroom-keys.ts";

/** GET plugins/lightroom: how pairing works on this server, and the caller's paired Lightrooms. */
export const getLightroomStatus = (api: ApiClient) => api<LightroomStatus>("/api/plugins/lightroom");

/** POST plugins/lightroom/pending: who asks with `code` (the name Lightroom gave, when, from which network). */
export const getLightroomPending = (api: ApiClient, code: string) =>
  api<LightroomPending>("/api/plugins/lightroom/pending", { method: "POST", json: { code } });

/** POST plugins/lightroom/confirm: pairs the Lightroom showing `code`, which the person said is theirs. */
export const confirmLightroom = (api: ApiClient, code: string) =>
  api<LightroomConfirmed>("/api/plugins/lightroom/confirm", { method: "POST", json: { code, device_confirmed: true } });

/** DELETE plugins/lightroom[/{id}] (204): signs one paired Lightroom out, or all of them. */
export const disconnectLightroom = (api: ApiClient, id?: string) =>
  api<void>(id ? `/api/plugins/lightroom/${encodeURIComponent(id)}` : "/api/plugins/lightroom", { method: "DELETE" });

export const lightroomStatusQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: lightroomKeys.status, queryFn: () => getLightroomStatus(api) });

/** Only for a signed-in person: asked without a session, the 401 would read as an expired session. */
export function useLightroomStatus(enabled = true) {
  return useQuery({ ...lightroomStatusQueryOptions(useApiClient()), enabled });
}

/** Asked once per code (each look-up counts against the account's pairing limit): no retries, no refetching. */
export function useLightroomPending(code: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: lightroomKeys.pending(code),
    queryFn: () => getLightroomPending(api, code),
    enabled: code.length >= 4,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useConfirmLightroom() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmLightroom(api, code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lightroomKeys.all }),
  });
}

export function useDisconnectLightroom() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => disconnectLightroom(api, id),
    // Also after a 404: it was signed out meanwhile, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: lightroomKeys.all }),
  });
}
