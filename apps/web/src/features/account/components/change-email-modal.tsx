import { ChangeEmailSchema } from "@latent/domain/account";
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useChangeEmail } from "../api/change-email.ts";

interface Values {
  new_email: string;
  password: string;
}

/** New email and password; the change happens only once the link sent to the new address is opened. */
export function ChangeEmailModal({ opened, onClose, current }: { opened: boolean; onClose: () => void; current: string | null }) {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { new_email: "", password: "" },
    validate: {
      new_email: (value) => {
        const email = value.trim();
        if (!ChangeEmailSchema.shape.new_email.safeParse(email).success) return t("email.invalid");
        return email.toLowerCase() === current?.toLowerCase() ? t("email.same") : null;
      },
      password: (value) => (value ? null : t("form.required")),
    },
  });

  const close = () => {
    form.reset();
    change.reset();
    setSentTo(null);
    onClose();
  };

  const submit = ({ new_email, password }: Values) =>
    change.mutate(
      { new_email: new_email.trim(), password },
      {
        onSuccess: () => setSentTo(new_email.trim()),
        onError: (err) => {
          if (err instanceof ApiError && err.code === "wrong-password") form.setFieldError("password", errorText(err));
          else if (err instanceof ApiError && err.code === "email-taken") form.setFieldError("new_email", errorText(err));
        },
      },
    );

  const fieldError = change.error instanceof ApiError && ["wrong-password", "email-taken"].includes(change.error.code);
  return (
    <Modal opened={opened} onClose={close} title={t("email.title")}>
      {sentTo ? (
        <Stack gap="md">
          <Text role="status">{t("email.sent", { email: sentTo })}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t("form.close")}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t("email.newEmail")}
              type="email"
              autoComplete="email"
              required
              data-autofocus
              {...form.getInputProps("new_email")}
            />
            <PasswordInput
              label={t("form.password")}
              description={t("form.passwordHint")}
              autoComplete="current-password"
              required
              {...form.getInputProps("password")}
            />
            {change.error && !fieldError && (
              <Text c="red" size="sm" role="alert">
                {errorText(change.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("form.cancel")}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t("email.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
