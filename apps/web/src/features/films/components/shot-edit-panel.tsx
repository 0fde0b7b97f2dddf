import { PUSH_PULL_MAX, PUSH_PULL_MIN } from "@latent/domain/film-config";
import type { Film, Shot } from "@latent/domain/films";
import { NO_EXPOSURE } from "@latent/domain/frame-exposure";
import {
  Alert,
  Autocomplete,
  Button,
  Divider,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useGearList } from "../../gear/api/list-gear.ts";
import { useDeleteShot } from "../api/delete-shot.ts";
import { useScanners } from "../api/get-scanners.ts";
import { useUpdateShot } from "../api/update-shot.ts";
import { useUploadManager } from "../uploads/use-uploads.ts";
import { ExposureSettingInputs, TakenAtInputs } from "./exposure-inputs.tsx";
import { type ExposureValues, exposureBody, exposureValues, invalidExposureFields } from "./exposure-values.ts";
import { formatPushPullAt } from "./film-texts.ts";

interface ShotValues {
  cameraId: string;
  lensId: string;
  scanner: string;
  pushPull: string;
  kept: boolean;
  exposure: ExposureValues;
}

const valuesOf = (shot: Shot): ShotValues => ({
  cameraId: shot.camera_id ?? "",
  lensId: shot.lens_id ?? "",
  scanner: shot.scanner ?? "",
  pushPull: shot.push_pull === null ? "" : String(shot.push_pull),
  kept: shot.kept,
  exposure: exposureValues(shot.exposure ?? NO_EXPOSURE),
});

interface ShotEditPanelProps {
  /** The roll: a shot says nothing of what it shares with it, so its fields offer the roll's values first. */
  film: Film;
  /** The server's shot; null while it exists only as this page's upload. */
  shot: Shot | null;
  index: number;
  /** After the shot was deleted. */
  onDeleted: () => void;
  /** After the changes were saved, or instead of saving them. */
  onDone: () => void;
}

