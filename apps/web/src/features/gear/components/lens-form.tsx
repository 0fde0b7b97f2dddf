import { APERTURES } from "@latent/domain/film-config";
import { type Lens, LensMetadataSchema } from "@latent/domain/gear";
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import type { GearMetadataOf } from "../api/gear-kind.ts";
import { useGearSave } from "../hooks/use-gear-save.ts";
import { GearSaveFailure } from "./gear-save-failure.tsx";

/** Form state: inputs hold "" while empty, which must reach the schema as "missing", not as 0. */
interface LensValues {
  brand: string;
  model: string;
  min_focal: number | string;
  max_focal: number | string;
  max_aperture: string;
  min_aperture: string;
}

const numberOrMissing = (value: number | string) => (value === "" ? undefined : Number(value));

function toMetadata(values: LensValues): GearMetadataOf["lenses"] {
  return {
    brand: values.brand,
    model: values.model,
    min_focal: numberOrMissing(values.min_focal),
    max_focal: numberOrMissing(values.max_focal),
    max_aperture: numberOrMissing(values.max_aperture),
    min_aperture: values.min_aperture === "" ? null : Number(values.min_aperture),
  };
}

function toValues(lens: Lens | undefined): LensValues {
  if (!lens) return { brand: "", model: "", min_focal: "", max_focal: "", max_aperture: "", min_aperture: "" };
  const m = lens.metadata;
  return {
    brand: m.brand,
    model: m.model,
    min_focal: m.min_focal,
    max_focal: m.max_focal,
    max_aperture: String(m.max_aperture),
    min_aperture: m.min_aperture == null ? "" : String(m.min_aperture),
  };
}

export function LensForm({ lens, onDone }: { lens?: Lens; onDone: () => void }) {
  const { t } = useTranslation("gear");
  const { t: tErrors } = useTranslation("errors");
  const { save, saving, failure } = useGearSave("lenses", lens, onDone);
  const form = useForm<LensValues>({
    mode: "controlled",
    initialValues: toValues(lens),
    validate: (values) => fieldErrorsOf(LensMetadataSchema, toMetadata(values), tErrors),
  });
  const apertures = APERTURES.map((a) => ({ value: String(a), label: `f/${a}` }));

  return (
    <form onSubmit={form.onSubmit((values) => save(toMetadata(values), form.setErrors))} noValidate>
      <Stack gap="md">
        {failure !== null && <GearSaveFailure error={failure} />}
        <TextInput label={t("lenses.fields.brand")} withAsterisk data-autofocus {...form.getInputProps("brand")} />
        <TextInput label={t("lenses.fields.model")} withAsterisk {...form.getInputProps("model")} />
        <Group grow align="flex-start">
          <NumberInput
            label={t("lenses.fields.minFocal")}
            withAsterisk
            min={1}
            max={5000}
            allowDecimal={false}
            {...form.getInputProps("min_focal")}
          />
          <NumberInput
            label={t("lenses.fields.maxFocal")}
            withAsterisk
            min={1}
            max={5000}
            allowDecimal={false}
            {...form.getInputProps("max_focal")}
          />
        </Group>
        <Group grow align="flex-start">
          <NativeSelect
            label={t("lenses.fields.maxAperture")}
            withAsterisk
            data={[{ value: "", label: t("lenses.choose") }, ...apertures]}
            {...form.getInputProps("max_aperture")}
          />
          <NativeSelect
            label={t("lenses.fields.minAperture")}
            description={t("lenses.optional")}
            data={[{ value: "", label: t("lenses.none") }, ...apertures]}
            {...form.getInputProps("min_aperture")}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t(lens ? "common:actions.save" : "lenses.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
