import { paths } from "@latent/domain/app-paths";
import { Stack, Tabs, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";

/** The lab's area under one heading, as tabs: its profile and email template, its store integrations, its API keys, its webhooks. */
export function LabLayout() {
  const { t } = useTranslation("lab");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = [paths.user.labIntegrations, paths.user.labApiKeys, paths.user.labWebhooks];
  const tab = tabs.find((path) => pathname.startsWith(path)) ?? paths.user.labGeneral;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t("title")}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={paths.user.labGeneral}>{t("tabs.general")}</Tabs.Tab>
          <Tabs.Tab value={paths.user.labIntegrations}>{t("tabs.integrations")}</Tabs.Tab>
          <Tabs.Tab value={paths.user.labApiKeys}>{t("tabs.apiKeys")}</Tabs.Tab>
          <Tabs.Tab value={paths.user.labWebhooks}>{t("tabs.webhooks")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
