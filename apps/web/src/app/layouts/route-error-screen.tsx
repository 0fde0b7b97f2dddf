import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { reportError } from "../../shared/error-reports/error-reports.ts";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";
import { DocumentTitle } from "./document-title.tsx";

/** Error code the landing layout explains when a navigation failed. */
export const NAVIGATION_FAILED = "navigation-failed";

/**
 * A failed navigation (a loader, guard or screen threw) sends the user to the configured error path (spec §2).
 * Already there, it shows the failure instead, so a broken error page cannot loop.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { config } = useRuntimeConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation("errors");
  const atErrorPath = location.pathname === config.error_path;

  useEffect(() => {
    console.error(error);
    reportError(error);
    if (!atErrorPath) navigate(`${config.error_path}?error=${NAVIGATION_FAILED}`, { replace: true });
  }, [atErrorPath, config.error_path, error, navigate]);

  if (!atErrorPath) return null;
  return (
    <Center mih="60vh" p="md">
      <DocumentTitle override="error" />
      <Stack align="center" maw={480}>
        <Title order={1}>{t("app.navigation-failed")}</Title>
        <Text>{t("app.reload-hint")}</Text>
        <Button onClick={() => window.location.reload()}>{t("app.reload")}</Button>
      </Stack>
    </Center>
  );
}
