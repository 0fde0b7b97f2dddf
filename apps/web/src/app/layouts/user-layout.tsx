import { paths } from "@latent/domain/app-paths";
import type { Locale } from "@latent/domain/locales";
import type { User } from "@latent/domain/user";
import { AppShell, Avatar, Burger, Group, Menu, NavLink, Progress, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, NavLink as RouterNavLink, useLocation, useNavigation } from "react-router";
import { EmailVerificationBanner } from "../../features/account/public/email-verification-banner.tsx";
import { clearOfflineCaches } from "../../features/companion/offline/clear-offline-caches.ts";
import { useCurrentUser } from "../../features/user/api/get-user.ts";
import { useUpdateUser } from "../../features/user/api/update-user.ts";
import { useAuthSession } from "../../shared/auth/auth-session-context.tsx";
import { chooseFullSite, prefersFullSite } from "../../shared/device/full-site-choice.ts";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher.tsx";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";
import { PageLoader } from "../../shared/ui/page-loader.tsx";
import { SkipLink } from "../../shared/ui/skip-link.tsx";
import { BlockedNotice } from "./blocked-notice.tsx";
import { BrandLink } from "./brand-link.tsx";
import { useUserLocaleSync } from "./use-user-locale-sync.ts";

interface NavItem {
  to: string;
  label: string;
}

function useNavItems(user: User): NavItem[] {
  const { t } = useTranslation();
  const { flags } = useRuntimeConfig();
  if (user.role === "lab") {
    return [
      { to: paths.user.lab, label: t("nav.lab") },
      { to: paths.user.orders, label: t("nav.orders") },
      { to: paths.user.profile, label: t("nav.profile") },
    ];
  }
  return [
    { to: paths.user.home, label: t("nav.home") },
    { to: paths.user.films, label: t("nav.films") },
    { to: paths.user.gear, label: t("nav.gear") },
    ...(flags.labs ? [{ to: paths.user.labs, label: t("nav.labs") }] : []),
    { to: paths.user.profile, label: t("nav.profile") },
    { to: paths.user.shop, label: t("nav.shop") },
  ];
}

function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const session = useAuthSession();
  const displayName = user.nickname || user.name || user.email || t("account.anonymous");

  // The provider ends its session and sends the browser back to the landing page; leaving the page drops all data.
  const signOut = async () => {
    // What the phone companion kept for offline use is this user's too (it exists once /m was opened here).
    await clearOfflineCaches().catch(() => undefined);
    try {
      await session.signOut();
    } catch {
      // The provider could not be reached: forget the session here at least.
      await session.userManager.removeUser();
      window.location.assign(paths.main);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton>
          {/* Named by its content: the full label for screen readers, the avatar and name for the eyes. */}
          <VisuallyHidden>{t("account.menu", { name: displayName })}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap" aria-hidden>
            <Avatar src={user.picture} alt="" radius="xl" size="sm" color="latent" name={displayName} />
            <Text size="sm" fw={500} visibleFrom="sm" maw={200} truncate>
              {displayName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.user.profile}>
          {t("nav.profile")}
        </Menu.Item>
        {/* The way back for a phone user who chose the full site in the companion. */}
        {prefersFullSite() && (
          <Menu.Item component="a" href={paths.companion.root} onClick={() => chooseFullSite(false)}>
            {t("nav.companion")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={signOut}>{t("auth.signOut")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The signed-in area: header with language and account menus, navigation, and the current screen. */
export function UserLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const items = useNavItems(user);
  const location = useLocation();
  const navigation = useNavigation();
  const [opened, { toggle, close }] = useDisclosure();
  const updateUser = useUpdateUser();
  useUserLocaleSync(user);

  const saveLocale = (locale: Locale) =>
    updateUser.mutate({ locale }, { onError: () => notifications.show({ color: "red", message: t("language.saveFailed") }) });

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 220, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("nav.toggle")} />
            <BrandLink to={user.role === "lab" ? paths.user.labGeneral : paths.user.home} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher onChanged={saveLocale} />
            <AccountMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t("nav.main")}>
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            label={item.label}
            active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        {navigation.state === "loading" && (
          <Progress value={100} animated size="xs" pos="fixed" top={60} left={0} right={0} style={{ zIndex: 200 }} aria-hidden />
        )}
        {/* A blocked account reaches nothing but its profile through the API: every screen says why instead. */}
        {user.blocked ? (
          <BlockedNotice />
        ) : (
          <>
            {/* Checkout and lab-order claims wait for a confirmed email: every screen says so until it is. */}
            <EmailVerificationBanner />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
