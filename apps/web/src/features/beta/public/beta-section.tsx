import { BetaBodySchema } from "@latent/domain/contact";
import { type FilmFormat, FORMATS } from "@latent/domain/film-config";
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { useBetaStatus } from "../api/get-beta-status.ts";
import { useRegisterBeta } from "../api/register-beta.ts";

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

/** An ISO date ("2025-03-01") in the reader's words ("March 1, 2025", "1 de marzo de 2025"), the same day everywhere. */
const formatDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

/**
 * The open-beta sign-up (spec §1, §9): the server's BETA_DEADLINE and BETA_CAPACITY decide whether it is open, so a
 * closed beta says so with its date instead of offering a form that can only fail; the server still refuses late
 * sign-ups. On success, the place in line; else why not (already registered, closed meanwhile).
 */
export function BetaSection() {
  const { t, i18n } = useTranslation("beta");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const status = useBetaStatus();
  const register = useRegisterBeta();
  const form = useForm<BetaValues>({
    mode: "controlled",
    initialValues: { email: "", name: "", formats: [], message: "" },
    validate: (values) =>
      fieldErrorsOf(BetaBodySchema, { ...values, name: values.name || undefined, message: values.message || undefined }, tErrors),
  });
  const beta = status.data;
  const deadline = beta ? formatDay(beta.last_day, i18n.language) : "";
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
        {register.isSuccess ? (
          <Alert color="green" title={t("registered.title")} role="status">
            {t("registered.text", { position: register.data.position })}
          </Alert>
        ) : status.isPending ? (
          <Text size="sm" c="gray.7">
            {t("common:loading")}
          </Text>
        ) : beta && !beta.open ? (
          <Alert color="gray" title={t("closed.title")} role="status">
            <Stack gap="xs">
              <Text size="sm">{beta.full ? t("closed.full", { count: beta.capacity, deadline }) : t("closed.ended", { deadline })}</Text>
              <Text size="sm">{t("closedHint")}</Text>
            </Stack>
          </Alert>
        ) : (
          <>
            {/* Without the status (the call failed), the form still works: the server has the last word. */}
            {beta && <Text>{t("text", { count: beta.capacity, deadline })}</Text>}
            <Text size="sm" c="gray.7">
              {t("testers")}
            </Text>
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
                <Textarea
                  label={t("fields.message")}
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={2000}
                  {...form.getInputProps("message")}
                />
                <Group>
                  <Button type="submit" loading={register.isPending}>
                    {t("submit")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </Paper>
  );
}
