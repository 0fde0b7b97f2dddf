import { Box, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";
import { TOKEN_STEPS, TokenStepArt } from "./illustrations/token-step-art.tsx";

/** The guide to sticker tokens: what they are, how to stick one on a sleeve, and how the app links it to a roll. */
export function TokensScreen() {
  const { t } = useTranslation("landing");
  const { config } = useRuntimeConfig();
  const { ios, android } = config.app_store_urls;
  const what = t("tokens.what.paragraphs", { returnObjects: true }) as string[];
  const tips = t("tokens.tips.items", { returnObjects: true }) as string[];
  useDocumentTitle(`${t("tokens.title")} · Latent`);

  return (
    <Stack gap={56}>
      <Stack gap="md" maw={760}>
        <Title order={1}>{t("tokens.title")}</Title>
        <Text size="xl">{t("tokens.lead")}</Text>
      </Stack>

      <Stack component="section" aria-labelledby="tokens-what" gap="sm" maw={760}>
        <Title order={2} id="tokens-what">
          {t("tokens.what.title")}
        </Title>
        {what.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>

      <Stack component="section" aria-labelledby="tokens-steps" gap="lg">
        <Title order={2} id="tokens-steps">
          {t("tokens.steps.title")}
        </Title>
        <SimpleGrid component="ol" cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" p={0} m={0} style={{ listStyle: "none" }}>
          {TOKEN_STEPS.map((step, index) => (
            <Box component="li" key={step}>
              <Stack gap="sm">
                <TokenStepArt step={step} title={t(`tokens.steps.${step}.art`)} />
                <Title order={3} size="h4">
                  {t("tokens.steps.numbered", { number: index + 1, title: t(`tokens.steps.${step}.title`) })}
                </Title>
                <Text>{t(`tokens.steps.${step}.text`)}</Text>
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper component="section" aria-labelledby="tokens-tips" withBorder radius="lg" p="lg">
          <Title order={2} size="h3" id="tokens-tips" mb="sm">
            {t("tokens.tips.title")}
          </Title>
          <List spacing="xs">
            {tips.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </Paper>
        <Paper component="section" aria-labelledby="tokens-app" radius="lg" p="lg" bg="latent.0">
          <Stack gap="sm">
            {ios || android ? (
              <>
                <Title order={2} size="h3" id="tokens-app">
                  {t("tokens.app.title")}
                </Title>
                <Text>{t("tokens.app.text")}</Text>
                <Group>
                  {ios && (
                    <Button component="a" href={ios} target="_blank" rel="noopener noreferrer">
                      {t("tokens.app.ios")}
                    </Button>
                  )}
                  {android && (
                    <Button component="a" href={android} target="_blank" rel="noopener noreferrer" variant="default">
                      {t("tokens.app.android")}
                    </Button>
                  )}
                </Group>
                <Text size="sm" c="gray.8">
                  {t("tokens.app.packs")}
                </Text>
              </>
            ) : (
              // No store page configured: no store button leads to a page that does not exist.
              <>
                <Title order={2} size="h3" id="tokens-app">
                  {t("tokens.app.soonTitle")}
                </Title>
                <Text>{t("tokens.app.soon")}</Text>
              </>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
