import { NEWSLETTER_DISCOUNT_PERCENT } from "@latent/domain/plans";
import { Alert, Box, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../shared/api/api-error.ts";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useLocale } from "../../shared/i18n/use-locale.ts";
import { useSubscribeNewsletter } from "./api/subscribe-newsletter.ts";

/** Spec §8: one sign-up a minute; another within it is refused with 429. */
const isRateLimited = (err: unknown) => err instanceof ApiError && err.status === 429;

/** Id of the box: pages link to it with "#newsletter" (pricing's discount). */
const NEWSLETTER_ANCHOR = "newsletter";

/** The footer's newsletter sign-up: double opt-in, so success means "check your inbox" (spec §1, §5). */
export function NewsletterBox() {
  // Suspends (the footer's boundary shows nothing) until its texts are in: the box loads apart from any route.
  const { t } = useTranslation("newsletter", { useSuspense: true });
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const { locale } = useLocale();
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { newsletterErrors } = await import("./newsletter-check.ts");
    const invalid = newsletterErrors({ email }, tErrors).email;
    if (invalid) return setEmailError(invalid);
    subscribe.mutate(
      { email: email.trim(), locale },
      {
        onSuccess: () => setEmail(""),
        onError: (err) => {
          if (err instanceof ApiError && err.fields.email) setEmailError(tErrors("validation.not-valid"));
        },
      },
    );
  };
  const fieldFailure = subscribe.error instanceof ApiError && Object.keys(subscribe.error.fields).length > 0;

  return (
    <Box component="section" id={NEWSLETTER_ANCHOR} aria-labelledby="newsletter-title" style={{ scrollMarginTop: 80 }}>
      <Stack gap="xs">
        <Title order={2} size="h4" id="newsletter-title">
          {t("title")}
        </Title>
        <Text size="sm">{t("text", { percent: NEWSLETTER_DISCOUNT_PERCENT })}</Text>
        <form onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
          <Stack gap="xs" align="flex-start" maw={420}>
            <TextInput
              label={t("email")}
              type="email"
              autoComplete="email"
              w="100%"
              value={email}
              error={emailError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(null);
              }}
            />
            <Button type="submit" loading={subscribe.isPending}>
              {t("subscribe")}
            </Button>
          </Stack>
        </form>
        {subscribe.isSuccess && (
          <Alert color="green" role="status" p="xs">
            {t("checkInbox")}
          </Alert>
        )}
        {subscribe.isError && !fieldFailure && (
          <Alert color="red" role="alert" p="xs" title={isRateLimited(subscribe.error) ? undefined : t("failed")}>
            {errorText(subscribe.error)}
          </Alert>
        )}
        <Text size="xs" c="gray.7">
          {t("unsubscribe")}
        </Text>
      </Stack>
    </Box>
  );
}
