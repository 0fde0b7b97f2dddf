import { VERIFICATION_RESEND_SECONDS } from "@latent/domain/account";
import { Alert, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useAccountSecurity } from "../api/get-account-security.ts";
import { useSendVerification } from "../api/send-verification.ts";
import { useResendCooldown } from "../use-resend-cooldown.ts";

/**
 * Above every user screen while the email is not confirmed (embedded provider only: an external provider confirms
 * its own addresses). Checkout and lab-order claims are refused until then (`email-not-verified`).
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const security = useAccountSecurity();
  const send = useSendVerification();
  const cooldown = useResendCooldown(VERIFICATION_RESEND_SECONDS);
  const account = security.data;
  // Nothing while loading or when the route is unavailable: a banner must never stand in the way of a screen.
  if (account?.provider !== "embedded" || account.email_verified) return null;

  const resend = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        cooldown.start();
        notifications.show({ color: "green", message: t("verify.sent", { email: account.email ?? "" }) });
      },
      onError: (err) => {
        // The server's cooldown is running (a send from another tab): wait as long as it would.
        if (err instanceof ApiError && err.code === "rate-limited-email") cooldown.start();
        notifications.show({ color: "red", message: errorText(err) });
      },
    });

  const waiting = cooldown.secondsLeft > 0;
  return (
    <Alert color="yellow" title={t("verify.title")} mb="lg" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t("verify.body", { email: account.email ?? "" })}</Text>
        <Button size="xs" variant="light" onClick={resend} loading={send.isPending} disabled={waiting}>
          {waiting ? t("verify.resendIn", { seconds: cooldown.secondsLeft }) : t("verify.resend")}
        </Button>
      </Group>
    </Alert>
  );
}
