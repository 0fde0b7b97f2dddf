import { Paper, Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** A profile section of this feature: a region named by its heading, so it can be found and reached by name. */
export function AccountSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
