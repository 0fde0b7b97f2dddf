import { AFTER_LOGIN_PATH, paths } from "@latent/domain/app-paths";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { identityErrorOf } from "../../shared/auth/identity-error.ts";

/**
 * Where a refused request leads: say why and offer the two ways on. Reached from a page of the app (a session that
 * ended under it), signing in again happens in a popup, so that page and what runs in it (uploads, downloads) stay,
 * and the user goes back to it; opened on its own, the sign-in takes the whole page as usual.
 */
export function UnauthorizedScreen() {
  const { t } = useTranslation();
  const { signIn, signInInPopup } = useSignIn();
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== "default";
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signInAgain = async () => {
    if (!cameFromApp) return signIn(AFTER_LOGIN_PATH);
    setBusy(true);
    setFailure(null);
    try {
      await signInInPopup();
      navigate(-1);
    } catch (err) {
      const { code } = identityErrorOf(err);
      // A browser that blocks popups: the whole page goes to the sign-in instead.
      if (code === "request_error" && /popup/i.test(err instanceof Error ? err.message : "")) return signIn(AFTER_LOGIN_PATH);
      setFailure(t(`errors:identity.${code}`, { defaultValue: t("errors:identity.request_error") }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1}>{t("unauthorized.title")}</Title>
      <Text>{t("unauthorized.text")}</Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void signInAgain()} loading={busy}>
          {t("auth.signInAgain")}
        </Button>
        <Button component={Link} to={paths.main} variant="default">
          {t("notFound.home")}
        </Button>
      </Group>
    </Stack>
  );
}
