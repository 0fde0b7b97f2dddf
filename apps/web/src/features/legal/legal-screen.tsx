import { paths } from "@latent/domain/app-paths";
import { Anchor, Box, Button, List, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export type LegalDocument = "privacy" | "terms";

/** The day the texts of `legal.json` were last changed; shown on both pages in the reader's date format. */
const LAST_UPDATED = new Date("2026-11-23T12:00:00Z");

interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

interface LegalText {
  title: string;
  intro: string[];
  sections: LegalSection[];
}

/** Privacy policy and terms: every heading, paragraph and list item is a translated text of `legal.json`. */
export function LegalScreen({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation("legal");
  const text = t(document, { returnObjects: true }) as LegalText;
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(LAST_UPDATED);
  useDocumentTitle(`${text.title} · Latent`);
  const sectionId = (index: number) => `${document}-${index + 1}`;

  return (
    <Stack gap="lg" maw={760} component="article" aria-labelledby="legal-title">
      <Stack gap={4}>
        <Title order={1} id="legal-title">
          {text.title}
        </Title>
        <Text size="sm" c="gray.7">
          {t("updated", { date: updated })}
        </Text>
      </Stack>
      {text.intro.map((paragraph) => (
        <Text key={paragraph} size="lg">
          {paragraph}
        </Text>
      ))}
      <Box component="nav" aria-labelledby="legal-contents" p="md" bg="gray.0" style={{ borderRadius: "var(--mantine-radius-md)" }}>
        <Title order={2} size="h5" id="legal-contents" mb="xs">
          {t("contents")}
        </Title>
        <List type="ordered" spacing={4} size="sm">
          {text.sections.map((section, index) => (
            <List.Item key={section.title}>
              <Anchor href={`#${sectionId(index)}`} c="latent.9" size="sm">
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Box>
      {text.sections.map((section, index) => (
        <Stack key={section.title} gap="sm" component="section" aria-labelledby={sectionId(index)}>
          <Title order={2} size="h3" id={sectionId(index)} style={{ scrollMarginTop: 16 }}>
            {`${index + 1}. ${section.title}`}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          {section.items && (
            <List spacing="xs">
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
      <Box>
        <Button component={Link} to={paths.contact} variant="default">
          {t("contactButton")}
        </Button>
      </Box>
    </Stack>
  );
}
