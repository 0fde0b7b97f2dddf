import { paths } from "@latent/domain/app-paths";
import { Alert, Button, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The privacy policy is not accepted yet: rolls cannot be registered until it is. */
export function PrivacyPolicyNotice({ title, text, action }: { title: ReactNode; text: ReactNode; action: ReactNode }) {
  return (
    <Alert color="yellow" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={paths.user.privacy} size="xs">
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}
