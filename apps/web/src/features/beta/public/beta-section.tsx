import { BetaBodySchema } from "@latent/domain/contact";
import { type FilmFormat, FORMATS } from "@latent/domain/film-config";
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { useRegisterBeta } from "../api/register-beta.ts";

/** The open beta's terms (spec §1, §9); the server (BETA_CAPACITY, BETA_DEADLINE) has the last word on each sign-up. */
const BETA_CAPACITY = 50;
/** The last day of registration; it closes at the end of that day, UTC. */
const BETA_LAST_DAY = new Date("2025-03-01T12:00:00Z");
const BETA_CLOSES_AT = Date.parse("2025-03-02T00:00:00Z");

interface BetaValues {
  email: string;
  name: string;
  formats: FilmFormat[];
  message: string;
}

/** Optional fields left empty are not sent at all. */
function bodyOf(values: BetaValues) {
  return BetaBodySchema.parse({
    email: values.email,
    name: values.name.trim() || undefined,
    formats: values.formats.length > 0 ? values.formats : undefined,
    message: values.message.trim() || undefined,
  });
}

/** The open-beta sign-up: the place in line on success, or why not (closed, already registered). */
export function BetaSection() {
  const { t, i18n } = useTranslation("beta");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const register = useRegisterBeta();
  const form = useForm<BetaValues>({
    mode: "controlled",
    initialValues: { email: "", name: "", formats: [], message: "" },
    validate: (values) =>
      fieldErrorsOf(BetaBodySchema, { ...values, name: values.name || undefined, message: values.message || undefined }, tErrors),
  });
  const deadline = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(BETA_LAST_DAY);
  const code = register.error instanceof ApiError ? register.error.code : null;
  const fieldFailure = register.error instanceof ApiError && Object.keys(register.error.fields).length > 0;

  const onSubmit = (values: BetaValues) =>
    register.mutate(bodyOf(values), {
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          form.setErrors(Object.fromEntries(Object.keys(err.fields).map((field) => [field, tErrors("validation.not-valid")])));
        }
      },
    });

  return (
    <Paper component="section" aria-labelledby="beta-title" withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <Stack gap="md">
        <Title order={2} id="beta-title">
          {t("title")}
        </Title>
        <Text>{t(Date.now() < BETA_CLOSES_AT ? "text" : "textEnded", { capacity: BETA_CAPACITY, deadline })}</Text>
        <Text size="sm" c="gray.7">
          {t("testers")}
        </Text>
        {register.isSuccess ? (
          <Alert color="green" title={t("registered.title")} role="status">
            {t("registered.text", { position: register.data.position })}
          </Alert>
        ) : (
          <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-labelledby="beta-title">
            <Stack gap="md">
              {register.isError && !fieldFailure && (
                <Alert color={code === "beta-closed" ? "gray" : "red"} title={errorText(register.error)} role="alert">
                  {code === "beta-closed" ? t("closedHint") : code === "email-already-registered" ? t("duplicateHint") : t("retryHint")}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t("fields.email")} type="email" autoComplete="email" withAsterisk {...form.getInputProps("email")} />
                <TextInput label={t("fields.name")} autoComplete="name" maxLength={120} {...form.getInputProps("name")} />
              </SimpleGrid>
              <Checkbox.Group label={t("fields.formats")} description={t("fields.formatsHint")} {...form.getInputProps("formats")}>
                <Group gap="md" mt="xs">
                  {FORMATS.map((format) => (
                    <Checkbox key={format} value={format} label={t(`gear:formats.${format}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Textarea label={t("fields.message")} autosize minRows={3} maxRows={8} maxLength={2000} {...form.getInputProps("message")} />
              <Group>
                <Button type="submit" loading={register.isPending}>
                  {t("submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
