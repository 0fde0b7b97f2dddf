import type { EmailTemplate } from "@latent/domain/labs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

/** PUT labs/email_template: saves the template; 400 `unknown-placeholder` (its message names the placeholder). */
export const saveEmailTemplate = (api: ApiClient, template: EmailTemplate) =>
  api<EmailTemplate>("/api/labs/email_template", { method: "PUT", json: template });

export function useSaveEmailTemplate() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: EmailTemplate) => saveEmailTemplate(api, template),
    onSuccess: (saved) => queryClient.setQueryData(labKeys.emailTemplate, saved),
  });
}
