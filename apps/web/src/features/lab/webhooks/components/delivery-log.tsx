import type { WebhookDelivery } from "@latent/domain/lab-webhooks";
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../../shared/api/use-api-error-text.ts";
import { LoadFailedAlert } from "../../../../shared/ui/load-failed-alert.tsx";
import { useSendWebhook } from "../api/send-webhook.ts";
import { useWebhookDeliveries } from "../api/webhook-deliveries.ts";

const STATUS_COLOR: Record<WebhookDelivery["status"], string> = { pending: "yellow", delivered: "green", failed: "red" };

/** An endpoint's deliveries, newest first: event, outcome, each attempt with its time and answer, and "Resend". */
export function DeliveryLog({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const { t, i18n } = useTranslation("labWebhooks");
  const errorText = useApiErrorText();
  const log = useWebhookDeliveries(endpointId);
  const send = useSendWebhook(endpointId);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" });
  const when = (iso: string) => time.format(new Date(iso));

  if (log.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t("log.loading")}>
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  }
  if (log.isError) {
    return <LoadFailedAlert title={t("log.loadFailed")} error={log.error} onRetry={() => log.refetch()} />;
  }
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  if (!deliveries.length)
    return (
      <Text size="sm" c="dimmed">
        {t("log.empty")}
      </Text>
    );

  return (
    <Stack gap="xs">
      {send.isError && (
        <Alert color="red" role="alert">
          {errorText(send.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t("log.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("log.event")}</Table.Th>
              <Table.Th>{t("log.status")}</Table.Th>
              <Table.Th>{t("log.attempts")}</Table.Th>
              <Table.Th>{t("log.next")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("log.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((d) => (
              <Table.Tr key={d.id} data-testid="webhook-delivery">
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {d.type}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when(d.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]} variant="light">
                    {t(`status.${d.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="xs">{t("log.attemptCount", { count: d.attempts.length })}</Text>
                    {d.attempts.map((a) => (
                      <Text size="xs" c="dimmed" key={a.at}>
                        {t("log.attempt", {
                          at: when(a.at),
                          answer: a.status_code === null ? (a.error ?? "") : String(a.status_code),
                          ms: a.duration_ms,
                        })}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{d.next_attempt_at ? when(d.next_attempt_at) : "—"}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!enabled}
                    loading={send.isPending && send.variables === d.id}
                    onClick={() => send.mutate(d.id)}
                    aria-label={t("log.resendNamed", { event: d.type, at: when(d.created_at) })}
                  >
                    {t("log.resend")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.hasNextPage && (
        <Group>
          <Button size="xs" variant="subtle" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
            {t("log.older")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
