import { Anchor, Skeleton, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LoadFailedAlert } from "../../../shared/ui/load-failed-alert.tsx";
import { useWebhooks } from "./api/list-webhooks.ts";
import { AddWebhookForm } from "./components/add-webhook-form.tsx";
import { WebhookCard } from "./components/webhook-card.tsx";

/**
 * The lab's webhooks (issue 30): endpoints that receive its order and roll events, signed the Standard Webhooks way.
 * A new endpoint's secret is shown once, on its card, until the page is left.
 */
export function LabWebhooksScreen() {
  const { t } = useTranslation("labWebhooks");
  const endpoints = useWebhooks();
  const [secrets, setSecrets] = useState<Record<string, string>>({});

  let body: ReactNode;
  if (endpoints.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label={t("loading")}>
        <Skeleton height={140} />
        <Skeleton height={140} />
      </Stack>
    );
  } else if (endpoints.isError) {
    body = <LoadFailedAlert title={t("loadFailed")} error={endpoints.error} onRetry={() => endpoints.refetch()} />;
  } else if (!endpoints.data.length) {
    body = (
      <Text size="sm" c="dimmed">
        {t("empty")}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {endpoints.data.map((endpoint) => (
          <WebhookCard key={endpoint.id} endpoint={endpoint} secret={secrets[endpoint.id] ?? null} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("title")}
      </Title>
      <Text size="sm" c="dimmed">
        <Trans
          t={t}
          i18nKey="text"
          components={{ spec: <Anchor href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer" size="sm" /> }}
        />
      </Text>
      <AddWebhookForm onCreated={(made) => setSecrets((all) => ({ ...all, [made.id]: made.secret }))} />
      <Title order={3} size="h4">
        {t("listTitle")}
      </Title>
      {body}
    </Stack>
  );
}
