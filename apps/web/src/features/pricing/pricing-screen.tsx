import { NEWSLETTER_DISCOUNT_PERCENT, PLAN_IDS, PLANS } from "@latent/domain/plans";
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useCurrency } from "./public/currency.ts";
import { CurrencyToggle } from "./public/currency-toggle.tsx";
import { PlanCard } from "./public/plan-card.tsx";
import { discounted, formatPrice } from "./public/plan-format.ts";

const QUESTIONS = ["billing", "change", "kept", "storage"] as const;

/** The three plans of `PLANS` with their limits, in euros or dollars, and the newsletter's first-subscription discount. */
export function PricingScreen() {
  const { t, i18n } = useTranslation("pricing");
  const { currency, setCurrency } = useCurrency();
  useDocumentTitle(`${t("title")} · Latent`);
  const price = (amount: number) => formatPrice(amount, currency, i18n.language);

  return (
    <Stack gap={48}>
      <Stack gap="md" maw={760}>
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("intro")}</Text>
        <CurrencyToggle value={currency} onChange={setCurrency} />
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {PLAN_IDS.map((id) => (
          <PlanCard key={id} planId={id} currency={currency} />
        ))}
      </SimpleGrid>

      <Paper component="section" aria-labelledby="discount-title" p="xl" radius="lg" bg="latent.0">
        <Stack gap="sm" maw={760}>
          <Title order={2} id="discount-title">
            {t("discount.title", { percent: NEWSLETTER_DISCOUNT_PERCENT })}
          </Title>
          <Text>{t("discount.text", { percent: NEWSLETTER_DISCOUNT_PERCENT })}</Text>
          <Text>
            {t("discount.example", {
              plan: t("common:plans.artist"),
              price: price(discounted(PLANS.artist.monthly[currency], NEWSLETTER_DISCOUNT_PERCENT)),
              full: price(PLANS.artist.monthly[currency]),
            })}
          </Text>
          <Anchor href="#newsletter" fw={700} c="latent.9">
            {t("discount.link")}
          </Anchor>
        </Stack>
      </Paper>

      <Stack component="section" aria-labelledby="questions-title" gap="lg" maw={760}>
        <Title order={2} id="questions-title">
          {t("questions.title")}
        </Title>
        {QUESTIONS.map((question) => (
          <Stack key={question} gap={4}>
            <Title order={3} size="h4">
              {t(`questions.${question}.title`)}
            </Title>
            <Text>{t(`questions.${question}.text`)}</Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
