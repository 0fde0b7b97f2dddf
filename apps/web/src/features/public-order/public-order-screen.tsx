import { paths } from "@latent/domain/app-paths";
import type { PublicOrder } from "@latent/domain/orders";
import { Alert, Anchor, Button, EmptyState, Group, Image, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../shared/api/api-error.ts";
import { needsPassword, ShareLinkError } from "../../shared/api/share-link-client.ts";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { STALE_LINK_DELAY_MS, useDelayedRefresh } from "../films/public/use-delayed-refresh.ts";
import { RollComments } from "../guest-answers/public/frame-answers.tsx";
import { GuestAnswersProvider } from "../guest-answers/public/guest-session.tsx";
import { PasswordPrompt } from "../guest-answers/public/password-prompt.tsx";
import { webpageLabel } from "../labs-directory/public/lab-webpage.ts";
import { publicOrderKeys, usePublicOrder } from "./api/get-public-order.ts";
import { ClaimCard } from "./components/claim-card.tsx";
import { OrderRoll } from "./components/order-roll.tsx";

function LabHeader({ lab }: { lab: PublicOrder["lab"] }) {
  const { t } = useTranslation("publicOrder");
  return (
    <Group gap="md" wrap="nowrap" align="center">
      {/* The name is the heading beside it: the logo adds nothing to read aloud. */}
      {lab.logo_url && <Image src={lab.logo_url} alt="" w={64} h={64} fit="contain" radius="sm" />}
      <Stack gap={2}>
        <Title order={1}>{lab.name}</Title>
        <Group gap="xs">
          {lab.location && (
            <Text size="sm" c="dimmed">
              {lab.location}
            </Text>
          )}
          {lab.webpage && (
            <Anchor href={lab.webpage} target="_blank" rel="noopener noreferrer" size="sm" aria-label={t("website", { lab: lab.name })}>
              {webpageLabel(lab.webpage)}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * Where the rolls went once the customer added them to their account: the order no longer holds them. The link
 * leads to the rolls in the account, through sign-in for whoever is not signed in.
 */
function CollectedNotice({ name, at }: { name: string; at: string }) {
  const { t, i18n } = useTranslation("publicOrder");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(at));
  return (
    <Alert color="teal" role="status" title={t("collected.title")}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t("collected.text", { name, date })}</Text>
        <Button component={Link} to={paths.user.films} variant="light">
          {t("collected.open")}
        </Button>
      </Stack>
    </Alert>
  );
}

function OrderView({ order, code }: { order: PublicOrder; code: string }) {
  const { t, i18n } = useTranslation("publicOrder");
  const staleLinks = useDelayedRefresh(publicOrderKeys.order(code));
  const onStaleImage = useCallback(() => staleLinks(STALE_LINK_DELAY_MS), [staleLinks]);
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(order.expires_at));

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <LabHeader lab={order.lab} />
        <Text size="lg">
          {order.user_name
            ? t("order", { reference: order.reference, name: order.user_name })
            : t("orderNoName", { reference: order.reference })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("expiresAt", { date: until })}
        </Text>
      </Stack>
      {/* An order waiting for its customer is nobody's to add yet: the lab names them first. */}
      {order.user_email === null && !order.claimed ? (
        <Alert color="gray" role="status">
          {t("claim.waiting")}
        </Alert>
      ) : (
        <ClaimCard code={code} claimed={order.claimed} />
      )}
      {order.claimed_at ? (
        <CollectedNotice name={order.user_name} at={order.claimed_at} />
      ) : order.films.length === 0 ? (
        <EmptyState title={t("empty.title")} description={t("empty.text")} py="xl" />
      ) : (
        <>
          {order.films.map((film) => (
            <OrderRoll key={film.id} film={film} code={code} onStaleImage={onStaleImage} downloads={order.link.downloads} />
          ))}
          <RollComments title={t("guestAnswers:comments.orderTitle")} />
        </>
      )}
    </Stack>
  );
}

function Refused({ texts }: { texts: "expired" | "invalid" }) {
  const { t } = useTranslation("publicOrder");
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t(`${texts}.title`)}</Title>
      <Alert color="gray" role="alert">
        {t(`${texts}.text`)}
      </Alert>
    </Stack>
  );
}

/**
 * `/order?code=…` (spec §2, §4): what a lab developed for a customer, for anyone holding the link until it expires;
 * the customer may download each roll and, signed in with the email the lab has, add the rolls to their account.
 */
export function PublicOrderScreen() {
  const { t } = useTranslation("publicOrder");
  const [params] = useSearchParams();
  const code = params.get("code")?.trim() ?? "";
  const order = usePublicOrder(code);

  if (code === "") return <Refused texts="invalid" />;
  if (order.isError && needsPassword(order.error)) return <PasswordPrompt kind="order" code={code} onUnlocked={() => order.refetch()} />;
  if (order.isError && order.error instanceof ShareLinkError)
    // An expired link can be renewed by the lab; any other refused code was never a link to an order.
    return <Refused texts={order.error.code === "share-expired" ? "expired" : "invalid"} />;
  // The lab deleted the order since sending the link.
  if (order.isError && order.error instanceof ApiError && order.error.code === "order-not-found") return <Refused texts="invalid" />;
  if (order.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t("common:loading")}>
        <Skeleton height={64} width="50%" />
        <Skeleton height={18} width="30%" />
        <Skeleton height={300} />
      </Stack>
    );
  }
  if (order.isError) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t("loadFailed")}</Title>
        <LoadFailedAlert error={order.error} onRetry={() => order.refetch()} />
      </Stack>
    );
  }
  return (
    <GuestAnswersProvider kind="order" code={code} enabled={order.data.link.guest_answers && !order.data.claimed_at}>
      <OrderView order={order.data} code={code} />
    </GuestAnswersProvider>
  );
}
