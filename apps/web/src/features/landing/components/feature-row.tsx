import { Box, Flex, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface FeatureRowProps {
  title: string;
  text: string;
  /** The mock-up shown beside the text. */
  art: ReactNode;
  /** Puts the picture first on wide screens, so consecutive rows alternate. */
  artFirst?: boolean;
}

/** A heading and a paragraph next to an illustration; on phones the picture follows the text. */
export function FeatureRow({ title, text, art, artFirst = false }: FeatureRowProps) {
  return (
    <Flex
      direction={{ base: "column", md: artFirst ? "row-reverse" : "row" }}
      gap={{ base: "lg", md: 48 }}
      align={{ base: "stretch", md: "center" }}
    >
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Title order={3}>{title}</Title>
        <Text size="lg">{text}</Text>
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>{art}</Box>
    </Flex>
  );
}
