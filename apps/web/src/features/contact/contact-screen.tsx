import { paths } from "@latent/domain/app-paths";
import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContactForm } from "./components/contact-form.tsx";

const EXPECTATIONS = ["answer", "account", "labs"] as const;

/** Contact page: what to expect, and the form. */
export function ContactScreen() {
  const { t } = useTranslation("contact");
  useDocumentTitle(`${t("title")} · Latent`);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
      <Stack gap="md">
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("intro")}</Text>
        <Title order={2} size="h4" mt="md">
          {t("expect.title")}
        </Title>
        <List spacing="xs">
          {EXPECTATIONS.map((item) => (
            <List.Item key={item}>{t(`expect.${item}`)}</List.Item>
          ))}
        </List>
        <Text>
          {t("privacyNote")}{" "}
          <Anchor component={Link} to={paths.privacy} c="latent.9" fw={600}>
            {t("common:nav.privacy")}
          </Anchor>
        </Text>
      </Stack>
      <Paper withBorder p={{ base: "md", sm: "xl" }} radius="lg">
        <ContactForm />
      </Paper>
    </SimpleGrid>
  );
}
