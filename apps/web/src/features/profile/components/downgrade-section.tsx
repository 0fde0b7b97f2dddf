import { DOWNGRADE_CLEAN_UP_DAYS, type User } from "@latent/domain/user";
import { Alert, Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useRunDowngrade } from "../../user/api/run-downgrade.ts";

/** While a downgrade clean-up runs (spec §4): what will happen to the scans, and a button to run it all now. */
export function DowngradeSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation("profile");
  const errorText = useApiErrorText();
  const run = useRunDowngrade();
  if (!user.downgrading_since || user.storage.limit === null) return null;

  const size = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { style: "unit", unit: "gigabyte", maximumFractionDigits: 1 }).format(bytes / 1024 ** 3);
  const limit = size(user.storage.limit);
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(user.downgrading_since));

  const confirm = () =>
    modals.openConfirmModal({
      title: t("downgrade.confirmTitle"),
      children: <Text size="sm">{t("downgrade.confirmBody", { limit })}</Text>,
      labels: { confirm: t("downgrade.confirm"), cancel: t("downgrade.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        run.mutate(undefined, {
          onSuccess: () => notifications.show({ color: "green", message: t("downgrade.done") }),
          // Spec §8 names a failure of its own for the downgrade: said first, with the reason under it.
          onError: (err) => notifications.show({ color: "red", title: t("downgrade.failed"), message: errorText(err) }),
        }),
    });

  return (
    <Alert color="orange" title={t("downgrade.title")}>
      <Text size="sm">{t("downgrade.body", { used: size(user.storage.used), limit, days: DOWNGRADE_CLEAN_UP_DAYS, since })}</Text>
      <Group justify="flex-end" mt="sm">
        <Button color="red" variant="light" onClick={confirm} loading={run.isPending}>
          {t("downgrade.run")}
        </Button>
      </Group>
    </Alert>
  );
}
