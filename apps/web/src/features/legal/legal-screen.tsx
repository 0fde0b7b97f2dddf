import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

export type LegalDocument = "privacy" | "terms";

/** Short legal pages; each paragraph is a translated key so all five languages say the same. */
export function LegalScreen({ document }: { document: LegalDocument }) {
  const { t } = useTranslation("landing");
  const paragraphs = t(`legal.${document}.paragraphs`, { returnObjects: true }) as string[];
  return (
    <Stack gap="md" maw={720} component="article">
      <Title order={1}>{t(`legal.${document}.title`)}</Title>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
    </Stack>
  );
}
