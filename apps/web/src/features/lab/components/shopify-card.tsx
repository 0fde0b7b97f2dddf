import { type IntegrationsState, SHOPIFY_IMPORT_DEFAULT, SHOPIFY_IMPORT_MAX, SHOPIFY_IMPORT_MIN } from "@latent/domain/integrations";
import { Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useConnectShopify } from "../api/connect-shopify.ts";
import { useImportShopifyOrders } from "../api/import-shopify-orders.ts";

/** Connects a Shopify shop (through Shopify's own install page) and imports its latest orders. */
export function ShopifyCard({ status }: { status: IntegrationsState["shopify"] }) {
  const { t } = useTranslation("lab");
  const errorText = useApiErrorText();
  const connect = useConnectShopify();
  const importOrders = useImportShopifyOrders();
  const [shop, setShop] = useState("");
  const [count, setCount] = useState<number>(SHOPIFY_IMPORT_DEFAULT);

  const startConnect = (event: FormEvent) => {
    event.preventDefault();
    if (!shop.trim()) return;
    // Shopify asks the shop's owner there, then sends the browser back to this screen with ?shopify=.
    connect.mutate(shop.trim(), { onSuccess: ({ url }) => window.location.assign(url) });
  };
  const startImport = (event: FormEvent) => {
    event.preventDefault();
    importOrders.mutate(count, {
      onSuccess: ({ imported, skipped }) =>
        notifications.show({ color: "green", message: t("shopify.imported", { count: imported, skipped }) }),
      onError: (err) => notifications.show({ color: "red", title: t("shopify.importFailed"), message: errorText(err) }),
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="shopify-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="shopify-heading">
          Shopify
        </Title>
        {!status.connected && !status.available ? (
          <Text size="sm">{t("shopify.unavailable")}</Text>
        ) : status.connected ? (
          <form onSubmit={startImport} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t("shopify.connected", { shop: status.shop ?? "" })}</Text>
              <Group align="flex-end">
                <NumberInput
                  label={t("shopify.count")}
                  min={SHOPIFY_IMPORT_MIN}
                  max={SHOPIFY_IMPORT_MAX}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={count}
                  onChange={(value) => setCount(typeof value === "number" ? value : SHOPIFY_IMPORT_DEFAULT)}
                  w={180}
                />
                <Button type="submit" loading={importOrders.isPending}>
                  {t("shopify.import")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={startConnect} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t("shopify.text")}</Text>
              <Group align="flex-end">
                <TextInput
                  label={t("shopify.shop")}
                  placeholder="name.myshopify.com"
                  value={shop}
                  onChange={(event) => setShop(event.currentTarget.value)}
                  error={connect.isError ? errorText(connect.error) : undefined}
                  style={{ flex: 1 }}
                />
                <Button type="submit" loading={connect.isPending} disabled={!shop.trim()}>
                  {t("shopify.connect")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {importOrders.isError && (
          <Alert color="red" role="alert">
            {errorText(importOrders.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
