import { FORMATS, FRAME_SIZES, ISO_CHOICES, PROCESSES, PUSH_PULL_MAX, PUSH_PULL_MIN } from "@latent/domain/film-config";
import { type Film, NewFilmSchema } from "@latent/domain/films";
import { Autocomplete, Button, Group, NativeSelect, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { RevealedFailure } from "../../../shared/ui/revealed-failure.tsx";
import { useGearList } from "../../gear/api/list-gear.ts";
import { useCreateFilm } from "../api/create-film.ts";
import { useFilmStocks } from "../api/get-film-stocks.ts";
import { useScanners } from "../api/get-scanners.ts";
import { useUpdateFilm } from "../api/update-film.ts";
import { processName } from "../public/process-name.ts";
import {
  CUSTOM,
  defaultFrameSize,
  exposuresValue,
  type FilmFormValues,
  filmFormValues,
  formFieldOf,
  isFormat,
  resolvedFormat,
  stockKey,
  toFilmBody,
  toFilmChanges,
  withStock,
} from "./film-form-values.ts";
import { FilmSaveFailure } from "./film-save-failure.tsx";
import { formatPushPull, monthNames } from "./film-texts.ts";

interface FilmFormProps {
  /** The roll to edit; absent for a new one. */
  film?: Film;
  onSaved: (film: Film) => void;
  onCancel: () => void;
}

/** New and edit form of a roll: every field of spec §3, checked with the server's own schema. */
export function FilmForm({ film, onSaved, onCancel }: FilmFormProps) {
  const { t, i18n } = useTranslation("films");
  const { t: tErrors } = useTranslation("errors");
  const stocks = useFilmStocks();
  const scanners = useScanners();
  const cameras = useGearList("cameras");
  const lenses = useGearList("lenses");
  const create = useCreateFilm();
  const update = useUpdateFilm();
  const [failure, setFailure] = useState<unknown>(null);

  const form = useForm<FilmFormValues>({
    mode: "controlled",
    initialValues: filmFormValues(film),
    validate: (values) => {
      const errors = fieldErrorsOf(NewFilmSchema, toFilmBody(values), tErrors);
      return Object.fromEntries(Object.entries(errors).map(([path, text]) => [formFieldOf(path, values), text]));
    },
  });
  const values = form.getValues();
  const format = resolvedFormat(values);

  const stockOptions = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const stock of stocks.data ?? []) {
      const process = processName(stock.process, t);
      const label = t("form.stockOption", { brand: stock.brand, model: stock.model, iso: stock.iso, process });
      const items = groups.get(stock.brand) ?? [];
      items.push({ value: stockKey(stock), label: stock.discontinued ? t("form.discontinued", { stock: label }) : label });
      groups.set(stock.brand, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [stocks.data, t]);

  const scannerNames = useMemo(() => [...new Set((scanners.data ?? []).map((s) => `${s.brand} ${s.model}`))], [scanners.data]);
  const months = useMemo(() => monthNames(i18n.language), [i18n.language]);

  const frameOptions = isFormat(format)
    ? FRAME_SIZES[format].map((f) => ({ value: f.size, label: t("gear:frameSize", { size: f.size, count: f.exposures }) }))
    : [];
  // A stored count that matches no frame size of the format stays choosable.
  if (values.frameSize.startsWith("exp:")) {
    const count = Number(values.frameSize.slice(4));
    frameOptions.push({ value: exposuresValue(count), label: t("form.exposures", { count }) });
  }

  const custom = t("form.custom");
  const isoOptions = [...ISO_CHOICES.map((iso) => ({ value: String(iso), label: String(iso) })), { value: CUSTOM, label: custom }];
  const formatOptions = [...FORMATS.map((f) => ({ value: f, label: t(`gear:formats.${f}`) })), { value: CUSTOM, label: custom }];
  const processOptions = [...PROCESSES.map((p) => ({ value: p, label: processName(p, t, "long") })), { value: CUSTOM, label: custom }];
  const pushPullOptions = [
    ...Array.from({ length: PUSH_PULL_MAX - PUSH_PULL_MIN + 1 }, (_, i) => PUSH_PULL_MIN + i).map((n) => ({
      value: String(n),
      label: formatPushPull(n, t),
    })),
    { value: CUSTOM, label: custom },
  ];
  const gearOptions = (items: { id: string; name: string }[] | undefined, placeholder: string) => [
    { value: "", label: placeholder },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];

  const saving = create.isPending || update.isPending;
  const submit = async (submitted: FilmFormValues) => {
    setFailure(null);
    try {
      const saved = film
        ? await update.mutateAsync({ id: film.id, changes: toFilmChanges(submitted) })
        : await create.mutateAsync(toFilmBody(submitted));
      const name = saved.name || `${saved.brand} ${saved.model}`;
      notifications.show({
        closeButtonProps: { "aria-label": t("errors:dismiss") },
        color: "green",
        message: t(film ? "saved.updated" : "saved.created", { name }),
      });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const notValid = tErrors("validation.not-valid");
        form.setErrors(Object.fromEntries(Object.keys(err.fields).map((path) => [formFieldOf(path, submitted), notValid])));
      }
      setFailure(err);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <RevealedFailure failure={failure}>
          <FilmSaveFailure error={failure} />
        </RevealedFailure>
        <TextInput label={t("fields.name")} description={t("form.nameHint")} data-autofocus {...form.getInputProps("name")} />
        <Select
          label={t("fields.stock")}
          description={t("form.stockHint")}
          placeholder={stocks.isPending ? t("form.loadingStocks") : t("form.stockPlaceholder")}
          data={stockOptions}
          searchable
          clearable
          nothingFoundMessage={t("form.noStock")}
          value={values.stock || null}
          onChange={(key) => {
            const stock = stocks.data?.find((s) => stockKey(s) === key);
            form.setValues(stock ? withStock(form.getValues(), stock) : { stock: "" });
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t("fields.brand")} withAsterisk {...form.getInputProps("brand")} />
          <TextInput label={t("fields.model")} withAsterisk {...form.getInputProps("model")} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={6}>
            <NativeSelect label={t("fields.iso")} data={isoOptions} {...form.getInputProps("iso")} />
            {values.iso === CUSTOM && (
              <NumberInput
                label={t("fields.isoCustom")}
                min={1}
                max={102400}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps("isoCustom")}
              />
            )}
          </Stack>
          <Stack gap={6}>
            <NativeSelect
              label={t("fields.format")}
              data={formatOptions}
              {...form.getInputProps("format")}
              onChange={(event) => {
                const next = event.currentTarget.value;
                // Frame sizes belong to a format: a new format brings its own default.
                form.setValues({
                  format: next,
                  frameSize: defaultFrameSize(next === CUSTOM ? resolvedFormat({ format: next, formatCustom: values.formatCustom }) : next),
                });
              }}
            />
            {values.format === CUSTOM && (
              <TextInput
                label={t("fields.formatCustom")}
                description={t("form.formatCustomHint")}
                {...form.getInputProps("formatCustom")}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  const next = resolvedFormat({ format: CUSTOM, formatCustom: text });
                  form.setValues({ formatCustom: text, frameSize: next === format ? values.frameSize : defaultFrameSize(next) });
                }}
              />
            )}
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t("fields.frameSize")}
            data={frameOptions.length > 0 ? frameOptions : [{ value: "", label: t("form.chooseFormatFirst") }]}
            disabled={frameOptions.length === 0}
            {...form.getInputProps("frameSize")}
          />
          <Stack gap={6}>
            <NativeSelect label={t("fields.process")} data={processOptions} {...form.getInputProps("process")} />
            {values.process === CUSTOM && (
              <TextInput
                label={t("fields.processCustom")}
                description={t("form.processCustomHint")}
                {...form.getInputProps("processCustom")}
              />
            )}
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={6}>
            <NativeSelect label={t("fields.pushPull")} data={pushPullOptions} {...form.getInputProps("pushPull")} />
            {values.pushPull === CUSTOM && (
              <NumberInput
                label={t("fields.pushPullCustom")}
                min={PUSH_PULL_MIN}
                max={PUSH_PULL_MAX}
                allowDecimal={false}
                {...form.getInputProps("pushPullCustom")}
              />
            )}
          </Stack>
          <NativeSelect
            label={t("fields.month")}
            data={[{ value: "", label: t("form.noMonth") }, ...months.map((name, i) => ({ value: String(i + 1), label: name }))]}
            {...form.getInputProps("month")}
          />
          <NumberInput
            label={t("fields.year")}
            min={1850}
            max={2100}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("year")}
          />
        </SimpleGrid>
        <Autocomplete
          label={t("fields.scanner")}
          description={t("form.scannerHint")}
          data={scannerNames}
          limit={30}
          {...form.getInputProps("scanner")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t("fields.camera")}
            data={gearOptions(cameras.data, t("form.noCamera"))}
            {...form.getInputProps("cameraId")}
          />
          <NativeSelect label={t("fields.lens")} data={gearOptions(lenses.data, t("form.noLens"))} {...form.getInputProps("lensId")} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t(film ? "common:actions.save" : "form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
