import type { RecoveryCodes } from "@latent/domain/account";
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useCreateRecoveryCodes } from "../api/create-recovery-codes.ts";
import { useDisableTotp } from "../api/disable-totp.ts";
import type { TotpConfirm } from "../api/totp-confirm.ts";
import { RecoveryCodesView } from "./recovery-codes-view.tsx";

export type TotpConfirmPurpose = "disable" | "recovery";

const FIELD_OF = { "wrong-password": "password", "totp-invalid": "code" } as const;
const fieldOf = (err: unknown) => (err instanceof ApiError && err.code in FIELD_OF ? FIELD_OF[err.code as keyof typeof FIELD_OF] : null);

/**
 * Password and a current code (or a recovery code), which turning two-factor off and making new recovery codes both
 * ask for; new codes are then shown once.
 */
export function TotpConfirmModal({ purpose, onClose }: { purpose: TotpConfirmPurpose | null; onClose: () => void }) {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const disable = useDisableTotp();
  const recovery = useCreateRecoveryCodes();
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const form = useForm<TotpConfirm>({
    mode: "controlled",
    initialValues: { password: "", code: "" },
    validate: {
      password: (value) => (value ? null : t("form.required")),
      code: (value) => (value.trim().length >= 6 ? null : t("twoFactor.codeFormat")),
    },
  });
  const mutation = purpose === "recovery" ? recovery : disable;

  const close = () => {
    form.reset();
    disable.reset();
    recovery.reset();
    setCodes(null);
    onClose();
  };

  const onError = (err: unknown) => {
    const field = fieldOf(err);
    if (field) form.setFieldError(field, errorText(err));
  };

  const submit = (values: TotpConfirm) => {
    const body = { password: values.password, code: values.code.trim() };
    if (purpose === "recovery") recovery.mutate(body, { onSuccess: setCodes, onError });
    else
      disable.mutate(body, {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("twoFactor.disabled") });
          close();
        },
        onError,
      });
  };

  return (
    <Modal
      opened={purpose !== null}
      onClose={close}
      title={purpose === "recovery" ? t("recovery.newTitle") : t("twoFactor.disableTitle")}
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
    >
      {codes ? (
        <RecoveryCodesView codes={codes.recovery_codes} onDone={close} />
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{purpose === "recovery" ? t("recovery.newIntro") : t("twoFactor.disableIntro")}</Text>
            <PasswordInput
              label={t("form.password")}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps("password")}
            />
            <TextInput
              label={t("form.code")}
              description={t("twoFactor.codeOrRecovery")}
              autoComplete="one-time-code"
              maxLength={20}
              required
              {...form.getInputProps("code")}
            />
            {mutation.error && !fieldOf(mutation.error) && (
              <Text c="red" size="sm" role="alert">
                {errorText(mutation.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("form.cancel")}
              </Button>
              <Button type="submit" color={purpose === "disable" ? "red" : undefined} loading={mutation.isPending}>
                {purpose === "recovery" ? t("recovery.create") : t("twoFactor.disable")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
