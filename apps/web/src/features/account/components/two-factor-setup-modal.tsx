import type { RecoveryCodes } from "@latent/domain/account";
import { Alert, Button, CopyButton, Group, Image, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useEnableTotp } from "../api/enable-totp.ts";
import { useSetupTotp } from "../api/setup-totp.ts";
import { groupSecret } from "../group-secret.ts";
import { RecoveryCodesView } from "./recovery-codes-view.tsx";

/** Authenticator apps show six digits; spaces some people type between groups are dropped. */
const SIX_DIGITS = /^\d{6}$/;
const digitsOf = (code: string) => code.replace(/\s+/g, "");

/**
 * Turning two-factor sign-in on: a new secret (QR code, or typed by hand), a code from the app to prove it works,
 * then the recovery codes once. Each opening asks for a fresh secret, so an abandoned one is never reused.
 */
export function TwoFactorSetupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const form = useForm({
    mode: "controlled",
    initialValues: { code: "" },
    validate: { code: (value) => (SIX_DIGITS.test(digitsOf(value)) ? null : t("twoFactor.codeFormat")) },
  });
  const { mutate: startSetup, reset: resetSetup } = setup;

  useEffect(() => {
    if (opened) startSetup();
  }, [opened, startSetup]);

  const close = () => {
    form.reset();
    resetSetup();
    enable.reset();
    setCodes(null);
    onClose();
  };

  const submit = ({ code }: { code: string }) =>
    enable.mutate(digitsOf(code), {
      onSuccess: setCodes,
      onError: (err) => {
        if (err instanceof ApiError && err.code === "totp-invalid") form.setFieldError("code", errorText(err));
      },
    });

  const secret = setup.data;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("twoFactor.setupTitle")}
      // Once the codes are shown, only "I saved these codes" and its button close the window.
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
    >
      {codes ? (
        <RecoveryCodesView codes={codes.recovery_codes} onDone={close} />
      ) : setup.isPending || (!secret && !setup.error) ? (
        <Group justify="center" py="lg">
          <Loader role="status" aria-label={t("twoFactor.preparing")} />
        </Group>
      ) : setup.error || !secret ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {errorText(setup.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("form.close")}
            </Button>
            <Button onClick={() => startSetup()}>{t("form.retry")}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t("twoFactor.scan")}</Text>
            <Image src={secret.qr_code} alt={t("twoFactor.qrAlt")} w={200} h={200} mx="auto" />
            <Text size="sm">{t("twoFactor.manual")}</Text>
            <Group gap="xs" wrap="nowrap">
              <Text ff="monospace" fw={700} data-testid="totp-secret" style={{ wordBreak: "break-all" }}>
                {groupSecret(secret.secret)}
              </Text>
              <CopyButton value={secret.secret}>
                {({ copied, copy }) => (
                  <Button variant="light" size="xs" onClick={copy}>
                    {copied ? t("twoFactor.copied") : t("twoFactor.copySecret")}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <TextInput
              label={t("form.code")}
              description={t("twoFactor.codeHint")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              {...form.getInputProps("code")}
            />
            {enable.error && !(enable.error instanceof ApiError && enable.error.code === "totp-invalid") && (
              <Text c="red" size="sm" role="alert">
                {errorText(enable.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("form.cancel")}
              </Button>
              <Button type="submit" loading={enable.isPending}>
                {t("twoFactor.enable")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
