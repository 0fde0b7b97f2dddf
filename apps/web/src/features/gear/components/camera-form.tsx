import { DEFAULT_FRAME_SIZE, type FilmFormat, FORMATS, FRAME_SIZES } from "@latent/domain/film-config";
import { CAMERA_TYPES, type Camera, CameraMetadataSchema } from "@latent/domain/gear";
import { Button, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { RevealedFailure } from "../../../shared/ui/revealed-failure.tsx";
import { useGearSave } from "../hooks/use-gear-save.ts";
import { GearSaveFailure } from "./gear-save-failure.tsx";

interface CameraValues {
  brand: string;
  model: string;
  type: Camera["metadata"]["type"];
  format: FilmFormat;
  frame_size: string;
}

/** A format's usual frame: 24x36 for 35 mm (spec §3), else the first size the format lists. */
function defaultFrameSize(format: FilmFormat): string {
  const sizes = FRAME_SIZES[format];
  return sizes.some((s) => s.size === DEFAULT_FRAME_SIZE) ? DEFAULT_FRAME_SIZE : (sizes[0]?.size ?? DEFAULT_FRAME_SIZE);
}

export function CameraForm({ camera, onDone }: { camera?: Camera; onDone: () => void }) {
  const { t } = useTranslation("gear");
  const { t: tErrors } = useTranslation("errors");
  const { save, saving, failure } = useGearSave("cameras", camera, onDone);
  const form = useForm<CameraValues>({
    mode: "controlled",
    initialValues: camera ? { ...camera.metadata } : { brand: "", model: "", type: "slr", format: "135", frame_size: DEFAULT_FRAME_SIZE },
    // The server's own schema: the same rules, explained by field in the user's language.
    validate: (values) => fieldErrorsOf(CameraMetadataSchema, values, tErrors),
  });
  const format = form.getValues().format;

  return (
    <form onSubmit={form.onSubmit((values) => save(values, form.setErrors))} noValidate>
      <Stack gap="md">
        <RevealedFailure failure={failure}>
          <GearSaveFailure error={failure} />
        </RevealedFailure>
        <TextInput label={t("cameras.fields.brand")} withAsterisk data-autofocus {...form.getInputProps("brand")} />
        <TextInput label={t("cameras.fields.model")} withAsterisk {...form.getInputProps("model")} />
        <NativeSelect
          label={t("cameras.fields.type")}
          data={CAMERA_TYPES.map((type) => ({ value: type, label: t(`cameraTypes.${type}`) }))}
          {...form.getInputProps("type")}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t("cameras.fields.format")}
            data={FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
            {...form.getInputProps("format")}
            onChange={(event) => {
              const next = event.currentTarget.value as FilmFormat;
              // Frame sizes belong to a format: a new format brings its own default.
              form.setValues({ format: next, frame_size: defaultFrameSize(next) });
            }}
          />
          <NativeSelect
            label={t("cameras.fields.frameSize")}
            data={FRAME_SIZES[format].map((f) => ({ value: f.size, label: t("frameSize", { size: f.size, count: f.exposures }) }))}
            {...form.getInputProps("frame_size")}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t(camera ? "common:actions.save" : "cameras.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
