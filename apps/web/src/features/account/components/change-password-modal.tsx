import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@latent/domain/account";
import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useChangePassword } from "../api/change-password.ts";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

interface Values {
  current: string;
  next: string;
  repeat: string;
}

/** Errors the form puts next to the field they are about, rather than under the whole form. */
const FIELD_OF = { "wrong-password": "current", "password-too-short": "next", "password-too-common": "next" } as const;
const fieldOf = (err: unknown) => (err instanceof ApiError && err.code in FIELD_OF ? FIELD_OF[err.code as keyof typeof FIELD_OF] : null);

/** Current, new and repeated password; length and match are checked here, the list of common ones by the server. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const change = useChangePassword();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { current: "", next: "", repeat: "" },
    validate: {
      current: (value) => (value ? null : t("form.required")),
      next: (value) =>
        value.length < PASSWORD_MIN_LENGTH
          ? t("password.tooShort", { min: PASSWORD_MIN_LENGTH })
          : value.length > PASSWORD_MAX_LENGTH
            ? t("password.tooLong", { max: PASSWORD_MAX_LENGTH })
            : null,
      repeat: (value, values) => (value === values.next ? null : t("password.mismatch")),
    },
  });

  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };

  const submit = (values: Values) =>
    change.mutate(
      { current_password: values.current, new_password: values.next },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("password.changed") });
          close();
        },
        onError: (err) => {
          const field = fieldOf(err);
          if (field) form.setFieldError(field, errorText(err));
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={t("password.title")}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t("password.current")}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps("current")}
          />
          <PasswordInput
            label={t("password.new")}
            description={t("password.hint", { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            {...form.getInputProps("next")}
          />
          <PasswordStrengthMeter password={form.getValues().next} />
          <PasswordInput label={t("password.repeat")} autoComplete="new-password" required {...form.getInputProps("repeat")} />
          {change.error && !fieldOf(change.error) && (
            <Text c="red" size="sm" role="alert">
              {errorText(change.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
