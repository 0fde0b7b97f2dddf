import { Alert, Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";

/** Why a camera or lens was not saved; the plan's gear limit comes with the way to lift it. */
export function GearSaveFailure({ error }: { error: unknown }) {
  const { t } = useTranslation("gear");
  const errorText = useApiErrorText();
  if (error instanceof ApiError && error.code === "gear-limit-reached") {
    return (
      <Alert color="red" title={errorText(error)} role="alert">
        <Text size="sm">
          {t("limit.upgradeHint")}{" "}
          <Anchor component={Link} to={paths.user.subscriptions} inherit>
            {t("limit.upgrade")}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert">
      {errorText(error)}
    </Alert>
  );
}
