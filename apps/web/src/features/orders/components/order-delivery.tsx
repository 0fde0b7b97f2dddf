import type { Order, OrderShare } from "@latent/domain/orders";
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { EditLinkButton } from "../../link-controls/public/edit-link-button.tsx";
import {
  editValues,
  isPaidPlan,
  type LinkSettingsValues,
  NEW_LINK_VALUES,
  settingsBody,
  settingsProblem,
} from "../../link-controls/public/link-settings.ts";
import { LinkSettingsFields } from "../../link-controls/public/link-settings-fields.tsx";
import { LinkSettingsSummary } from "../../link-controls/public/link-settings-summary.tsx";
import { useCurrentUser } from "../../user/api/get-user.ts";
import { useSendOrder } from "../api/send-order.ts";
import { useShareOrder } from "../api/share-order.ts";
import { useUpdateOrderLink } from "../api/update-order-link.ts";

/** A week: long enough to download, short enough for a link sent by email. */
const ORDER_LINK_END = "7d";

/** A next link starts from the current one's settings (its password kept unless changed) and ends in a week. */
const nextLinkValues = (order: Order): LinkSettingsValues => ({
  ...(order.link ? editValues(order.link) : NEW_LINK_VALUES),
  expiry: ORDER_LINK_END,
});

/**
 * Gives the customer the order: a link to copy, or an email with the lab's template; both with the link's controls
 * (password, downloads, guests' answers) and its end. The current link's settings change without a new code.
 */
export function OrderDelivery({ order }: { order: Order }) {
  const { t, i18n } = useTranslation("orders");
  const errorText = useApiErrorText();
  const share = useShareOrder(order.id);
  const send = useSendOrder(order.id);
  const updateLink = useUpdateOrderLink(order.id);
  const paidPlan = isPaidPlan(useCurrentUser().plan);
  const [settings, setSettings] = useState<LinkSettingsValues>(() => nextLinkValues(order));
  const [tried, setTried] = useState(false);
  const problem = settingsProblem(settings, { paidPlan, now: new Date() });
  const [link, setLink] = useState<OrderShare | null>(null);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

  const ready = () => {
    setTried(true);
    return problem === null;
  };
  const confirmSend = () =>
    ready() &&
    modals.openConfirmModal({
      title: t("send.title"),
      children: <Text size="sm">{t("send.text", { email: order.user_email })}</Text>,
      labels: { confirm: t("send.confirm"), cancel: t("common:actions.cancel") },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () =>
        send.mutate(settingsBody(settings), {
          onSuccess: () => notifications.show({ color: "green", message: t("send.sent", { email: order.user_email }) }),
          onError: (err) => notifications.show({ color: "red", title: t("send.failed"), message: errorText(err) }),
        }),
    });

  return (
    <Stack gap="sm">
      {order.link && (
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {order.link.never_expires
              ? t("guestAnswers:link.currentNever")
              : t("share.current", { date: formatDate(order.link.expires_at) })}
          </Text>
          <Group gap="xs">
            <LinkSettingsSummary settings={order.link} />
            <EditLinkButton link={order.link} save={(body) => updateLink.mutateAsync(body)} label={t("guestAnswers:link.editCurrent")} />
          </Group>
        </Stack>
      )}
      <LinkSettingsFields
        values={settings}
        onChange={setSettings}
        paidPlan={paidPlan}
        editing={order.link ? { hasPassword: order.link.has_password, keepsEnd: false } : undefined}
        problem={tried ? problem : null}
      />
      <Group>
        <Button
          variant="light"
          loading={share.isPending}
          onClick={() => ready() && share.mutate(settingsBody(settings), { onSuccess: setLink })}
        >
          {t("share.create")}
        </Button>
        {/* A collected order's rolls are in the customer's account: there is nothing left to mail them. */}
        {!order.collected && (
          <Button
            loading={send.isPending}
            onClick={confirmSend}
            disabled={order.user_email === null}
            aria-describedby={order.user_email === null ? "order-send-needs-email" : undefined}
          >
            {t("send.button")}
          </Button>
        )}
      </Group>
      {!order.collected && order.user_email === null && (
        <Text size="sm" c="dimmed" id="order-send-needs-email">
          {t("send.needsEmail")}
        </Text>
      )}
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
            {link.never_expires ? t("guestAnswers:link.neverEnds") : t("share.expires", { date: formatDate(link.expires_at) })}
          </Text>
        </Stack>
      )}
      {!link && !order.link && order.share_expires_at && (
        <Text size="sm" c="dimmed">
          {t("share.current", { date: formatDate(order.share_expires_at) })}
        </Text>
      )}
    </Stack>
  );
}
