import { hasRoomFor } from "@latent/domain/plans";
import { Button, Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

interface UsageCardProps {
  title: string;
  used: number;
  /** null: the plan sets no limit. */
  limit: number | null;
  action?: { to: string; label: string };
}

/** How much of one plan limit is used, in words and as a bar that turns red when the limit is reached. */
export function UsageCard({ title, used, limit, action }: UsageCardProps) {
  const { t } = useTranslation("dashboard");
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const full = !hasRoomFor(used, limit);
  const summary = limit === null ? t("usage.unlimited", { used }) : t("usage.of", { used, limit });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text fw={600}>{summary}</Text>
        </Group>
        <Progress value={limit === null ? 0 : percent} color={full ? "red" : "latent"} size="lg" aria-label={`${title}: ${summary}`} />
        {full && (
          <Text size="sm" c="red.8">
            {t("usage.full")}
          </Text>
        )}
        {action && (
          <div>
            <Button component={Link} to={action.to} variant="light" size="xs">
              {action.label}
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
