import { AFTER_LOGIN_PATH, paths } from "@latent/domain/app-paths";
import type { Currency } from "@latent/domain/plans";
import { NEWSLETTER_DISCOUNT_PERCENT, PLANS, type PlanId } from "@latent/domain/plans";
import { Badge, Box, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignedIn, useSignIn } from "../../../shared/auth/auth-session-context.tsx";
import { formatFileSize } from "../../../shared/i18n/file-size.ts";
import { useRuntimeConfig } from "../../../shared/runtime-config/runtime-config-context.tsx";
import { discounted, formatCount, formatPrice } from "./plan-format.ts";

/** The way into a plan: sign up (the free plan lands on the dashboard, paid ones on the subscriptions screen). */
function PlanAction({ planId, name }: { planId: PlanId; name: string }) {
  const { t } = useTranslation("pricing");
  const isAuthenticated = useSignedIn();
  const { signIn, signUp } = useSignIn();
  const { config } = useRuntimeConfig();
  const target = planId === "free" ? AFTER_LOGIN_PATH : paths.user.subscriptions;
  const label = planId === "free" ? t("actions.startFree") : t("actions.choose", { plan: name });
  if (isAuthenticated) {
    return (
      <Button component={Link} to={target} fullWidth variant={planId === "artist" ? "filled" : "default"}>
        {label}
      </Button>
    );
  }
  if (!config.identity.registration_open) {
    return (
      <Button onClick={() => signIn(target)} fullWidth variant="default">
        {t("common:auth.signIn")}
      </Button>
    );
  }
  return (
    <Button onClick={() => signUp(target)} fullWidth variant={planId === "artist" ? "filled" : "default"}>
      {label}
    </Button>
  );
}

function LimitRow({ label, value }: { label: string; value: string }) {
  return (
    <Group
      component="div"
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      py={6}
      style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
    >
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={700} m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}

export interface PlanCardProps {
  planId: PlanId;
  currency: Currency;
  /** The monthly price as written; by default the domain's price in `currency`. */
  priceText?: string;
  /** The discount line under the price; by default the newsletter's offer on paid plans, `null` for none. */
  discountText?: string | null;
  /** What the card's button does; by default the way to sign up for the plan. */
  action?: ReactNode;
  /** Marks the plan the user is on. */
  current?: boolean;
}

/** One plan of `PLANS`: its price in the chosen currency, its limits, and the way to take it. */
export function PlanCard({ planId, currency, priceText, discountText, action, current = false }: PlanCardProps) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const plan = PLANS[planId];
  const name = t(`common:plans.${planId}`);
  const price = plan.monthly[currency];
  const discountLine =
    discountText !== undefined
      ? discountText
      : price > 0
        ? t("withDiscount", {
            percent: NEWSLETTER_DISCOUNT_PERCENT,
            price: formatPrice(discounted(price, NEWSLETTER_DISCOUNT_PERCENT), currency, locale),
          })
        : null;
  const limit = (value: number | null, format: (v: number) => string = (v) => formatCount(v, locale)) =>
    value === null ? t("limits.unlimited") : format(value);
  const headingId = `plan-${planId}`;

  return (
    <Card
      withBorder
      padding="lg"
      radius="lg"
      component="article"
      aria-labelledby={headingId}
      data-plan={planId}
      style={planId === "artist" ? { borderColor: "var(--mantine-color-latent-7)", borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3" id={headingId}>
            {name}
          </Title>
          <Group gap={4}>
            {current && (
              <Badge color="dark" variant="filled" data-testid="current-plan">
                {t("currentBadge")}
              </Badge>
            )}
            {plan.earlyNews && (
              <Badge color="latent" variant="light" c="latent.9">
                {t("earlyNewsBadge")}
              </Badge>
            )}
          </Group>
        </Group>
        <Text c="gray.7">{t(`plans.${planId}`)}</Text>
        <Box>
          <Text component="p" m={0} fz={36} fw={800} lh={1.1} data-testid="plan-price">
            {priceText ?? formatPrice(price, currency, locale)}
          </Text>
          <Text size="sm" c="gray.7">
            {price === 0 ? t("noCard") : t("perMonth")}
          </Text>
          {discountLine && (
            <Text size="sm" c="latent.9" fw={600} mt={4} data-testid="plan-discount">
              {discountLine}
            </Text>
          )}
        </Box>
        <Box component="dl" m={0} style={{ flex: 1 }}>
          <LimitRow label={t("limits.films")} value={limit(plan.maxFilms)} />
          <LimitRow label={t("limits.gear")} value={limit(plan.maxGear)} />
          <LimitRow label={t("limits.storage")} value={limit(plan.maxStorageBytes, (v) => formatFileSize(v, locale))} />
          <LimitRow label={t("limits.keptShots")} value={limit(plan.maxKeptShots)} />
          <LimitRow label={t("limits.earlyNews")} value={plan.earlyNews ? t("limits.included") : t("limits.notIncluded")} />
        </Box>
        {action ?? <PlanAction planId={planId} name={name} />}
      </Stack>
    </Card>
  );
}
