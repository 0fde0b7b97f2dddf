import { paths } from "@latent/domain/app-paths";
import { planOf } from "@latent/domain/plans";
import type { User } from "@latent/domain/user";
import { Alert, Button, Fieldset, Group, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useMySubscriptions } from "../api/list-my-subscriptions.ts";
import { useOpenPortal } from "../api/open-portal.ts";
import { activeSubscription } from "../plan-choice.ts";

/**
 * The profile's "Subscription" section: the plan, when it renews or ends (GET purchases/my-subscriptions), and the
 * payment provider's portal to change the card, see invoices or cancel. On the free plan: the way to upgrade.
 */
export function SubscriptionSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const mine = useMySubscriptions();
  const portal = useOpenPortal();
  const plan = planOf(user.plan);
  const subscription = activeSubscription(mine.data ?? []);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));

  const manage = async () => {
    try {
      window.location.assign((await portal.mutateAsync()).url);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <Fieldset legend={t("profile.title")} data-testid="subscription-section">
      <Stack gap="sm">
        <Text>
          {t("profile.plan")} <strong>{t(`common:plans.${plan.id}`)}</strong>
        </Text>
        {mine.isPending && <Loader size="sm" />}
        {subscription?.current_period_end && (
          <Text size="sm">
            {subscription.cancel_at_period_end
              ? t("profile.endsOn", { date: date(subscription.current_period_end) })
              : t("profile.renewsOn", { date: date(subscription.current_period_end) })}
          </Text>
        )}
        {subscription?.source === "mobile" && (
          <Alert color="orange" title={t("mobile.title")}>
            {t("mobile.text")}
          </Alert>
        )}
        {(mine.error || portal.error) && (
          <Alert color="red" role="alert">
            {errorText(mine.error ?? portal.error)}
          </Alert>
        )}
        <Group>
          {plan.id === "free" || (!subscription && !mine.isPending) ? (
            <Button component={Link} to={paths.user.subscriptions} variant="light">
              {t("profile.upgrade")}
            </Button>
          ) : (
            subscription?.source === "web" && (
              <Button onClick={manage} loading={portal.isPending} variant="light">
                {t("profile.manage")}
              </Button>
            )
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
