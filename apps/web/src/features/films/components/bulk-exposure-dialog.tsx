import type { FilmDetail } from "@latent/domain/films";
import type { FrameExposure } from "@latent/domain/frame-exposure";
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useGearList } from "../../gear/api/list-gear.ts";
import { useUpdateShot } from "../api/update-shot.ts";
import { ExposureSettingInputs, TakenAtInputs } from "./exposure-inputs.tsx";
import { browserZone, type ExposureValues, exposureBody, invalidExposureFields } from "./exposure-values.ts";
import { frameRangeText, parseFrameRange } from "./frame-range.ts";

interface BulkValues {
  frames: string;
  lensId: string;
  aperture: string;
  shutter: string;
  focalLength: string;
  takenAt: string;
  takenZone: string;
}

/** Only what was filled in is set: an empty field leaves every frame's own value as it is. */
function filledExposure(values: BulkValues): Partial<FrameExposure> {
  const all = exposureBody({ ...EMPTY, ...values } as ExposureValues);
  const filled: Partial<FrameExposure> = {};
  if (values.aperture.trim()) filled.aperture = all.aperture;
  if (values.shutter.trim()) filled.shutter = all.shutter;
  if (values.focalLength.trim()) filled.focal_length = all.focal_length;
  if (values.takenAt) filled.taken_at = all.taken_at;
  return filled;
}

const EMPTY: ExposureValues = {
  aperture: "",
  shutter: "",
  focalLength: "",
  compensation: "",
  takenAt: "",
  takenZone: "+00:00",
  place: "",
  latitude: "",
  longitude: "",
  filter: "",
  note: "",
};

/**
 * "Note exposure for several frames": the same lens, aperture, speed, focal length or date on a list of frames
 * ("1-12, 15"), in one request, as a day shot with one lens at one setting is logged.
 */
export function BulkExposureDialog({ film, opened, onClose }: { film: FilmDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("films");
  const errorText = useApiErrorText();
  const lenses = useGearList("lenses");
  const update = useUpdateShot(film.id);
  const indexes = film.shots.map((shot) => shot.index);
  const form = useForm<BulkValues>({
    mode: "controlled",
    initialValues: {
      frames: frameRangeText(indexes),
      lensId: "",
      aperture: "",
      shutter: "",
      focalLength: "",
      takenAt: "",
      takenZone: browserZone(),
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!parseFrameRange(values.frames, indexes)) errors.frames = t("bulk.invalidFrames", { frames: frameRangeText(indexes) });
      // A field left empty is no error here: it is left as it is.
      for (const field of invalidExposureFields({ ...EMPTY, ...values, compensation: "" } as ExposureValues)) {
        errors[field] = t(`exposure.invalid.${field}`);
      }
      const nothing = !values.lensId && Object.keys(filledExposure(values)).length === 0;
      if (nothing && !errors.frames) errors.aperture = t("bulk.nothing");
      return errors;
    },
  });

  const save = (values: BulkValues) => {
    const frames = parseFrameRange(values.frames, indexes)!;
    const exposure = filledExposure(values);
    update.mutate(
      { shots: frames.map((index) => ({ index, ...(values.lensId ? { lens_id: values.lensId } : {}), exposure })) },
      {
        onSuccess: () => {
          notifications.show({
            closeButtonProps: { "aria-label": t("errors:dismiss") },
            color: "green",
            message: t("bulk.done", { count: frames.length }),
          });
          form.reset();
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("bulk.title")} closeButtonProps={{ "aria-label": t("films:close") }} size="lg">
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("bulk.intro")}
          </Text>
          {update.isError && (
            <Alert color="red" role="alert">
              {errorText(update.error)}
            </Alert>
          )}
          <TextInput label={t("bulk.frames")} description={t("bulk.framesHint")} {...form.getInputProps("frames")} />
          <NativeSelect
            label={t("fields.lens")}
            data={[{ value: "", label: t("bulk.leave") }, ...(lenses.data ?? []).map((lens) => ({ value: lens.id, label: lens.name }))]}
            {...form.getInputProps("lensId")}
          />
          <ExposureSettingInputs inputProps={(field) => form.getInputProps(field)} />
          <TakenAtInputs inputProps={(field) => form.getInputProps(field)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t("bulk.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
