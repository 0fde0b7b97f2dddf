import type { AccountSecurity } from "@latent/domain/account";
import { Alert, Badge, Button, Divider, Group, Loader, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useAccountSecurity } from "../api/get-account-security.ts";
import { AccountSection } from "../components/account-section.tsx";
import { ChangeEmailModal } from "../components/change-email-modal.tsx";
import { ChangePasswordModal } from "../components/change-password-modal.tsx";
import { TotpConfirmModal, type TotpConfirmPurpose } from "../components/totp-confirm-modal.tsx";
import { TwoFactorSetupModal } from "../components/two-factor-setup-modal.tsx";

function Row({ label, children, actions }: { label: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        {children}
      </Stack>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}

function EmbeddedSettings({ account }: { account: AccountSecurity }) {
  const { t, i18n } = useTranslation("account");
  const [emailOpened, email] = useDisclosure(false);
  const [passwordOpened, password] = useDisclosure(false);
  const [setupOpened, setup] = useDisclosure(false);
  const [confirming, setConfirming] = useState<TotpConfirmPurpose | null>(null);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));

  return (
    <>
      <Row
        label={t("security.email")}
        actions={
          <Button variant="light" size="xs" onClick={email.open}>
            {t("security.changeEmail")}
          </Button>
        }
      >
        <Group gap="xs">
          <Text size="sm">{account.email}</Text>
          <Badge color={account.email_verified ? "green.9" : "red.9"} variant="outline">
            {account.email_verified ? t("security.verified") : t("security.notVerified")}
          </Badge>
        </Group>
        {account.pending_email && (
          <Text size="sm" c="dimmed">
            {t("security.pendingEmail", { email: account.pending_email })}
          </Text>
        )}
      </Row>
      <Divider />
      <Row
        label={t("security.password")}
        actions={
          <Button variant="light" size="xs" onClick={password.open}>
            {t("security.changePassword")}
          </Button>
        }
      >
        {account.password_changed_at && (
          <Text size="sm" c="dimmed">
            {t("security.passwordChangedAt", { date: date(account.password_changed_at) })}
          </Text>
        )}
      </Row>
      <Divider />
      <Row
        label={t("twoFactor.title")}
        actions={
          account.totp_enabled ? (
            <>
              <Button variant="light" size="xs" onClick={() => setConfirming("recovery")}>
                {t("twoFactor.newRecoveryCodes")}
              </Button>
              <Button variant="light" color="red" size="xs" onClick={() => setConfirming("disable")}>
                {t("twoFactor.turnOff")}
              </Button>
            </>
          ) : (
            <Button variant="light" size="xs" onClick={setup.open}>
              {t("twoFactor.turnOn")}
            </Button>
          )
        }
      >
        <Text size="sm">{account.totp_enabled ? t("twoFactor.on") : t("twoFactor.off")}</Text>
        {account.totp_enabled && (
          <Text size="sm" c={account.recovery_codes_left <= 2 ? "orange" : "dimmed"}>
            {t("twoFactor.codesLeft", { count: account.recovery_codes_left })}
          </Text>
        )}
      </Row>
      <ChangeEmailModal opened={emailOpened} onClose={email.close} current={account.email} />
      <ChangePasswordModal opened={passwordOpened} onClose={password.close} />
      {/* Outside the on/off branches: enabling refetches the account, and the codes must stay on screen meanwhile. */}
      <TwoFactorSetupModal opened={setupOpened} onClose={setup.close} />
      <TotpConfirmModal purpose={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

/** The profile's "Sign-in and security": email, password and two-factor sign-in (embedded identity provider only). */
export function SecuritySection() {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const security = useAccountSecurity();
  return (
    <AccountSection title={t("security.title")} testId="security-section">
      {security.isPending ? (
        <Loader size="sm" role="status" aria-label={t("security.loading")} />
      ) : security.error ? (
        <Alert color="red" role="alert">
          {errorText(security.error)}
        </Alert>
      ) : security.data.provider === "external" ? (
        <Text size="sm">{t("security.external")}</Text>
      ) : (
        <EmbeddedSettings account={security.data} />
      )}
    </AccountSection>
  );
}
