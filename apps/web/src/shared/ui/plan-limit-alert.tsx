import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A save refused at a plan limit (a race with another tab: the button said nothing yet), announced, with the way
 * past it (the subscriptions page). Reaching the limit ahead of time is said at the button (PlanLimitedButton).
 */
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
