import type { LabData, MyLab } from "@latent/domain/labs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

export interface LabUpdate {
  labData: LabData;
  /** A new logo, already fitted to the limits (512 KB, 1024 px); sent as multipart with the fields. */
  logo?: File | null;
}

/** PUT labs/: JSON `LabData` (`logo: null` removes the logo), or multipart with `upload_file` and `lab_data` for a new logo. */
export function updateLab(api: ApiClient, { labData, logo }: LabUpdate) {
  if (!logo) return api<MyLab>("/api/labs", { method: "PUT", json: labData });
  const form = new FormData();
  form.append("lab_data", JSON.stringify(labData));
  form.append("upload_file", logo, logo.name);
  return api<MyLab>("/api/labs", { method: "PUT", form });
}

export function useUpdateLab() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: LabUpdate) => updateLab(api, update),
    onSuccess: (lab) => queryClient.setQueryData(labKeys.lab(lab.id), lab),
  });
}
