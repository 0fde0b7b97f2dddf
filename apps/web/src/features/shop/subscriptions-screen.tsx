import { AFTER_LOGIN_PATH, paths } from "@latent/domain/app-paths";
import { PLAN_IDS, type PlanId, planOf } from "@latent/domain/plans";
import type { PlanOffer } from "@latent/domain/purchases";
import { Alert, Button, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useCurrency } from "../pricing/public/currency.ts";
import { CurrencyToggle } from "../pricing/public/currency-toggle.tsx";
import { PlanCard } from "../pricing/public/plan-card.tsx";
import { formatMinorPrice } from "../pricing/public/plan-format.ts";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useCreateCheckout } from "./api/create-checkout.ts";
import { useMySubscriptions } from "./api/list-my-subscriptions.ts";
import { usePlanOffers } from "./api/list-plan-offers.ts";
import { useOpenPortal } from "./api/open-portal.ts";
import { firstInvoiceDiscount } from "./first-invoice-discount.ts";
import { blockedByMobile, endingOn, type PlanButton, planButton } from "./plan-choice.ts";
import { type CheckoutOutcome, rememberCheckout, useCheckoutReturn } from "./use-checkout-return.ts";

/** What the screen says about a checkout the browser just came back from. */
function CheckoutOutcomeAlert({ outcome }: { outcome: CheckoutOutcome }) {
  const { t } = useTranslation("shop");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const planName = (id: string) => t(`common:plans.${planOf(id).id}`);
  switch (outcome.phase) {
    case "none":
      return null;
    case "confirming":
      return (
        <Alert color="blue" icon={<Loader size="xs" />} role="status" title={t("checkout.confirming")}>
          {t("checkout.confirmingHint")}
        </Alert>
      );
    case "confirmed": {
      const plan = planOf(outcome.user.plan);
      return (
        <Alert
          color="green"
          role="status"
          title={
            plan.maxFilms === null || plan.maxGear === null
              ? t("checkout.confirmedUnlimited", { plan: planName(plan.id) })
              : t("checkout.confirmed", { plan: planName(plan.id), films: plan.maxFilms, gear: plan.maxGear })
          }
        >
          {t("checkout.confirmedHint")} <Link to={paths.user.home}>{t("checkout.toDashboard")}</Link>
        </Alert>
      );
    }
    case "cancelled":
      return (
        <Alert color="orange" role="alert" title={t("checkout.cancelled")}>
          {t("checkout.unchanged", { plan: planName(user.plan) })}
        </Alert>
      );
    case "unconfirmed":
      return (
        <Alert color="orange" role="alert" title={t("checkout.unconfirmed")}>
          {t("checkout.unconfirmedHint", { plan: planName(user.plan) })}
        </Alert>
      );
    case "error":
      return (
        <Alert color="red" role="alert" title={t("checkout.failed")}>
          {errorText(outcome.error)}
        </Alert>
      );
  }
}

/**
 * The shop's subscriptions (spec §2): the three plans in € or $, the current one marked, the newsletter discount
 * when the API offers it, and the way to each plan (checkout, or the provider's portal for a subscriber). In
 * welcome mode (`/u/welcome`, after sign-up) a greeting comes first and free is a plain "continue".
 */
