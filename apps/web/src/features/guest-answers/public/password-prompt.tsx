import { Alert, Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import type { LinkKind } from "../api/link-kind.ts";
import { unlockLink } from "../api/unlock-link.ts";

interface PasswordPromptProps {
  kind: LinkKind;
  code: string;
  /** The link opened: the page fetches what it shows again (the browser now holds the unlock cookie). */
  onUnlocked: () => Promise<unknown>;
}

/** A password link's first screen: asked once, then the browser keeps the link open until it closes. */
export function PasswordPrompt({ kind, code, onUnlocked }: PasswordPromptProps) {
  const { t } = useTranslation("guestAnswers");
  const errorText = useApiErrorText();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async () => {
    if (password === "" || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await unlockLink(kind, code, password);
      await onUnlocked();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const wrong = failure instanceof ApiError && failure.code === "share-password-wrong";

  return (
    <Stack gap="md" maw={440}>
      <Title order={1}>{t(`password.title.${kind}`)}</Title>
      <Text size="sm">{t("password.text")}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <PasswordInput
            label={t("password.label")}
            value={password}
            autoComplete="current-password"
            data-autofocus
            autoFocus
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={wrong ? t("password.wrong") : undefined}
            visibilityToggleButtonProps={{ "aria-label": t("link.showPassword") }}
          />
          {failure !== null && !wrong && (
            <Alert color="red" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <Button type="submit" loading={busy} disabled={password === ""}>
            {t("password.open")}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
