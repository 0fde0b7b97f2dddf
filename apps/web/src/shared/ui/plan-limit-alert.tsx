import { Alert, Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

/**
 * A plan limit, and the way past it (the subscriptions page): refused after a save ("refused", announced), or
 * reached already and shown ahead of time ("notice").
 */
export function PlanLimitAlert({
  title,
  hint,
  action,
  tone = "refused",
}: {
  title: ReactNode;
  hint: ReactNode;
  action: ReactNode;
  tone?: "refused" | "notice";
}) {
  return (
    <Alert color={tone === "refused" ? "red" : "yellow"} title={title} role={tone === "refused" ? "alert" : undefined}>
      <Text size="sm">
        {hint}{" "}
        <Anchor component={Link} to={paths.user.subscriptions} inherit>
          {action}
        </Anchor>
      </Text>
    </Alert>
  );
}
