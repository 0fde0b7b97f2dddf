import { Anchor, Box, Button, Container, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAuth } from "react-oidc-context";
import { Link, Outlet } from "react-router";
import { AFTER_LOGIN_PATH, paths } from "../../config/paths.ts";
import { useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher.tsx";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";
import { SkipLink } from "../../shared/ui/skip-link.tsx";
import { BrandLink } from "./brand-link.tsx";
import { ErrorParamsAlert } from "./error-params-alert.tsx";

function AccountButtons() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const { signIn, signUp } = useSignIn();
  const { config } = useRuntimeConfig();
  if (isAuthenticated) {
    return (
      <Button component={Link} to={AFTER_LOGIN_PATH}>
        {t("auth.openApp")}
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Button variant="default" onClick={() => signIn(AFTER_LOGIN_PATH)}>
        {t("auth.signIn")}
      </Button>
      {config.identity.registration_open && <Button onClick={() => signUp(AFTER_LOGIN_PATH)}>{t("auth.signUp")}</Button>}
    </Group>
  );
}

/** Header, footer and the error alert around the public pages (landing, legal, shared links). */
export function PublicLayout() {
  const { t } = useTranslation();
  const links = [
    { to: paths.about, label: t("nav.about") },
    { to: paths.pricing, label: t("nav.pricing") },
    { to: paths.tokens, label: t("nav.tokens") },
    { to: paths.contact, label: t("nav.contact") },
  ];
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap">
              <BrandLink to={paths.main} />
              <Group component="nav" aria-label={t("nav.public")} gap="md" visibleFrom="sm">
                {links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} c="dark">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher />
              <AccountButtons />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" component="main" id="main" py="xl" w="100%" style={{ flex: 1 }}>
        <ErrorParamsAlert />
        <Outlet />
      </Container>
      <Box component="footer" py="md" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="lg">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t("footer.tagline")}
            </Text>
            <Group component="nav" aria-label={t("nav.legal")} gap="md">
              <Anchor component={Link} to={paths.privacy} size="sm">
                {t("nav.privacy")}
              </Anchor>
              <Anchor component={Link} to={paths.terms} size="sm">
                {t("nav.terms")}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
