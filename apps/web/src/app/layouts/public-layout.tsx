import { AFTER_LOGIN_PATH, AFTER_SIGNUP_PATH, paths } from "@latent/domain/app-paths";
import { Anchor, Box, Burger, Button, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { useSignedIn, useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher.tsx";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";
import { lazyPart } from "../../shared/ui/lazy-part.ts";
import { SkipLink } from "../../shared/ui/skip-link.tsx";
import { BrandLink } from "./brand-link.tsx";
import { ErrorParamsAlert } from "./error-params-alert.tsx";

// The footer's newsletter box loads after the page itself (and its form's checks on the first submit).
const NewsletterBox = lazy(async () => ({ default: (await import("../../features/newsletter/newsletter-box.tsx")).NewsletterBox }));
// The small screens' menu (a drawer: dialog, focus trap, scroll lock) loads on the first tap of the burger, then stays.
const MenuDrawer = lazyPart(async () => (await import("./menu-drawer.tsx")).MenuDrawer);

function AccountButtons({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const isAuthenticated = useSignedIn();
  const { signIn, signUp } = useSignIn();
  const { config } = useRuntimeConfig();
  if (isAuthenticated) {
    return (
      <Button component={Link} to={AFTER_LOGIN_PATH} onClick={onDone}>
        {t("auth.openApp")}
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Button variant="default" onClick={() => signIn(AFTER_LOGIN_PATH)}>
        {t("auth.signIn")}
      </Button>
      {config.identity.registration_open && <Button onClick={() => signUp(AFTER_SIGNUP_PATH)}>{t("auth.signUp")}</Button>}
    </Group>
  );
}

/** Header, footer and the error alert around the public pages (landing, legal, shared links). */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const links = [
    { to: paths.about, label: t("nav.about") },
    { to: paths.pricing, label: t("nav.pricing") },
    { to: paths.tokens, label: t("nav.tokens") },
    { to: paths.contact, label: t("nav.contact") },
  ];
  const siteLink = (link: (typeof links)[number], onClick?: () => void) => (
    <Anchor
      key={link.to}
      component={Link}
      to={link.to}
      c="dark"
      fw={pathname === link.to ? 700 : 500}
      aria-current={pathname === link.to ? "page" : undefined}
      onClick={onClick}
    >
      {link.label}
    </Anchor>
  );
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap">
              <BrandLink to={paths.main} />
              <Group component="nav" aria-label={t("nav.public")} gap="md" visibleFrom="md">
                {links.map((link) => siteLink(link))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher />
              <Box visibleFrom="sm">
                <AccountButtons />
              </Box>
              <Burger
                hiddenFrom="md"
                opened={menuOpened}
                onClick={() => {
                  setMenuUsed(true);
                  menu.toggle();
                }}
                size="sm"
                aria-label={t("nav.toggle")}
                aria-expanded={menuOpened}
              />
            </Group>
          </Group>
        </Container>
      </Box>
      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            opened={menuOpened}
            onClose={menu.close}
            position="right"
            size="xs"
            title={<BrandLink to={paths.main} />}
            closeButtonProps={{ "aria-label": t("nav.toggle") }}
            hiddenFrom="md"
          >
            <Stack gap="lg">
              <Stack component="nav" aria-label={t("nav.public")} gap="md">
                {links.map((link) => siteLink(link, menu.close))}
              </Stack>
              <AccountButtons onDone={menu.close} />
            </Stack>
          </MenuDrawer>
        </Suspense>
      )}
      <Container size="lg" component="main" id="main" py="xl" w="100%" style={{ flex: 1 }}>
        <ErrorParamsAlert />
        <Outlet />
      </Container>
      <Box component="footer" py="xl" bg="gray.0" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Suspense fallback={null}>
              <NewsletterBox />
            </Suspense>
            <Stack gap="md" justify="space-between">
              <Group component="nav" aria-label={t("nav.legal")} gap="md">
                <Anchor component={Link} to={paths.privacy} size="sm" c="latent.9">
                  {t("nav.privacy")}
                </Anchor>
                <Anchor component={Link} to={paths.terms} size="sm" c="latent.9">
                  {t("nav.terms")}
                </Anchor>
                <Anchor component={Link} to={paths.contact} size="sm" c="latent.9">
                  {t("nav.contact")}
                </Anchor>
              </Group>
              <Text size="sm" c="gray.7">
                {t("footer.tagline")}
              </Text>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
    </Box>
  );
}
