import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { PlanLimitAlert } from "../../../shared/ui/plan-limit-alert.tsx";

/** Why a camera or lens was not saved; the plan's gear limit comes with the way to lift it. */
export function GearSaveFailure({ error }: { error: unknown }) {
  const { t } = useTranslation("gear");
  const errorText = useApiErrorText();
  if (error instanceof ApiError && error.code === "gear-limit-reached") {
    return <PlanLimitAlert title={errorText(error)} hint={t("limit.upgradeHint")} action={t("limit.upgrade")} />;
  }
  return (
    <Alert color="red" role="alert">
      {errorText(error)}
    </Alert>
  );
}
