import { Alert, Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

/** A plan limit was hit: what happened, and the way past it (the subscriptions page). */
export function PlanLimitAlert({ title, hint, action }: { title: ReactNode; hint: ReactNode; action: ReactNode }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm">
        {hint}{" "}
        <Anchor component={Link} to={paths.user.subscriptions} inherit>
          {action}
        </Anchor>
      </Text>
    </Alert>
  );
}
