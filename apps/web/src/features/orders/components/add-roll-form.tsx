import { FORMATS, ISO_CHOICES, PROCESSES, PUSH_PULL_MAX, PUSH_PULL_MIN } from "@latent/domain/film-config";
import { NewFilmSchema } from "@latent/domain/films";
import { Alert, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { processName } from "../../films/public/process-name.ts";
import { useAddOrderRoll } from "../api/add-order-roll.ts";
import { EMPTY_ROLL, newRollBody, type RollValues } from "../roll-values.ts";

const PUSH_PULL_STEPS = Array.from({ length: PUSH_PULL_MAX - PUSH_PULL_MIN + 1 }, (_, i) => PUSH_PULL_MIN + i);

/** A new roll in the order: a name, the stock as written on the cassette, ISO, format, process and push/pull. */
export function AddRollForm({ orderId }: { orderId: string }) {
  // The films and gear texts name processes and formats the reader's way; the values sent stay the spec's codes.
  const { t } = useTranslation(["orders", "films", "gear"]);
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const add = useAddOrderRoll(orderId);
  const form = useForm<RollValues>({
    mode: "controlled",
    initialValues: EMPTY_ROLL,
    validate: (values) => fieldErrorsOf(NewFilmSchema, newRollBody(values), tErrors),
  });

  const submit = (values: RollValues) =>
    add.mutate(newRollBody(values), {
      onSuccess: (roll) => {
        notifications.show({ color: "green", message: t("rolls.added", { name: roll.name || `${roll.brand} ${roll.model}` }) });
        form.reset();
      },
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Fieldset legend={t("rolls.newTitle")}>
        <Stack gap="sm">
          <TextInput label={t("rolls.name")} {...form.getInputProps("name")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("rolls.brand")} placeholder="Kodak" withAsterisk {...form.getInputProps("brand")} />
            <TextInput label={t("rolls.model")} placeholder="Portra" withAsterisk {...form.getInputProps("model")} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <NativeSelect label={t("rolls.iso")} data={ISO_CHOICES.map(String)} {...form.getInputProps("iso")} />
            <NativeSelect
              label={t("rolls.format")}
              data={FORMATS.map((f) => ({ value: f, label: t(`gear:formats.${f}`) }))}
              {...form.getInputProps("format")}
            />
            <NativeSelect
              label={t("rolls.process")}
              data={PROCESSES.map((p) => ({ value: p, label: processName(p, t, "long") }))}
              {...form.getInputProps("process")}
            />
            <NativeSelect
              label={t("rolls.pushPull")}
              data={PUSH_PULL_STEPS.map((step) => ({ value: String(step), label: step > 0 ? `+${step}` : String(step) }))}
              {...form.getInputProps("push_pull")}
            />
          </SimpleGrid>
          {add.isError && (
            <Alert color="red" role="alert">
              {errorText(add.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t("rolls.add")}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
