import type { User } from "@latent/domain/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { USER_QUERY_KEY } from "./get-user.ts";

/** POST user/privacy-policy: records that the user accepted the privacy policy. */
export const acceptPrivacyPolicy = (api: ApiClient) => api<User>("/api/user/privacy-policy", { method: "POST" });

export function useAcceptPrivacyPolicy() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptPrivacyPolicy(api),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
