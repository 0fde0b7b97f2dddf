import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

/**
 * Explains the `error` / `errorDescription` (or `error_description`) a failed sign-in or navigation brought to the
 * landing page (spec §2, §8): known codes in the user's language, anything else in the provider's own words.
 */
export function ErrorParamsAlert() {
  const { t } = useTranslation("errors");
  const [params, setParams] = useSearchParams();
  const error = params.get("error");
  const description = params.get("errorDescription") ?? params.get("error_description");
  if (error === null && description === null) return null;

  const known = error ? t([`identity.${error}`, `api.${error}`, `app.${error}`], { defaultValue: "" }) : "";
  const text = known || description || t("identity.request_error");
  const dismiss = () =>
    setParams(
      (current) => {
        for (const key of ["error", "errorDescription", "error_description"]) current.delete(key);
        return current;
      },
      { replace: true },
    );

  return (
    <Alert color="red" title={t("alertTitle")} withCloseButton closeButtonLabel={t("dismiss")} onClose={dismiss} mb="lg" role="alert">
      {text}
    </Alert>
  );
}
