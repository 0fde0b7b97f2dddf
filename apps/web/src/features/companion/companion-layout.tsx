import { paths } from "@latent/domain/app-paths";
import { ActionIcon, Anchor, AppShell, Button, Group, Menu, Text } from "@mantine/core";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, NavLink as RouterNavLink, useNavigation } from "react-router";
import { useAuthSession } from "../../shared/auth/auth-session-context.tsx";
import { chooseFullSite } from "../../shared/device/full-site-choice.ts";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher.tsx";
import { PageLoader } from "../../shared/ui/page-loader.tsx";
import { clearOfflineCaches } from "./offline/clear-offline-caches.ts";
import { OfflineNotice } from "./offline/offline-notice.tsx";
import { registerCompanionWorker } from "./offline/register-worker.ts";
import { useCompanionRole } from "./use-companion-role.ts";

function MoreMenu() {
  const { t } = useTranslation("companion");
  const session = useAuthSession();
  // The rolls and pictures kept for offline use are this user's: they go before the session does.
  const signOut = async () => {
    await clearOfflineCaches().catch(() => undefined);
    try {
      await session.signOut();
    } catch {
      await session.userManager.removeUser();
      window.location.assign(paths.main);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("menu.label")}>
          <Text fw={700} aria-hidden>
            ⋯
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Remembered on this device: the user area no longer sends it back here (the mobile redirect). */}
        <Menu.Item component="a" href={paths.user.home} onClick={() => chooseFullSite(true)}>
          {t("menu.fullSite")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={signOut}>{t("menu.signOut")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The companion's shell on a phone: the name and menus on top, the offline notice, the screen, and two tabs below. */
export function CompanionLayout() {
  const { t } = useTranslation("companion");
  const navigation = useNavigation();
  const role = useCompanionRole();
  useEffect(registerCompanionWorker, []);

  return (
    <AppShell header={{ height: 52 }} footer={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.companion.rolls}
            fw={800}
            c="latent.7"
            underline="never"
            style={{ letterSpacing: "0.2em", textTransform: "uppercase" }}
          >
            Latent
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <LanguageSwitcher />
            <MoreMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <OfflineNotice />
        <div style={{ maxWidth: 640, margin: "0 auto", paddingTop: "var(--mantine-spacing-sm)" }}>
          {navigation.state === "loading" ? (
            <PageLoader />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <Group component="nav" aria-label={t("nav.label")} h="100%" grow gap={0} px="xs">
          {[
            { to: paths.companion.rolls, label: role === "lab" ? t("nav.orders") : t("nav.rolls") },
            { to: paths.companion.scan, label: t("nav.scan") },
          ].map((item) => (
            <Button key={item.to} component={RouterNavLink} to={item.to} variant="subtle" size="md" h={52}>
              {item.label}
            </Button>
          ))}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