/** The owner's edits of one shot: camera, lens, scanner, push/pull, keep and its exposure; and its deletion. */
export function ShotEditPanel({ film, shot, index, onDeleted, onDone }: ShotEditPanelProps) {
  const { t, i18n } = useTranslation("films");
  const filmId = film.id;
  const errorText = useApiErrorText();
  const cameras = useGearList("cameras");
  const lenses = useGearList("lenses");
  const scanners = useScanners();
  const update = useUpdateShot(filmId);
  const remove = useDeleteShot(filmId);
  const uploads = useUploadManager();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ShotValues>({
    mode: "controlled",
    initialValues: shot ? valuesOf(shot) : valuesOf({ kept: false } as Shot),
    // The domain's limits, said in the reader's language (the server checks the same).
    validate: (values) =>
      Object.fromEntries(invalidExposureFields(values.exposure).map((field) => [`exposure.${field}`, t(`exposure.invalid.${field}`)])),
  });
  const scannerNames = useMemo(() => [...new Set((scanners.data ?? []).map((s) => `${s.brand} ${s.model}`))], [scanners.data]);

  const confirmDelete = () =>
    modals.openConfirmModal({
      closeButtonProps: { "aria-label": t("films:close") },
      title: t("shot.delete.title", { index }),
      children: <Text size="sm">{t("shot.delete.text", { index })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        try {
          // A file still being sent is stopped first; the DELETE also cancels the upload on the server.
          const uploading = uploads.busyIndexes(filmId).includes(index);
          if (uploading) await uploads.cancel(filmId, index);
          else await remove.mutateAsync(index);
          uploads.dismiss(filmId, index);
          notifications.show({
            closeButtonProps: { "aria-label": t("errors:dismiss") },
            color: "green",
            message: t("shot.delete.done", { index }),
          });
          onDeleted();
        } catch (err) {
          notifications.show({
            closeButtonProps: { "aria-label": t("errors:dismiss") },
            color: "red",
            title: t("shot.delete.failed"),
            message: errorText(err),
          });
        }
      },
    });

  const save = (values: ShotValues) => {
    setFailure(null);
    update.mutate(
      {
        index,
        camera_id: values.cameraId || null,
        lens_id: values.lensId || null,
        scanner: values.scanner.trim() || null,
        push_pull: values.pushPull === "" ? null : Number(values.pushPull),
        kept: values.kept,
        exposure: exposureBody(values.exposure),
      },
      {
        onSuccess: () => {
          form.resetDirty();
          notifications.show({
            closeButtonProps: { "aria-label": t("errors:dismiss") },
            color: "green",
            message: t("shot.saved", { index }),
          });
          onDone();
        },
        onError: setFailure,
      },
    );
  };

  const nameIn = (items: { id: string; name: string }[] | undefined, id: string) =>
    items?.find((item) => item.id === id)?.name ?? (items ? t("shot.unknownGear") : "…");
  const gearOptions = (items: { id: string; name: string }[] | undefined, none: string, rollId: string | null, current: string) => [
    // No choice of its own: the shot was taken with the roll's camera or lens, named as such.
    { value: "", label: rollId ? t("fromRoll", { value: nameIn(items, rollId) }) : none },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
    // Gear deleted since it was noted on the shot stays visible, not silently replaced by "none".
    ...(current && items && !items.some((item) => item.id === current) ? [{ value: current, label: t("shot.unknownGear") }] : []),
  ];
  const pushPullOptions = [
    { value: "", label: t("fromRoll", { value: formatPushPullAt(film.push_pull, film.iso, t, i18n.language) }) },
    ...Array.from({ length: PUSH_PULL_MAX - PUSH_PULL_MIN + 1 }, (_, i) => PUSH_PULL_MIN + i).map((n) => ({
      value: String(n),
      label: formatPushPullAt(n, film.iso, t, i18n.language),
    })),
  ];

  return (
    <Stack gap="sm">
      {shot && (
        <form onSubmit={form.onSubmit(save)} noValidate aria-labelledby={`shot-edit-${index}`}>
          <Stack gap="sm">
            <Title order={3} size="h5" id={`shot-edit-${index}`}>
              {t("shot.editTitle", { index })}
            </Title>
            {failure !== null && (
              <Alert color="red" role="alert">
                {errorText(failure)}
              </Alert>
            )}
            <NativeSelect
              label={t("fields.camera")}
              data={gearOptions(cameras.data, t("form.noCamera"), film.camera_id, form.getValues().cameraId)}
              {...form.getInputProps("cameraId")}
            />
            <NativeSelect
              label={t("fields.lens")}
              data={gearOptions(lenses.data, t("form.noLens"), film.lens_id, form.getValues().lensId)}
              {...form.getInputProps("lensId")}
            />
            <Autocomplete
              label={t("fields.scanner")}
              placeholder={film.scanner ? t("fromRoll", { value: film.scanner }) : undefined}
              data={scannerNames}
              limit={30}
              {...form.getInputProps("scanner")}
            />
            <NativeSelect label={t("fields.pushPull")} data={pushPullOptions} {...form.getInputProps("pushPull")} />
            <Switch label={t("shot.keep")} description={t("shot.keepHint")} {...form.getInputProps("kept", { type: "checkbox" })} />
            <Title order={4} size="h6" mt="xs">
              {t("exposure.title")}
            </Title>
            <ExposureSettingInputs inputProps={(field) => form.getInputProps(`exposure.${field}`)} withCompensation />
            <TakenAtInputs inputProps={(field) => form.getInputProps(`exposure.${field}`)} />
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                label={t("exposure.latitude")}
                placeholder="41.98"
                inputMode="decimal"
                {...form.getInputProps("exposure.latitude")}
              />
              <TextInput
                label={t("exposure.longitude")}
                placeholder="2.82"
                inputMode="decimal"
                {...form.getInputProps("exposure.longitude")}
              />
            </SimpleGrid>
            <TextInput label={t("exposure.place")} {...form.getInputProps("exposure.place")} />
            <TextInput label={t("exposure.filter")} {...form.getInputProps("exposure.filter")} />
            <Textarea label={t("exposure.note")} autosize minRows={2} {...form.getInputProps("exposure.note")} />
            <Group>
              <Button type="submit" loading={update.isPending}>
                {t("shot.save")}
              </Button>
              <Button variant="default" onClick={onDone}>
                {t("common:actions.cancel")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Divider />
      <div>
        <Button variant="light" color="red" onClick={confirmDelete} loading={remove.isPending}>
          {t("shot.delete.action", { index })}
        </Button>
      </div>
    </Stack>
  );
}
