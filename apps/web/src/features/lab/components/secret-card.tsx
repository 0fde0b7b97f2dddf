import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useCreateIntegrationSecret } from "../api/create-integration-secret.ts";
import { CopyField } from "./copy-field.tsx";

/** The secret the lab's stores use to reach Latent: shown once when made; a new one replaces the old. */
export function SecretCard({ secretSet }: { secretSet: boolean }) {
  const { t } = useTranslation("lab");
  const errorText = useApiErrorText();
  const create = useCreateIntegrationSecret();
  const [secret, setSecret] = useState<string | null>(null);

  const generate = () => create.mutate(undefined, { onSuccess: (answer) => setSecret(answer.secret) });
  const regenerate = () =>
    modals.openConfirmModal({
      title: t("secret.regenerateTitle"),
      children: <Text size="sm">{t("secret.regenerateText")}</Text>,
      labels: { confirm: t("secret.regenerate"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: generate,
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="secret-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="secret-heading">
          {t("secret.title")}
        </Title>
        <Text size="sm">{t(secretSet ? "secret.set" : "secret.notSet")}</Text>
        {secret && (
          <Alert color="yellow" role="status" title={t("secret.onceTitle")}>
            <Stack gap="xs">
              <Text size="sm">{t("secret.once")}</Text>
              <CopyField label={t("secret.label")} value={secret} />
            </Stack>
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Group>
          <Button loading={create.isPending} variant={secretSet ? "default" : "filled"} onClick={secretSet ? regenerate : generate}>
            {t(secretSet ? "secret.regenerate" : "secret.create")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
