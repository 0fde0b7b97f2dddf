import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { formatMinorPrice } from "../pricing/public/plan-format.ts";
import { useShipments } from "./api/list-shipments.ts";
import { ShipmentStatusBadge } from "./shipment-status-badge.tsx";

/** The caller's shipments of sticker packs, newest first, each opening its own page. */
export function ShipmentHistoryScreen() {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const shipments = useShipments();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="xs">
        <Title order={1}>{t("shipmentHistory.title")}</Title>
        <Text size="lg">{t("shipmentHistory.intro")}</Text>
      </Stack>

      {shipments.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t("shipmentHistory.loading")} />
        </Group>
      ) : shipments.error ? (
        <Alert color="red" role="alert" title={t("failed")}>
          {errorText(shipments.error)}
        </Alert>
      ) : shipments.data.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t("shipmentHistory.empty")}</Text>
            <Button component={Link} to={paths.user.tokenPacks}>
              {t("shipmentHistory.toPacks")}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("shipmentHistory.date")}</Table.Th>
                <Table.Th ta="right">{t("shipmentHistory.packs")}</Table.Th>
                <Table.Th ta="right">{t("shipmentHistory.total")}</Table.Th>
                <Table.Th>{t("shipmentHistory.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipments.data.map((shipment) => {
                const total = shipment.total ?? shipment.subtotal;
                return (
                  <Table.Tr key={shipment.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.user.shipment.to(shipment.id)}
                        aria-label={t("shipmentHistory.open", { date: date(shipment.created_at) })}
                      >
                        {date(shipment.created_at)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{shipment.items.reduce((sum, line) => sum + line.quantity, 0)}</Table.Td>
                    <Table.Td ta="right">
                      {formatMinorPrice(total.amount, total.currency, i18n.language)}
                      {shipment.total ? "" : ` ${t("shipmentHistory.beforeShipping")}`}
                    </Table.Td>
                    <Table.Td>
                      <ShipmentStatusBadge status={shipment.status} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
