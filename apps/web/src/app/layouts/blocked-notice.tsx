import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Shown in place of every user screen while the operator has blocked the account (spec §4: contact support). */
export function BlockedNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t("account.blocked.title")} maw={720}>
      <Text size="sm">
        {t("account.blocked.body")}{" "}
        <Anchor component={Link} to={paths.contact}>
          {t("account.blocked.contact")}
        </Anchor>
      </Text>
    </Alert>
  );
}
