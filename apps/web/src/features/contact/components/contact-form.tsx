import { CONTACT_REASONS, ContactBodySchema, type ContactReason } from "@latent/domain/contact";
import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";

/** Spec §8: one message a minute; a second one within it is refused with 429. */
const isRateLimited = (err: unknown) => err instanceof ApiError && err.status === 429;

import { useSendContactMessage } from "../api/send-contact-message.ts";

interface ContactValues {
  subject: string;
  reason: ContactReason | "";
  email: string;
  message: string;
}

const EMPTY: ContactValues = { subject: "", reason: "", email: "", message: "" };

/** The contact form (spec §5, §7): checked with the server's own schema, one message per minute per sender. */
export function ContactForm() {
  const { t } = useTranslation("contact");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const send = useSendContactMessage();
  const form = useForm<ContactValues>({
    mode: "controlled",
    initialValues: EMPTY,
    validate: (values) => fieldErrorsOf(ContactBodySchema, values, tErrors),
  });

  const onSubmit = (values: ContactValues) =>
    send.mutate(ContactBodySchema.parse(values), {
      // The visitor may write again (after the minute): keep who they are and why, clear what they said.
      onSuccess: () => form.setValues({ subject: "", message: "" }),
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          form.setErrors(Object.fromEntries(Object.keys(err.fields).map((field) => [field, tErrors("validation.not-valid")])));
        }
      },
    });

  const fieldFailure = send.error instanceof ApiError && Object.keys(send.error.fields).length > 0;

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
      <Stack gap="md">
        {send.isSuccess && (
          <Alert color="green" title={t("sent.title")} role="status">
            {t("sent.text", { email: send.variables?.email })}
          </Alert>
        )}
        {send.isError && !fieldFailure && (
          <Alert color="red" title={isRateLimited(send.error) ? t("rateLimitedTitle") : t("failedTitle")} role="alert">
            {errorText(send.error)}
          </Alert>
        )}
        <TextInput
          label={t("fields.email")}
          description={t("fields.emailHint")}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps("email")}
        />
        <NativeSelect
          label={t("fields.reason")}
          withAsterisk
          data={[
            { value: "", label: t("fields.reasonPlaceholder"), disabled: true },
            ...CONTACT_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) })),
          ]}
          {...form.getInputProps("reason")}
        />
        <TextInput label={t("fields.subject")} maxLength={150} withAsterisk {...form.getInputProps("subject")} />
        <Textarea
          label={t("fields.message")}
          autosize
          minRows={6}
          maxRows={14}
          maxLength={5000}
          withAsterisk
          {...form.getInputProps("message")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            {t("send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
