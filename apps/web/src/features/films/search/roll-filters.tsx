import { FORMATS, PROCESSES } from "@latent/domain/film-config";
import { ROLL_STATUSES } from "@latent/domain/roll-life";
import { ROLL_SORTS } from "@latent/domain/roll-search";
import { NativeSelect, NumberInput, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useGearList } from "../../gear/api/list-gear.ts";
import { useLabs } from "../../labs-directory/api/list-labs.ts";
import { statusText } from "../../roll-life/public/life-texts.ts";
import { monthNames } from "../components/film-texts.ts";
import { processName } from "../public/process-name.ts";
import { rangeReversed } from "./archive-filters.ts";
import type { ArchiveSearch } from "./use-archive-search.ts";

/** Every filter of the rolls and their sort: status, stock, speed, date, gear, lab, sticker and kept frames. */
export function RollFilters({ search }: { search: ArchiveSearch }) {
  const { t, i18n } = useTranslation(["films", "rollLife"]);
  const cameras = useGearList("cameras");
  const lenses = useGearList("lenses");
  const labs = useLabs("");
  const { raw, set } = search;
  const any = (label: string) => ({ value: "", label });
  const yesNo = [any(t("search.any")), { value: "true", label: t("search.yes") }, { value: "false", label: t("search.no") }];
  const select = (key: string) => ({
    value: raw(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const number = (key: string) => ({
    // The text as typed ("2." on its way to 2.8): a number would drop what is not one yet.
    value: raw(key),
    onChange: (value: string | number) => set(key, String(value)),
    allowDecimal: false,
    allowNegative: false,
  });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="sm">
      <NativeSelect
        label={t("search.status")}
        {...select("status")}
        data={[any(t("search.allStatuses")), ...ROLL_STATUSES.map((s) => ({ value: s, label: statusText(s, t) }))]}
      />
      <NativeSelect
        label={t("fields.format")}
        {...select("format")}
        data={[any(t("list.allFormats")), ...FORMATS.map((f) => ({ value: f, label: t(`gear:formats.${f}`) }))]}
      />
      <NativeSelect
        label={t("fields.process")}
        {...select("process")}
        data={[any(t("list.allProcesses")), ...PROCESSES.map((p) => ({ value: p, label: processName(p, t, "long") }))]}
      />
      <NumberInput label={t("search.eiMin")} min={1} max={102400} {...number("ei_min")} />
      <NumberInput
        label={t("search.eiMax")}
        min={1}
        max={102400}
        {...number("ei_max")}
        error={rangeReversed(raw("ei_min"), raw("ei_max")) ? t("search.eiReversed") : undefined}
      />
      <NumberInput label={t("fields.year")} min={1850} max={2100} {...number("year")} />
      <NativeSelect
        label={t("search.month")}
        {...select("month")}
        data={[any(t("search.anyMonth")), ...monthNames(i18n.language).map((name, i) => ({ value: String(i + 1), label: name }))]}
      />
      <NativeSelect
        label={t("fields.camera")}
        {...select("camera_id")}
        data={[any(t("search.anyCamera")), ...(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
      />
      <NativeSelect
        label={t("fields.lens")}
        {...select("lens_id")}
        data={[any(t("search.anyLens")), ...(lenses.data ?? []).map((l) => ({ value: l.id, label: l.name }))]}
      />
      <NativeSelect
        label={t("search.lab")}
        {...select("lab_id")}
        data={[any(t("search.anyLab")), ...(labs.data ?? []).map((lab) => ({ value: lab.id, label: lab.name }))]}
      />
      <NativeSelect label={t("search.hasSticker")} {...select("has_sticker")} data={yesNo} />
      <NativeSelect label={t("search.hasKept")} {...select("has_kept")} data={yesNo} />
      <NativeSelect
        label={t("search.sort")}
        value={search.sort}
        onChange={(event) => set("sort", event.currentTarget.value)}
        data={ROLL_SORTS.map((s) => ({ value: s, label: t(`search.sorts.${s}`) }))}
      />
    </SimpleGrid>
  );
}
