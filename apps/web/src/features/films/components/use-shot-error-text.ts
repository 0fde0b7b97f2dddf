import { useTranslation } from "react-i18next";

/**
 * A tile's or upload's problem in words: API codes and this page's own codes are translated; a message the server
 * wrote about processing a file is shown as it is.
 */
export function useShotErrorText() {
  const { t } = useTranslation(["films", "errors"]);
  return (error: string | null): string => {
    if (!error) return t("films:upload.failed");
    const own = t(`films:upload.errors.${error}`, { defaultValue: "" });
    if (own) return own;
    return /^[a-z0-9-]+$/.test(error) ? t(`errors:api.${error}`, { defaultValue: t("errors:api.internal-error") }) : error;
  };
}
