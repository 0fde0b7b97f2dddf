import { LAB_KEY_REQUESTS_PER_MINUTE, LAB_KEYS_MAX } from "@latent/domain/lab-api-keys";
import { Card, Code, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailedAlert } from "../../../shared/ui/load-failed-alert.tsx";
import { CreateKeyForm } from "./create-key-form.tsx";
import { useLabApiKeys } from "./get-lab-api-keys.ts";
import { KeyList } from "./key-list.tsx";

/** The lab's API keys (issue 30): for its scripts and the `latent` CLI; made, listed and revoked here. */
export function LabApiKeysScreen() {
  const { t } = useTranslation("labApiKeys");
  const keys = useLabApiKeys();

  let list: ReactNode;
  if (keys.isPending) {
    list = (
      <Stack gap="xs" aria-busy="true" aria-label={t("list.loading")}>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (keys.isError) {
    list = <LoadFailedAlert title={t("list.loadFailed")} error={keys.error} onRetry={() => keys.refetch()} />;
  } else if (keys.data.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        {t("list.empty")}
      </Text>
    );
  } else {
    list = <KeyList keys={keys.data} />;
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("intro")} <Code>Authorization: Bearer latk_…</Code>
      </Text>
      <Text size="sm" c="dimmed">
        {t("limits", { keys: LAB_KEYS_MAX, requests: LAB_KEY_REQUESTS_PER_MINUTE })}
      </Text>
      <CreateKeyForm />
      <Card withBorder padding="lg" component="section" aria-labelledby="keys-heading">
        <Stack gap="sm">
          <Title order={3} size="h4" id="keys-heading">
            {t("list.title")}
          </Title>
          {list}
        </Stack>
      </Card>
    </Stack>
  );
}
