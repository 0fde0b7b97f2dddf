import { APERTURE_RANGE } from "@latent/domain/frame-exposure";
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useGearList } from "../../gear/api/list-gear.ts";
import { rangeReversed } from "./archive-filters.ts";
import type { ArchiveSearch } from "./use-archive-search.ts";

/** The frames' filters: camera, lens, aperture range, the days taken, kept or not. */
export function ShotFilters({ search }: { search: ArchiveSearch }) {
  const { t } = useTranslation("films");
  const cameras = useGearList("cameras");
  const lenses = useGearList("lenses");
  const { raw, set } = search;
  const select = (key: string) => ({
    value: raw(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const aperture = (key: string) => ({
    // The text as typed ("2." on its way to 2.8): a number would drop what is not one yet.
    value: raw(key),
    onChange: (value: string | number) => set(key, String(value)),
    min: APERTURE_RANGE.min,
    max: APERTURE_RANGE.max,
    step: 0.1,
    decimalScale: 1,
    allowNegative: false,
    leftSection: "ƒ/",
  });
  const day = (key: string) => ({
    type: "date",
    value: raw(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="sm">
      <NativeSelect
        label={t("fields.camera")}
        {...select("camera_id")}
        data={[{ value: "", label: t("search.anyCamera") }, ...(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
      />
      <NativeSelect
        label={t("fields.lens")}
        {...select("lens_id")}
        data={[{ value: "", label: t("search.anyLens") }, ...(lenses.data ?? []).map((l) => ({ value: l.id, label: l.name }))]}
      />
      <NumberInput label={t("search.apertureMin")} {...aperture("aperture_min")} />
      <NumberInput
        label={t("search.apertureMax")}
        {...aperture("aperture_max")}
        error={rangeReversed(raw("aperture_min"), raw("aperture_max")) ? t("search.apertureReversed") : undefined}
      />
      <TextInput label={t("search.takenFrom")} {...day("taken_from")} />
      <TextInput
        label={t("search.takenTo")}
        {...day("taken_to")}
        error={rangeReversed(raw("taken_from"), raw("taken_to"), "text") ? t("search.takenReversed") : undefined}
      />
      <NativeSelect
        label={t("search.kept")}
        {...select("kept")}
        data={[
          { value: "", label: t("search.any") },
          { value: "true", label: t("search.keptOnly") },
          { value: "false", label: t("search.notKept") },
        ]}
      />
    </SimpleGrid>
  );
}
