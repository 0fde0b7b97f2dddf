import { INACTIVE_GRACE_DAYS, type User } from "@latent/domain/user";
import { Alert, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useReactivateAccount } from "../../user/api/reactivate-account.ts";
import { inactiveDueText } from "../inactive-due-text.ts";

/** While the account is inactive (spec §3, §4): until when files may be downloaded, and the way back to the plan. */
export function InactiveSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation("profile");
  const errorText = useApiErrorText();
  const reactivate = useReactivateAccount();
  if (!user.inactive_since) return null;

  const when = inactiveDueText(t, i18n.language, user.inactive_since, new Date());

  const start = () =>
    reactivate.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => notifications.show({ color: "red", title: t("inactive.failed"), message: errorText(err) }),
    });

  return (
    <Alert color="red" title={t("inactive.title")}>
      <Text size="sm">{t("inactive.body", { when, days: INACTIVE_GRACE_DAYS })}</Text>
      <Group justify="flex-end" mt="sm">
        <Button onClick={start} loading={reactivate.isPending}>
          {t("inactive.reactivate")}
        </Button>
      </Group>
    </Alert>
  );
}