export function SubscriptionsScreen({ welcome = false }: { welcome?: boolean }) {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const { currency, setCurrency } = useCurrency();
  const offers = usePlanOffers(currency);
  const mine = useMySubscriptions();
  const checkout = useCreateCheckout();
  const portal = useOpenPortal();
  const outcome = useCheckoutReturn();
  const [leaving, setLeaving] = useState<PlanId | null>(null);
  const subscriptions = mine.data ?? [];
  const mobile = blockedByMobile(subscriptions);
  const busy = leaving !== null || outcome.phase === "confirming" || mine.isPending;

  const offerOf = (id: PlanId): PlanOffer | undefined => offers.data?.find((o) => o.id === id);

  const choose = async (planId: PlanId, button: PlanButton) => {
    setLeaving(planId);
    try {
      if (button === "portal") {
        window.location.assign((await portal.mutateAsync()).url);
        return;
      }
      const session = await checkout.mutateAsync({
        mode: "subscription",
        items: [{ plan: planId, quantity: 1 }],
        currency,
        // The server sends the browser back to /u/<return_path>.
        return_path: (welcome ? paths.user.welcome : paths.user.subscriptions).replace(/^\/u\//, ""),
      });
      rememberCheckout({ plan: planId, from: user.plan });
      window.location.assign(session.url);
    } catch {
      setLeaving(null);
    }
  };

  const endsOn = endingOn(subscriptions);
  const endDate = endsOn ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(endsOn)) : null;

  const actionOf = (planId: PlanId, name: string) => {
    const button = planButton(planId, { currentPlan: user.plan, subscriptions, welcome });
    switch (button) {
      case "current":
        return (
          <Button fullWidth variant="default" disabled>
            {endDate && planId !== "free" ? t("actions.endsOn", { date: endDate }) : t("actions.current")}
          </Button>
        );
      case "ending":
        return (
          <Button fullWidth variant="default" disabled>
            {endDate ? t("actions.freeFrom", { date: endDate }) : t("actions.freeNext")}
          </Button>
        );
      case "none":
        return null;
      case "continue-free":
        return (
          <Button component={Link} to={AFTER_LOGIN_PATH} fullWidth variant="default">
            {t("actions.continueFree")}
          </Button>
        );
      case "mobile-blocked":
        return (
          <Button fullWidth variant="default" disabled>
            {t("actions.choose", { plan: name })}
          </Button>
        );
      case "checkout":
      case "portal":
        return (
          <Button
            fullWidth
            variant={planId === "artist" ? "filled" : "default"}
            loading={leaving === planId}
            disabled={busy && leaving !== planId}
            onClick={() => choose(planId, button)}
          >
            {button === "portal" && planId === "free" ? t("actions.backToFree") : t("actions.choose", { plan: name })}
          </Button>
        );
    }
  };

  const greetingName = user.first_name || user.nickname || user.name;
  const failure = checkout.error ?? portal.error ?? offers.error ?? mine.error;

  return (
    <Stack gap="lg" maw={1100}>
      {welcome ? (
        <Stack gap="xs">
          <Title order={1}>{greetingName ? t("welcome.titleNamed", { name: greetingName }) : t("welcome.title")}</Title>
          <Text size="lg">{t("welcome.text")}</Text>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Title order={1}>{t("title")}</Title>
          <Text size="lg">{t("intro")}</Text>
        </Stack>
      )}

      <CheckoutOutcomeAlert outcome={outcome} />
      {endDate && (
        <Alert color="blue" title={t("ending.title", { plan: t(`common:plans.${user.plan}`) })}>
          {t("ending.text", { date: endDate })}
        </Alert>
      )}
      {mobile && (
        <Alert color="orange" role="alert" title={t("mobile.title")}>
          {t("mobile.text")}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" title={t("failed")}>
          {errorText(failure)}
        </Alert>
      )}

      <CurrencyToggle value={currency} onChange={setCurrency} />

      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {PLAN_IDS.map((id) => {
          const offer = offerOf(id);
          const name = t(`common:plans.${id}`);
          const discount = firstInvoiceDiscount(offer);
          return (
            <PlanCard
              key={id}
              planId={id}
              currency={currency}
              current={user.plan === id}
              priceText={offer ? formatMinorPrice(offer.price.amount, offer.price.currency, i18n.language) : undefined}
              discountText={
                discount
                  ? t("discount", {
                      percent: discount.percent,
                      price: formatMinorPrice(discount.price.amount, discount.price.currency, i18n.language),
                    })
                  : null
              }
              action={actionOf(id, name)}
            />
          );
        })}
      </SimpleGrid>

      <Text size="sm" c="dimmed">
        {t("billing")}
      </Text>
    </Stack>
  );
}
