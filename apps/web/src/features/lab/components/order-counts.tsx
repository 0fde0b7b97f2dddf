import { paths } from "@latent/domain/app-paths";
import type { MyLab } from "@latent/domain/labs";
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const COUNTS = ["created", "shared", "sent", "collected", "total"] as const;

/** The lab's orders counted by status, with the way to them. */
export function OrderCounts({ counts }: { counts: MyLab["orders"] }) {
  const { t } = useTranslation("lab");
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lab-orders-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="lab-orders-heading">
            {t("orders.title")}
          </Title>
          <Button component={Link} to={paths.user.orders} variant="light">
            {t("orders.open")}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0}>
          {COUNTS.map((status) => (
            <div key={status}>
              <Text component="dt" size="sm" c="dimmed">
                {t(`orders.counts.${status}`)}
              </Text>
              <Text component="dd" m={0} fz="xl" fw={700}>
                {counts[status]}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
