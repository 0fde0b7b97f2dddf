import type { UpdateUserBodySchema, User } from "@latent/domain/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { USER_QUERY_KEY } from "./get-user.ts";

export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

/** PUT user/ (JSON): profile fields, the locale, or the survey's answers. */
export const updateUser = (api: ApiClient, body: UpdateUserBody) => api<User>("/api/user", { method: "PUT", json: body });

export function useUpdateUser() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(api, body),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
