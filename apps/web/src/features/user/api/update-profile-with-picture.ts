import type { User, UserDataSchema } from "@latent/domain/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { USER_QUERY_KEY } from "./get-user.ts";

export interface ProfileWithPicture {
  picture: File;
  userData: z.input<typeof UserDataSchema>;
}

/** PUT user/ (multipart): a new profile picture (`upload_file`) with the profile fields (`user_data`). */
export function updateProfileWithPicture(api: ApiClient, { picture, userData }: ProfileWithPicture) {
  const form = new FormData();
  form.append("user_data", JSON.stringify(userData));
  form.append("upload_file", picture, picture.name);
  return api<User>("/api/user", { method: "PUT", form });
}

export function useUpdateProfileWithPicture() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileWithPicture) => updateProfileWithPicture(api, body),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
