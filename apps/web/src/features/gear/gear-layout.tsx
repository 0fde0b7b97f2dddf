import { hasRoomFor } from "@latent/domain/plans";
import { Stack, Tabs, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { paths } from "../../config/paths.ts";
import { PlanLimitAlert } from "../../shared/ui/plan-limit-alert.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";

/** Cameras and lenses as two tabs, with a notice once the plan's gear limit is used up. */
export function GearLayout() {
  const { t } = useTranslation("gear");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.startsWith(paths.user.lenses) ? paths.user.lenses : paths.user.cameras;
  const limit = user.max_gears_capacity;
  const full = !hasRoomFor(user.usage.gear, limit);

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t("title")}</Title>
      {full && (
        <PlanLimitAlert tone="notice" title={t("limit.title")} hint={t("limit.text", { count: limit })} action={t("limit.upgrade")} />
      )}
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
