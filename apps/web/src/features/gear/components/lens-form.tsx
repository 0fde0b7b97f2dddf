import { APERTURES } from "@latent/domain/film-config";
import { type Lens, LensMetadataSchema } from "@latent/domain/gear";
import { Button, Group, NativeSelect, NumberInput, Radio, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { RevealedFailure } from "../../../shared/ui/revealed-failure.tsx";
import type { GearMetadataOf } from "../api/gear-kind.ts";
import { useGearSave } from "../hooks/use-gear-save.ts";
import { GearSaveFailure } from "./gear-save-failure.tsx";

/** A prime lens has one focal length (stored as min_focal = max_focal); a zoom has a range. */
type LensKind = "prime" | "zoom";

/** Form state: inputs hold "" while empty, which must reach the schema as "missing", not as 0. */
interface LensValues {
  kind: LensKind;
  brand: string;
  model: string;
  min_focal: number | string;
  max_focal: number | string;
  max_aperture: string;
  min_aperture: string;
}

const numberOrMissing = (value: number | string) => (value === "" ? undefined : Number(value));

function toMetadata(values: LensValues): GearMetadataOf["lenses"] {
  const minFocal = numberOrMissing(values.min_focal);
  return {
    brand: values.brand,
    model: values.model,
    min_focal: minFocal,
    max_focal: values.kind === "prime" ? minFocal : numberOrMissing(values.max_focal),
    max_aperture: numberOrMissing(values.max_aperture),
    min_aperture: values.min_aperture === "" ? null : Number(values.min_aperture),
  };
}

function toValues(lens: Lens | undefined): LensValues {
  if (!lens) return { kind: "prime", brand: "", model: "", min_focal: "", max_focal: "", max_aperture: "", min_aperture: "" };
  const m = lens.metadata;
  return {
    kind: m.min_focal === m.max_focal ? "prime" : "zoom",
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
  const prime = form.getValues().kind === "prime";
  // A prime's one focal length is both ends of the range: a problem with either is shown on its one field.
  const setFieldErrors = (errors: Record<string, string>) => {
    if (!prime || !errors.max_focal) return form.setErrors(errors);
    const { max_focal, ...others } = errors;
    form.setErrors({ min_focal: max_focal, ...others });
  };

  return (
    <form onSubmit={form.onSubmit((values) => save(toMetadata(values), setFieldErrors))} noValidate>
      <Stack gap="md">
        <RevealedFailure failure={failure}>
          <GearSaveFailure error={failure} />
        </RevealedFailure>
        <TextInput label={t("lenses.fields.brand")} withAsterisk data-autofocus {...form.getInputProps("brand")} />
        <TextInput label={t("lenses.fields.model")} withAsterisk {...form.getInputProps("model")} />
        <Radio.Group
          label={t("lenses.fields.kind")}
          value={form.getValues().kind}
          onChange={(kind) => {
            form.setFieldValue("kind", kind as LensKind);
            form.clearFieldError("max_focal");
          }}
        >
          <Group mt="xs">
            <Radio value="prime" label={t("lenses.kinds.prime")} />
            <Radio value="zoom" label={t("lenses.kinds.zoom")} />
          </Group>
        </Radio.Group>
        {prime ? (
          <NumberInput
            label={t("lenses.fields.focal")}
            withAsterisk
            min={1}
            max={5000}
            allowDecimal={false}
            {...form.getInputProps("min_focal")}
          />
        ) : (
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
        )}
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
