import type { EmailTemplate } from "@latent/domain/labs";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

/** GET labs/email_template/default?locale=: the template offered in a language before the lab writes its own. */
export const getDefaultEmailTemplate = (api: ApiClient, locale: string) =>
  api<EmailTemplate>(`/api/labs/email_template/default?locale=${encodeURIComponent(locale)}`);

export const defaultEmailTemplateQueryOptions = (api: ApiClient, locale: string) =>
  // The default texts change with a release only.
  queryOptions({
    queryKey: labKeys.defaultTemplate(locale),
    queryFn: () => getDefaultEmailTemplate(api, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Fetches the default on demand (no template saved yet, or "Use the default"), from the cache when it was loaded. */
export function useLoadDefaultEmailTemplate() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback((locale: string) => queryClient.fetchQuery(defaultEmailTemplateQueryOptions(api, locale)), [api, queryClient]);
}
