import { AFTER_LOGIN_PATH } from "@latent/domain/app-paths";
import { planOf } from "@latent/domain/plans";
import { Alert, Button, Loader, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { formatMinorPrice } from "../pricing/public/plan-format.ts";
import { useCurrentUser } from "../user/api/get-user.ts";
import { usePurchaseConfirmation } from "./api/get-purchase-confirmation.ts";

/** `/purchase?sessionId=…&email=…` (spec §2): whether a purchase went through, for whoever holds its link. */
export function PurchaseScreen() {
  const [search] = useSearchParams();
  return <PurchaseStatus sessionId={search.get("sessionId") ?? ""} email={search.get("email") ?? ""} />;
}

/** `/u/purchase/{secret}` (spec §2): the same answer inside the user area, for the signed-in buyer's own email. */
export function UserPurchaseScreen() {
  const { secret = "" } = useParams();
  return <PurchaseStatus sessionId={secret} email={useCurrentUser().email ?? ""} />;
}

function PurchaseStatus({ sessionId, email }: { sessionId: string; email: string }) {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const confirmation = usePurchaseConfirmation(sessionId, email);
  const data = confirmation.data;

  const body = () => {
    if (!sessionId || !email) return <Alert color="orange">{t("purchase.incomplete")}</Alert>;
    if (confirmation.error)
      return (
        <Alert color="red" role="alert" title={t("purchase.failed")}>
          {errorText(confirmation.error)}
        </Alert>
      );
    if (!data) return <Loader aria-label={t("purchase.checking")} />;
    const amount = formatMinorPrice(data.amount_total.amount, data.amount_total.currency, i18n.language);
    if (data.paid)
      return (
        <Alert color="green" role="status" title={t("purchase.paid")}>
          {data.plan
            ? t("purchase.paidPlan", { plan: t(`common:plans.${planOf(data.plan).id}`), amount })
            : t("purchase.paidAmount", { amount })}
        </Alert>
      );
    if (data.status === "expired")
      return (
        <Alert color="orange" role="alert" title={t("purchase.expired")}>
          {t("purchase.expiredHint")}
        </Alert>
      );
    return (
      <Alert color="blue" role="status" title={t("purchase.open")}>
        {t("purchase.openHint")}
      </Alert>
    );
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t("purchase.title")}</Title>
      {body()}
      <div>
        <Button component={Link} to={AFTER_LOGIN_PATH} variant="light">
          {t("purchase.toAccount")}
        </Button>
      </div>
    </Stack>
  );
}
