import { paths } from "@latent/domain/app-paths";
import { NEWSLETTER_DISCOUNT_PERCENT } from "@latent/domain/plans";
import { Anchor, Box, Card, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AccountDeletedNotice } from "../account/public/account-deleted-notice.tsx";
import { FeatureRow } from "./components/feature-row.tsx";
import { SignUpActions } from "./components/sign-up-actions.tsx";
import { GalleryMockup } from "./illustrations/gallery-mockup.tsx";
import { LabOrdersMockup } from "./illustrations/lab-orders-mockup.tsx";
import { PlansArt } from "./illustrations/plans-art.tsx";
import { RollGridMockup } from "./illustrations/roll-grid-mockup.tsx";
import { TokenStepArt } from "./illustrations/token-step-art.tsx";
import { UploadListMockup } from "./illustrations/upload-list-mockup.tsx";

const LAB_POINTS = ["orders", "clients", "shop"] as const;

/** The main landing page: what Latent does for photographers and for labs, shown on mock-ups of its screens. */
export function LandingScreen() {
  const { t, i18n } = useTranslation("landing");
  const percentOff = new Intl.NumberFormat(i18n.language, { style: "percent" });
  useDocumentTitle(`Latent · ${t("hero.title")}`);
  return (
    <Stack gap={72}>
      <AccountDeletedNotice />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} pt={{ base: 0, md: "xl" }} style={{ alignItems: "center" }}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
            {t("hero.title")}
          </Title>
          <Text fz={{ base: "lg", sm: "xl" }}>{t("hero.text")}</Text>
          <SignUpActions />
        </Stack>
        <RollGridMockup />
      </SimpleGrid>

      <Stack component="section" aria-labelledby="photographers-title" gap={48}>
        <Stack gap="xs" maw={720}>
          <Title order={2} id="photographers-title" fz={{ base: 28, sm: 34 }}>
            {t("photographers.title")}
          </Title>
          <Text size="lg">{t("photographers.lead")}</Text>
        </Stack>
        <FeatureRow title={t("photographers.upload.title")} text={t("photographers.upload.text")} art={<UploadListMockup />} />
        <FeatureRow title={t("photographers.gallery.title")} text={t("photographers.gallery.text")} art={<GalleryMockup />} artFirst />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {(["rolls", "share"] as const).map((point) => (
            <Card key={point} withBorder padding="lg" radius="lg">
              <Title order={3} size="h4" mb="xs">
                {t(`photographers.${point}.title`)}
              </Title>
              <Text>{t(`photographers.${point}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Paper component="section" aria-labelledby="labs-title" radius="lg" p={{ base: "md", sm: 48 }} bg="gray.0">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: "center" }}>
          <Stack gap="md">
            <Title order={2} id="labs-title" fz={{ base: 28, sm: 34 }}>
              {t("labs.title")}
            </Title>
            <Text size="lg">{t("labs.lead")}</Text>
            <List spacing="sm">
              {LAB_POINTS.map((point) => (
                <List.Item key={point}>
                  <Text span fw={700}>
                    {t(`labs.${point}.title`)}
                  </Text>{" "}
                  {t(`labs.${point}.text`)}
                </List.Item>
              ))}
            </List>
            <Anchor component={Link} to={paths.contact} fw={700} c="latent.9">
              {t("labs.cta")}
            </Anchor>
          </Stack>
          <LabOrdersMockup />
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="tokens-teaser-title" withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Box maw={260}>
              <TokenStepArt step="stick" title={t("tokens.steps.stick.art")} />
            </Box>
            <Title order={2} size="h3" id="tokens-teaser-title">
              {t("tokensTeaser.title")}
            </Title>
            <Text>{t("tokensTeaser.text")}</Text>
            <Anchor component={Link} to={paths.tokens} fw={700} c="latent.9">
              {t("tokensTeaser.link")}
            </Anchor>
          </Stack>
        </Card>
        <Card component="section" aria-labelledby="pricing-teaser-title" withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Box maw={260}>
              <PlansArt title={t("mockups.plans")} tag={percentOff.format(-NEWSLETTER_DISCOUNT_PERCENT / 100)} />
            </Box>
            <Title order={2} size="h3" id="pricing-teaser-title">
              {t("pricingTeaser.title")}
            </Title>
            <Text>{t("pricingTeaser.text", { percent: NEWSLETTER_DISCOUNT_PERCENT })}</Text>
            <Anchor component={Link} to={paths.pricing} fw={700} c="latent.9">
              {t("pricingTeaser.link")}
            </Anchor>
          </Stack>
        </Card>
      </SimpleGrid>

      <Paper component="section" aria-labelledby="cta-title" radius="lg" p={{ base: "md", sm: 48 }} bg="latent.0">
        <Stack gap="md" maw={640}>
          <Title order={2} id="cta-title">
            {t("cta.title")}
          </Title>
          <Text size="lg">{t("cta.text")}</Text>
          <SignUpActions />
        </Stack>
      </Paper>
    </Stack>
  );
}
