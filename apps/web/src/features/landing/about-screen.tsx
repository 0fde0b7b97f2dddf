import { paths } from "@latent/domain/app-paths";
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BetaSection } from "../beta/public/beta-section.tsx";

const VALUES = ["film", "privacy", "labs", "languages"] as const;

/** Who makes Latent and why, what it cares about, and the open-beta sign-up. */
export function AboutScreen() {
  const { t } = useTranslation("landing");
  const story = t("about.story", { returnObjects: true }) as string[];
  useDocumentTitle(`${t("about.title")} · Latent`);
  return (
    <Stack gap={56}>
      <Stack gap="md" maw={760}>
        <Title order={1}>{t("about.title")}</Title>
        <Text size="xl">{t("about.lead")}</Text>
        {story.map((paragraph) => (
          <Text key={paragraph} size="lg">
            {paragraph}
          </Text>
        ))}
      </Stack>

      <Stack component="section" aria-labelledby="values-title" gap="lg">
        <Title order={2} id="values-title">
          {t("about.values.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {VALUES.map((value) => (
            <Card key={value} withBorder radius="lg" padding="lg">
              <Title order={3} size="h4" mb="xs">
                {t(`about.values.${value}.title`)}
              </Title>
              <Text>{t(`about.values.${value}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <BetaSection />

      <Stack gap="xs" maw={760}>
        <Title order={2} size="h3">
          {t("about.contact.title")}
        </Title>
        <Text>
          {t("about.contact.text")}{" "}
          <Anchor component={Link} to={paths.contact} fw={700} c="latent.9">
            {t("about.contact.link")}
          </Anchor>
        </Text>
      </Stack>
    </Stack>
  );
}
