import { paths } from "@latent/domain/app-paths";
import { Stack, Tabs, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";

/** The lab's area: its profile and email template, and its store integrations, as two tabs under one heading. */
export function LabLayout() {
  const { t } = useTranslation("lab");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.startsWith(paths.user.labIntegrations) ? paths.user.labIntegrations : paths.user.labGeneral;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t("title")}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={paths.user.labGeneral}>{t("tabs.general")}</Tabs.Tab>
          <Tabs.Tab value={paths.user.labIntegrations}>{t("tabs.integrations")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
