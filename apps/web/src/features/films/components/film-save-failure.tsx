import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { PlanLimitAlert } from "../../../shared/ui/plan-limit-alert.tsx";

/** Why a roll was not saved; the plan's limit and the privacy policy come with the way past them. */
export function FilmSaveFailure({ error }: { error: unknown }) {
  const { t } = useTranslation("films");
  const errorText = useApiErrorText();
  const code = error instanceof ApiError ? error.code : null;
  if (code === "films-capacity-reached") {
    return <PlanLimitAlert title={errorText(error)} hint={t("limit.upgradeHint")} action={t("limit.upgrade")} />;
  }
  if (code === "privacy-policy-required") {
    return (
      <Alert color="yellow" title={errorText(error)} role="alert">
        <Anchor component={Link} to={paths.user.privacy} size="sm">
          {t("privacy.action")}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert">
      {errorText(error)}
    </Alert>
  );
}
