import type { IntegrationsState } from "@latent/domain/integrations";
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useConnectWooCommerce } from "../api/connect-woocommerce.ts";
import { useDisconnectWooCommerce } from "../api/disconnect-woocommerce.ts";
import { CopyField } from "./copy-field.tsx";

/** Connects a WooCommerce store (its own authorisation page) and gives the webhook address its orders are sent to. */
export function WooCommerceCard({ status, labId }: { status: IntegrationsState["woocommerce"]; labId: string }) {
  const { t } = useTranslation("lab");
  const errorText = useApiErrorText();
  const connect = useConnectWooCommerce();
  const disconnect = useDisconnectWooCommerce();
  const [store, setStore] = useState("");
  const webhook = `${window.location.origin}/api/integrations/woocommerce/webhook/${encodeURIComponent(labId)}`;

  const startConnect = (event: FormEvent) => {
    event.preventDefault();
    if (!store.trim()) return;
    connect.mutate(store.trim(), { onSuccess: ({ url }) => window.location.assign(url) });
  };
  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: t("woocommerce.disconnectTitle"),
      children: <Text size="sm">{t("woocommerce.disconnectText")}</Text>,
      labels: { confirm: t("woocommerce.disconnect"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: () => notifications.show({ color: "green", message: t("woocommerce.disconnected") }),
          onError: (err) => notifications.show({ color: "red", message: errorText(err) }),
        }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="woocommerce-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="woocommerce-heading">
          WooCommerce
        </Title>
        {status.connected ? (
          <Stack gap="sm">
            <Text size="sm">{t("woocommerce.connected", { store: status.store_url ?? "" })}</Text>
            <CopyField label={t("woocommerce.webhook")} description={t("woocommerce.webhookHint")} value={webhook} />
            <Group>
              <Button variant="light" color="red" loading={disconnect.isPending} onClick={confirmDisconnect}>
                {t("woocommerce.disconnect")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={startConnect} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t("woocommerce.text")}</Text>
              <Group align="flex-end">
                <TextInput
                  label={t("woocommerce.store")}
                  placeholder="https://shop.example.com"
                  type="url"
                  value={store}
                  onChange={(event) => setStore(event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button type="submit" loading={connect.isPending} disabled={!store.trim()}>
                  {t("woocommerce.connect")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {connect.isError && (
          <Alert color="red" role="alert">
            {errorText(connect.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
