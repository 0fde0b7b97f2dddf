import type { WebhookEndpoint } from "@latent/domain/lab-webhooks";
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../../shared/api/use-api-error-text.ts";
import { CopyField } from "../../components/copy-field.tsx";
import { useDeleteWebhook } from "../api/delete-webhook.ts";
import { useRotateWebhookSecret } from "../api/rotate-webhook-secret.ts";
import { useSendWebhook } from "../api/send-webhook.ts";
import { useUpdateWebhook } from "../api/update-webhook.ts";
import { DeliveryLog } from "./delivery-log.tsx";

const LAST_COLOR = { pending: "yellow", delivered: "green", failed: "red" } as const;

/** One endpoint: its address and events, on/off, its last delivery, a test event, the secret's rotation, its log. */
export function WebhookCard({ endpoint, secret }: { endpoint: WebhookEndpoint; secret: string | null }) {
  const { t, i18n } = useTranslation("labWebhooks");
  const errorText = useApiErrorText();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhook(endpoint.id);
  const [rotatedSecret, setShownSecret] = useState<string | null>(null);
  const shownSecret = rotatedSecret ?? secret;
  const [logOpen, setLogOpen] = useState(false);
  const headingId = `webhook-${endpoint.id}`;
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));

  const confirmRotate = () =>
    modals.openConfirmModal({
      title: t("rotate.title"),
      children: <Text size="sm">{t("rotate.text")}</Text>,
      labels: { confirm: t("rotate.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () => rotate.mutate(endpoint.id, { onSuccess: (answer) => setShownSecret(answer.secret) }),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t("delete.title"),
      children: <Text size="sm">{t("delete.text", { url: endpoint.url })}</Text>,
      labels: { confirm: t("delete.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () => remove.mutate(endpoint.id),
    });
  const failure = update.error ?? remove.error ?? rotate.error ?? test.error;

  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={headingId} data-testid="webhook-endpoint">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} ff="monospace" id={headingId} style={{ wordBreak: "break-all" }}>
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </Stack>
          <Switch
            label={t("enabled")}
            checked={endpoint.enabled}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: endpoint.id, body: { enabled: e.currentTarget.checked } })}
          />
        </Group>
        {!endpoint.enabled && (
          <Alert color={endpoint.disabled_reason === "failing" ? "red" : "gray"} role="status">
            {t(endpoint.disabled_reason === "failing" ? "disabledFailing" : "disabledByLab")}
          </Alert>
        )}
        <Group gap={6}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
        <Text size="sm">
          {endpoint.last_delivery ? (
            <>
              {t("last.label")}{" "}
              <Badge color={LAST_COLOR[endpoint.last_delivery.status]} variant="light">
                {t(`status.${endpoint.last_delivery.status}`)}
              </Badge>{" "}
              {t("last.detail", {
                code: endpoint.last_delivery.status_code ?? "—",
                at: when(endpoint.last_delivery.at),
              })}
            </>
          ) : (
            t("last.none")
          )}
        </Text>
        {shownSecret && (
          <Alert color="yellow" role="status" title={t("secret.onceTitle")}>
            <Stack gap="xs">
              <Text size="sm">{t("secret.once")}</Text>
              <CopyField label={t("secret.label")} value={shownSecret} />
            </Stack>
          </Alert>
        )}
        {test.isSuccess && (
          <Alert color={test.data.status === "delivered" ? "green" : "yellow"} role="status">
            {t(test.data.status === "delivered" ? "test.delivered" : "test.notDelivered", {
              answer: test.data.attempts.at(-1)?.status_code ?? test.data.attempts.at(-1)?.error ?? "—",
            })}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={() => test.mutate(null)} loading={test.isPending} disabled={!endpoint.enabled}>
            {t("test.send")}
          </Button>
          <Button size="xs" variant="default" onClick={() => setLogOpen((open) => !open)} aria-expanded={logOpen}>
            {t(logOpen ? "log.hide" : "log.show")}
          </Button>
          <Button size="xs" variant="default" onClick={confirmRotate} loading={rotate.isPending}>
            {t("rotate.button")}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
            {t("delete.button")}
          </Button>
        </Group>
        {logOpen && (
          <section aria-label={t("log.title")}>
            <DeliveryLog endpointId={endpoint.id} enabled={endpoint.enabled} />
          </section>
        )}
      </Stack>
    </Card>
  );
}
