import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useAcceptPrivacyPolicy } from "../user/api/accept-privacy-policy.ts";
import { useCurrentUser } from "../user/api/get-user.ts";

/** The privacy policy's summary, to be accepted before registering rolls (spec §5), with the whole policy a click away. */
export function PrivacyAcceptanceScreen() {
  const { t } = useTranslation("profile");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const accept = useAcceptPrivacyPolicy();
  const navigate = useNavigate();
  const paragraphs = t("landing:legal.privacy.paragraphs", { returnObjects: true }) as string[];

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("privacy.accepted") });
        navigate(paths.user.home);
      },
      onError: (err) => notifications.show({ color: "red", title: t("privacy.failed"), message: errorText(err) }),
    });

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t("privacy.title")}</Title>
      <Paper withBorder p="lg" component="article" aria-label={t("landing:legal.privacy.title")}>
        <Stack gap="sm">
          {paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          {/* A new tab, so the acceptance waits here while the policy is read. */}
          <Anchor href={paths.privacy} target="_blank" rel="noopener" c="latent.9" fw={600}>
            {t("privacy.fullPolicy")}
            <VisuallyHidden> {t("common:newTab")}</VisuallyHidden>
          </Anchor>
        </Stack>
      </Paper>
      {user.policy_accepted ? (
        <Alert color="green" title={t("privacy.alreadyTitle")}>
          {t("privacy.already")}
        </Alert>
      ) : (
        <Group>
          <Button onClick={onAccept} loading={accept.isPending}>
            {t("privacy.accept")}
          </Button>
          <Button component={Link} to={paths.user.home} variant="default">
            {t("privacy.later")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
