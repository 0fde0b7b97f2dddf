import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useAuthSession, useSignIn } from "../../../shared/auth/auth-session-context.tsx";
import { EmailVerificationBanner } from "../../account/public/email-verification-banner.tsx";
import { useClaimOrder } from "../api/claim-order.ts";
import { usePublicOrder } from "../api/get-public-order.ts";
import { claimCardState } from "../claim-card-state.ts";

/**
 * Whether someone is signed in, asked of the session itself: an access token that expired while the tab slept is
 * renewed here, where the provider's `isAuthenticated` would call that user a visitor.
 */
function useSignedIn(): boolean | null {
  const session = useAuthSession();
  const signedIn = useQuery({
    queryKey: ["public-order", "session"],
    queryFn: async () => (await session.activeUser()) !== null,
    staleTime: 0,
  });
  return signedIn.data ?? (signedIn.isError ? false : null);
}

/** "Add to my account": the order's rolls copied into the customer's own Latent account (spec §4). */
export function ClaimCard({ code, claimed }: { code: string; claimed: boolean }) {
  const { t } = useTranslation("publicOrder");
  const errorText = useApiErrorText();
  const { signIn, signUp } = useSignIn();
  const location = useLocation();
  const signedIn = useSignedIn();
  const claim = useClaimOrder(code);
  const state = claimCardState({ signedIn, claimed, claim: { isPending: claim.isPending, data: claim.data, error: claim.error } });
  // Back to this very order after signing in, with its code.
  const here = `${location.pathname}${location.search}`;
  // The provider's page starts with the address the order was sent to (read-only on sign-up, until changed).
  const email = usePublicOrder(code).data?.user_email;
  const hint = email ? { loginHint: email } : {};

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="claim-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="claim-title">
          {t("claim.title")}
        </Title>
        {state.kind === "checking" && <Loader size="sm" aria-label={t("claim.checking")} />}
        {state.kind === "anonymous" && (
          <>
            <Text>{email ? t("claim.anonymousFor", { email }) : t("claim.anonymous")}</Text>
            <Group gap="xs">
              <Button onClick={() => signIn(here, hint)}>{t("claim.signIn")}</Button>
              <Button variant="default" onClick={() => signUp(here, hint)}>
                {t("claim.signUp")}
              </Button>
            </Group>
          </>
        )}
        {(state.kind === "ready" || state.kind === "adding" || state.kind === "failed") && (
          <>
            {/* Adding needs a confirmed email: a new account sees where its link went, and can send it again. */}
            <EmailVerificationBanner />
            <Text>{t("claim.ready")}</Text>
            {state.kind === "failed" && (
              <Alert color="red" role="alert" w="100%">
                {errorText(state.error)}
              </Alert>
            )}
            <Button onClick={() => claim.mutate()} loading={state.kind === "adding"}>
              {t("claim.add")}
            </Button>
          </>
        )}
        {state.kind === "added" && (
          <Alert color="green" role="status" w="100%" title={t("claim.added", { count: state.films.length })}>
            <List size="sm">
              {state.films.map((film) => (
                <List.Item key={film.id}>
                  <Anchor component={Link} to={paths.user.film.to(film.id)}>
                    {film.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {state.kind === "already-added" && (
          <>
            <Text>{t("claim.alreadyAdded")}</Text>
            {state.signedIn ? (
              <Button component={Link} to={paths.user.films} variant="light">
                {t("claim.openRolls")}
              </Button>
            ) : (
              <Button variant="light" onClick={() => signIn(paths.user.films)}>
                {t("claim.signIn")}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
