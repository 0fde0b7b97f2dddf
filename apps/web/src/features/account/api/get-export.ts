import { type DataExport, EXPORT_DOWNLOAD_LINK_MINUTES } from "@latent/domain/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** While the archive is being built its progress moves: asked again this often until it is done. */
const EXPORT_POLL_MS = 2_000;
/** A ready archive's link works for minutes: a fresh one is asked for well before it ends, so the button always works. */
const LINK_REFRESH_MS = (EXPORT_DOWNLOAD_LINK_MINUTES * 60_000) / 3;

/** GET account/export: the latest "download all my data" archive and where it stands. */
export const getExport = (api: ApiClient) => api<DataExport>("/api/account/export");

export const exportQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: accountKeys.export,
    queryFn: () => getExport(api),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "running" ? EXPORT_POLL_MS : status === "ready" ? LINK_REFRESH_MS : false;
    },
  });

export function useDataExport() {
  return useQuery(exportQueryOptions(useApiClient()));
}
