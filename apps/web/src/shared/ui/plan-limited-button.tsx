import { paths } from "@latent/domain/app-paths";
import { Anchor, Button, Group, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

interface PlanLimitedButtonProps {
  /** True when the plan has no room left for one more: the button is disabled and says why. */
  full: boolean;
  /** Why, in a sentence ("Your plan's limit of 3 rolls is used up."). */
  reason: ReactNode;
  /** The link to the subscriptions page. */
  upgrade: ReactNode;
  onClick: () => void;
  children: ReactNode;
  justify?: "flex-end" | "center";
}

/**
 * A button that adds something a plan limits (a roll, a camera, a lens). At the limit it is disabled before any
 * form is filled, with the reason beside it (not only a tooltip) and the way to upgrade.
 */
export function PlanLimitedButton({ full, reason, upgrade, onClick, children, justify = "flex-end" }: PlanLimitedButtonProps) {
  const reasonId = useId();
  if (!full) return <Button onClick={onClick}>{children}</Button>;
  return (
    <Group gap="sm" justify={justify} wrap="wrap">
      <Text size="sm" id={reasonId} maw={420} ta={justify === "center" ? "center" : "end"}>
        {reason}{" "}
        <Anchor component={Link} to={paths.user.subscriptions} inherit>
          {upgrade}
        </Anchor>
      </Text>
      <Button disabled aria-describedby={reasonId}>
        {children}
      </Button>
    </Group>
  );
}
