import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useOnline } from "./use-online.ts";

/** Says plainly, while the phone is offline, that what shows is the last copy and what waits for the connection. */
export function OfflineNotice() {
  const { t } = useTranslation("companion");
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="yellow" role="status" title={t("offline.title")} radius={0} py="xs">
      {t("offline.text")}
    </Alert>
  );
}
