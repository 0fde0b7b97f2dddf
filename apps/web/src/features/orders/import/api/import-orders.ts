import type { OrderImportResult } from "@latent/domain/order-import";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { orderKeys } from "../../api/order-keys.ts";

/** A file of 2,000 rows is read and, on commit, made into orders in one transaction: more than the usual 15 s. */
const IMPORT_TIMEOUT_MS = 60_000;

/**
 * POST orders/import?dry_run=: the CSV as a form's file. A dry run answers each row with its errors and creates
 * nothing; a commit creates the valid rows' orders.
 */
export function importOrders(api: ApiClient, file: File, dryRun: boolean) {
  const form = new FormData();
  form.set("file", file, file.name);
  return api<OrderImportResult>(`/api/orders/import?dry_run=${dryRun}`, { method: "POST", form, timeoutMs: IMPORT_TIMEOUT_MS });
}

export function usePreviewImport() {
  const api = useApiClient();
  return useMutation({ mutationFn: (file: File) => importOrders(api, file, true) });
}

export function useCommitImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importOrders(api, file, false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  });
}
