import { AFTER_LOGIN_PATH, AFTER_SIGNUP_PATH } from "@latent/domain/app-paths";
import { PLANS } from "@latent/domain/plans";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignedIn, useSignIn } from "../../../shared/auth/auth-session-context.tsx";
import { useRuntimeConfig } from "../../../shared/runtime-config/runtime-config-context.tsx";

/**
 * The ways in: sign-up (the identity provider's sign-up page, in the visitor's language) and sign-in; for a signed-in
 * visitor, the way back to the app. When the operator closed registration, says so instead of offering sign-up.
 */
export function SignUpActions({ size = "md" }: { size?: "md" | "lg" }) {
  const { t } = useTranslation("landing");
  const isAuthenticated = useSignedIn();
  const { signIn, signUp } = useSignIn();
  const { config } = useRuntimeConfig();
  if (isAuthenticated) {
    return (
      <Group>
        <Button size={size} component={Link} to={AFTER_LOGIN_PATH}>
          {t("common:auth.openApp")}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <Group>
        {config.identity.registration_open && (
          <Button size={size} onClick={() => signUp(AFTER_SIGNUP_PATH)}>
            {t("hero.signUp")}
          </Button>
        )}
        <Button size={size} variant="default" onClick={() => signIn(AFTER_LOGIN_PATH)}>
          {t("hero.signIn")}
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        {config.identity.registration_open
          ? t("freePlan", {
              films: t("count.rolls", { count: PLANS.free.maxFilms }),
              gear: t("count.gear", { count: PLANS.free.maxGear }),
            })
          : t("errors:api.signin-blocked")}
      </Text>
    </Stack>
  );
}
