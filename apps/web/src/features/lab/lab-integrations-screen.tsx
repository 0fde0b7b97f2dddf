import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useIntegrations } from "./api/get-integrations.ts";
import { SecretCard } from "./components/secret-card.tsx";
import { ShopifyCard } from "./components/shopify-card.tsx";
import { WooCommerceCard } from "./components/woocommerce-card.tsx";

/** The lab's online stores: the shared secret, Shopify (connect, import orders) and WooCommerce (connect, webhook). */
export function LabIntegrationsScreen() {
  const { t } = useTranslation("lab");
  const user = useCurrentUser();
  const integrations = useIntegrations();
  const [searchParams, setSearchParams] = useSearchParams();
  const shopifyReturn = searchParams.get("shopify");

  // Back from Shopify's install page: say how it went once, then drop the parameter so a reload does not repeat it.
  useEffect(() => {
    if (shopifyReturn !== "connected" && shopifyReturn !== "failed") return;
    notifications.show(
      shopifyReturn === "connected"
        ? { color: "green", message: t("shopify.connectedNotice") }
        : { color: "red", message: t("shopify.failedNotice") },
    );
    setSearchParams(
      (params) => {
        params.delete("shopify");
        return params;
      },
      { replace: true },
    );
  }, [shopifyReturn, setSearchParams, t]);

  let body: ReactNode;
  if (integrations.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label={t("integrations.loading")}>
        <Skeleton height={120} />
        <Skeleton height={160} />
        <Skeleton height={160} />
      </Stack>
    );
  } else if (integrations.isError) {
    body = <LoadFailedAlert title={t("integrations.loadFailed")} error={integrations.error} onRetry={() => integrations.refetch()} />;
  } else {
    body = (
      <Stack gap="lg">
        <SecretCard secretSet={integrations.data.secret_set} />
        <ShopifyCard status={integrations.data.shopify} />
        <WooCommerceCard status={integrations.data.woocommerce} labId={user.user_id} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("integrations.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("integrations.text")}
      </Text>
      {body}
    </Stack>
  );
}
