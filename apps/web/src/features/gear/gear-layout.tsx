import { paths } from "@latent/domain/app-paths";
import { Stack, Tabs, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";

/** Cameras and lenses as two tabs; each says at its "Add" button when the plan's gear limit is used up. */
export function GearLayout() {
  const { t } = useTranslation("gear");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.startsWith(paths.user.lenses) ? paths.user.lenses : paths.user.cameras;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t("title")}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={paths.user.cameras}>{t("cameras.tab")}</Tabs.Tab>
          <Tabs.Tab value={paths.user.lenses}>{t("lenses.tab")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
