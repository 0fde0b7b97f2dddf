import { paths } from "@latent/domain/app-paths";
import { Button, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";

/** The shop's sections; a shipment's own page belongs to "Shipments". */
const SECTIONS = [
  { key: "subscriptions", to: paths.user.subscriptions, match: (path: string) => path === paths.user.subscriptions },
  { key: "tokenPacks", to: paths.user.tokenPacks, match: (path: string) => path === paths.user.tokenPacks },
  {
    key: "shipments",
    to: paths.user.shipmentHistory,
    match: (path: string) => path === paths.user.shipmentHistory || path.startsWith(`${paths.user.shop}/shipment/`),
  },
] as const;

/** The links between the shop's sections, shown only when sticker packs are sold (`tokens` flag). */
function ShopNav() {
  const { t } = useTranslation("shop");
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, "");
  return (
    <nav aria-label={t("nav.label")}>
      <Group gap="xs">
        {SECTIONS.map((section) => {
          const current = section.match(path);
          return (
            <Button
              key={section.key}
              component={Link}
              to={section.to}
              variant={current ? "light" : "subtle"}
              aria-current={current ? "page" : undefined}
            >
              {t(`nav.${section.key}`)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

/** The shop's pages (`/u/shop/*`) under their navigation. */
export function ShopLayout() {
  const { flags } = useRuntimeConfig();
  if (!flags.tokens) return <Outlet />;
  return (
    <Stack gap="lg">
      <ShopNav />
      <Outlet />
    </Stack>
  );
}
