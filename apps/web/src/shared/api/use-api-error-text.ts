import { useTranslation } from "react-i18next";
import { ApiError, NETWORK_ERROR } from "./api-error.ts";

/** Turns any failure into a translated sentence, by the API's error code (keys in `errors.json` → `api`). */
export function useApiErrorText() {
  const { t } = useTranslation("errors");
  return (err: unknown): string => {
    const code = err instanceof ApiError ? err.code : err instanceof TypeError ? NETWORK_ERROR : "internal-error";
    return t(`api.${code}`, { defaultValue: t("api.internal-error") });
  };
}
