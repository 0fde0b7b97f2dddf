import { paths } from "@latent/domain/app-paths";
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { filmTitle } from "../../films/public/uploads.ts";
import { useOrders } from "../../orders/api/list-orders.ts";
import { statusColor } from "../../orders/public/order-status.ts";

/**
 * A lab's first screen on a phone: its orders, newest first, each with its customer, its status and its rolls, a roll
 * one tap from its scans (the companion's roll page adds photos from the phone).
 */
export function LabOrdersList() {
  const { t } = useTranslation(["companion", "orders"]);
  const errorText = useApiErrorText();
  const orders = useOrders({});

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("companion:labOrders.title")}
      </Title>
      {orders.isPending ? (
        <Loader aria-label={t("companion:labOrders.loading")} />
      ) : orders.isError ? (
        <Alert color="red" role="alert" title={t("companion:labOrders.failed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(orders.error)}</Text>
            <Button size="xs" variant="light" onClick={() => orders.refetch()}>
              {t("companion:retry")}
            </Button>
          </Stack>
        </Alert>
      ) : orders.data.length === 0 ? (
        <Text c="dimmed">{t("companion:labOrders.empty")}</Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={t("companion:labOrders.title")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {orders.data.map((order) => {
            // A hot folder's order may not know its customer yet: it says so instead of a name.
            const title = `${order.reference} · ${order.user_email === null && !order.user_name ? t("orders:waitingCustomer") : order.user_name}`;
            return (
              <li key={order.id}>
                <Card withBorder padding="sm" radius="md" component="section" aria-label={title}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} truncate>
                      {title}
                    </Text>
                    <Badge color={statusColor(order.status)} variant="light">
                      {t(`orders:status.${order.status}`)}
                    </Badge>
                  </Group>
                  {order.films.length === 0 ? (
                    <Text size="sm" c="dimmed" mt={4}>
                      {t("companion:labOrders.noRolls")}
                    </Text>
                  ) : (
                    <Stack gap={4} mt={6}>
                      {order.films.map((film) => (
                        <Button
                          key={film.id}
                          component={Link}
                          to={paths.companion.roll.to(film.id)}
                          variant="light"
                          justify="space-between"
                          rightSection={t("companion:rolls.shots", { count: film.shots.length })}
                        >
                          {filmTitle(film)}
                        </Button>
                      ))}
                    </Stack>
                  )}
                </Card>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
