import type { Order, OrderShare } from "@latent/domain/orders";
import { Alert, Button, CopyButton, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useSendOrder } from "../api/send-order.ts";
import { useShareOrder } from "../api/share-order.ts";
import { DEFAULT_EXPIRATION, EXPIRATION_CHOICES, type ExpirationChoice, expirationMinutes } from "../share-expirations.ts";

/** Gives the customer the order: a link to copy, or an email with the lab's template; both end after the chosen time. */
export function OrderDelivery({ order }: { order: Order }) {
  const { t, i18n } = useTranslation("orders");
  const errorText = useApiErrorText();
  const share = useShareOrder(order.id);
  const send = useSendOrder(order.id);
  const [choice, setChoice] = useState<ExpirationChoice>(DEFAULT_EXPIRATION);
  const [link, setLink] = useState<OrderShare | null>(null);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

  const confirmSend = () =>
    modals.openConfirmModal({
      title: t("send.title"),
      children: <Text size="sm">{t("send.text", { email: order.user_email })}</Text>,
      labels: { confirm: t("send.confirm"), cancel: t("common:actions.cancel") },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () =>
        send.mutate(expirationMinutes(choice), {
          onSuccess: () => notifications.show({ color: "green", message: t("send.sent", { email: order.user_email }) }),
          onError: (err) => notifications.show({ color: "red", title: t("send.failed"), message: errorText(err) }),
        }),
    });

  return (
    <Stack gap="sm">
      <Radio.Group label={t("share.expiry")} value={choice} onChange={(value) => setChoice(value as ExpirationChoice)}>
        <Group gap="md" mt="xs">
          {EXPIRATION_CHOICES.map((key) => (
            <Radio key={key} value={key} label={t(`share.expiries.${key}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Group>
        <Button variant="light" loading={share.isPending} onClick={() => share.mutate(expirationMinutes(choice), { onSuccess: setLink })}>
          {t("share.create")}
        </Button>
        {/* A collected order's rolls are in the customer's account: there is nothing left to mail them. */}
        {!order.collected && (
          <Button loading={send.isPending} onClick={confirmSend}>
            {t("send.button")}
          </Button>
        )}
      </Group>
      {share.isError && (
        <Alert color="red" role="alert">
          {errorText(share.error)}
        </Alert>
      )}
      {link && (
        <Stack gap="xs" aria-live="polite">
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t("share.link")}
              value={link.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button color={copied ? "teal" : undefined} onClick={copy}>
                  {copied ? t("share.copied") : t("share.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t("share.expires", { date: formatDate(link.expires_at) })}
          </Text>
        </Stack>
      )}
      {!link && order.share_expires_at && (
        <Text size="sm" c="dimmed">
          {t("share.current", { date: formatDate(order.share_expires_at) })}
        </Text>
      )}
    </Stack>
  );
}
