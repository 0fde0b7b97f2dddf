import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

/** The landing page's query parameter that says the account was just deleted (set by the profile's danger zone). */
export const ACCOUNT_DELETED_PARAM = "deleted";

/** On the landing page after an account was deleted: says it is done, until dismissed. */
export function AccountDeletedNotice() {
  const { t } = useTranslation("account");
  const [params, setParams] = useSearchParams();
  if (params.get(ACCOUNT_DELETED_PARAM) !== "1") return null;

  const dismiss = () =>
    setParams(
      (current) => {
        current.delete(ACCOUNT_DELETED_PARAM);
        return current;
      },
      { replace: true },
    );

  return (
    <Alert color="green" title={t("deleted.title")} withCloseButton closeButtonLabel={t("deleted.dismiss")} onClose={dismiss} role="status">
      {t("deleted.body")}
    </Alert>
  );
}
