import { paths } from "@latent/domain/app-paths";
import { Alert, Anchor, Button, Code, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { useConfirmLightroom, useDisconnectLightroom, useLightroomStatus } from "./api/lightroom.ts";
import { displayCode, providerPage } from "./lightroom-code.ts";
import { useSignedIn } from "./use-signed-in.ts";

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

/** The code as Lightroom shows it, large enough to compare at a glance. */
function ShownCode({ code }: { code: string }) {
  return (
    <Code fz="xl" fw={700} px="md" py="xs" w="fit-content" data-testid="lightroom-code">
      {code}
    </Code>
  );
}

/** The signed-in person confirms the code (embedded provider): the plugin's pending pairing then completes. */
function ConfirmCode({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation("landing");
  const errorText = useApiErrorText();
  const confirm = useConfirmLightroom();
  const [code, setCode] = useState(initialCode);

  if (confirm.isSuccess) {
    return (
      <Alert color="green" role="status" title={t("lightroom.code.pairedTitle")}>
        {t("lightroom.code.paired")}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate(displayCode(code));
      }}
    >
      <Stack gap="md">
        <Text>{t("lightroom.code.asks")}</Text>
        {initialCode ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("lightroom.code.compare")}
            </Text>
            <ShownCode code={initialCode} />
          </Stack>
        ) : (
          <TextInput
            label={t("lightroom.code.label")}
            description={t("lightroom.code.hint")}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            required
          />
        )}
        {confirm.error && (
          <Alert color="red" role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending} disabled={displayCode(code).length < 4}>
            {t("lightroom.code.confirm")}
          </Button>
          <Button component={Link} to={paths.main} variant="default">
            {t("lightroom.code.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An external sign-in provider confirms codes at its own page: go there, when the plugin said which. */
function AtProvider({ verify, origin }: { verify: string | null; origin: string | null }) {
  const { t } = useTranslation("landing");
  const target = providerPage(verify, origin);
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  if (target) {
    return (
      <Text>
        {t("lightroom.code.toProvider")} <Anchor href={target}>{new URL(target).host}</Anchor>
      </Text>
    );
  }
  return <Alert color="blue">{t("lightroom.code.atProvider")}</Alert>;
}

/**
 * `/plugins/lrcode?code=…` (spec §2): where the Lightroom plugin sends the browser to pair with an account. A
 * visitor signs in first and comes back here; the signed-in person sees the code and who asks, and confirms.
 */
export function LightroomCodeScreen() {
  const { t } = useTranslation("landing");
  const errorText = useApiErrorText();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const { signIn } = useSignIn();
  const code = displayCode(params.get("code"));
  const signedIn = useSignedIn();
  const status = useLightroomStatus(signedIn === true);

  if (signedIn === null || (signedIn && status.isPending)) {
    return <Loader aria-label={t("lightroom.code.checking")} />;
  }
  if (!signedIn) {
    return (
      <Page title={t("lightroom.code.title")}>
        <Text>{t("lightroom.code.signInFirst")}</Text>
        {code && <ShownCode code={code} />}
        <div>
          <Button onClick={() => signIn(`${pathname}${search}`)}>{t("lightroom.code.signIn")}</Button>
        </div>
      </Page>
    );
  }
  if (status.error) {
    return (
      <Page title={t("lightroom.code.title")}>
        <Alert color="red" role="alert">
          {errorText(status.error)}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={t("lightroom.code.title")}>
      {status.data?.pairing === "embedded" && <ConfirmCode initialCode={code} />}
      {status.data?.pairing === "external" && <AtProvider verify={params.get("verify")} origin={status.data.provider_origin} />}
      {status.data?.pairing === "unavailable" && <Alert color="gray">{t("lightroom.code.unavailable")}</Alert>}
    </Page>
  );
}

/** `/plugins/lrlogout`: where the plugin lands after signing out; a signed-in person's Lightroom pairings end too. */
export function LightroomLogoutScreen() {
  const { t } = useTranslation("landing");
  const signedIn = useSignedIn();
  const disconnect = useDisconnectLightroom();
  const asked = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice: the pairing ends on the server, a second call would only 204 again.
    if (signedIn && !asked.current) {
      asked.current = true;
      disconnect.mutate(undefined);
    }
  }, [signedIn, disconnect]);

  if (signedIn === null || (signedIn && !disconnect.isSuccess && !disconnect.isError)) {
    return <Loader aria-label={t("lightroom.logout.working")} />;
  }
  return (
    <Page title={t("lightroom.logout.title")}>
      <Alert color="green" role="status">
        {t("lightroom.logout.text")}
      </Alert>
      {disconnect.isSuccess && <Text>{t("lightroom.logout.revoked")}</Text>}
      <Text c="dimmed">{t("lightroom.logout.close")}</Text>
    </Page>
  );
}
