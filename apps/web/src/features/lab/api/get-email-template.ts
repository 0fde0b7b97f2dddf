import type { EmailTemplate } from "@latent/domain/labs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { labKeys } from "./lab-keys.ts";

/** GET labs/email_template: the lab's saved template; 404 `lab-email-template-not-found` before one is saved. */
export const getEmailTemplate = (api: ApiClient) => api<EmailTemplate>("/api/labs/email_template");

export const emailTemplateQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: labKeys.emailTemplate,
    queryFn: () => getEmailTemplate(api),
    // "No template yet" is an answer, not a failure worth asking again.
    retry: (count, err) => !(err instanceof ApiError && err.code === "lab-email-template-not-found") && count < 2,
  });

export function useEmailTemplate() {
  return useQuery(emailTemplateQueryOptions(useApiClient()));
}
