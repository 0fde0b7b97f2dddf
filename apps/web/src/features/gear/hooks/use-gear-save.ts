import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useCreateGear } from "../api/create-gear.ts";
import type { GearKind, GearMetadataOf, GearOf } from "../api/gear-kind.ts";
import { useUpdateGear } from "../api/update-gear.ts";

/**
 * Creates or updates one piece of gear. Field problems the server found go back to the form (translated, by
 * field); any other failure is kept for the form to show.
 */
export function useGearSave<K extends GearKind>(kind: K, item: GearOf[K] | undefined, onSaved: () => void) {
  const { t } = useTranslation(["gear", "errors"]);
  const create = useCreateGear(kind);
  const update = useUpdateGear(kind);
  const [failure, setFailure] = useState<unknown>(null);

  const save = async (metadata: GearMetadataOf[K], setFieldErrors: (errors: Record<string, string>) => void) => {
    setFailure(null);
    try {
      const saved = item ? await update.mutateAsync({ id: item.id, metadata }) : await create.mutateAsync(metadata);
      notifications.show({ color: "green", message: t(item ? "gear:saved.updated" : "gear:saved.created", { name: saved.name }) });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const notValid = t("errors:validation.not-valid");
        setFieldErrors(Object.fromEntries(Object.keys(err.fields).map((path) => [path.replace(/^metadata\./, ""), notValid])));
      }
      setFailure(err);
    }
  };

  return { save, saving: create.isPending || update.isPending, failure };
}
