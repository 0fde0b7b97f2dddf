import { paths } from "@latent/domain/app-paths";
import type { LightroomPending } from "@latent/domain/plugins";
import { Alert, Anchor, Button, Checkbox, Code, Group, Loader, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { useConfirmLightroom, useDisconnectLightroom, useLightroomPending, useLightroomStatus } from "./api/lightroom.ts";
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

/**
 * The signed-in person confirms the code (embedded provider): first they see who asks (the name Lightroom gave, when,
 * from which network) and say it is their own Lightroom; a code read off someone else's screen would otherwise pair
 * that Lightroom with whoever types it first.
 */
function ConfirmCode({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation("landing");
  const errorText = useApiErrorText();
  const [typed, setTyped] = useState(initialCode);
  const [code, setCode] = useState(initialCode);
  const pending = useLightroomPending(code);
  const confirm = useConfirmLightroom();
  const [mine, setMine] = useState(false);

  if (confirm.isSuccess) {
    return (
      <Alert color="green" role="status" title={t("lightroom.code.pairedTitle")}>
        {t("lightroom.code.paired", { device: confirm.data.client })}
      </Alert>
    );
  }
  if (!code) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setCode(displayCode(typed));
        }}
      >
        <Stack gap="md">
          <Text>{t("lightroom.code.asks")}</Text>
          <TextInput
            label={t("lightroom.code.label")}
            description={t("lightroom.code.hint")}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            required
          />
          <Group gap="sm">
            <Button type="submit" disabled={displayCode(typed).length < 4}>
              {t("lightroom.code.lookUp")}
            </Button>
            <Button component={Link} to={paths.main} variant="default">
              {t("lightroom.code.cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  if (pending.isPending) return <Loader aria-label={t("lightroom.code.checking")} />;
  if (pending.error) {
    return (
      <Stack gap="md">
        <ShownCode code={code} />
        <Alert color="red" role="alert">
          {errorText(pending.error)}
        </Alert>
        <div>
          <Button variant="default" onClick={() => setCode("")}>
            {t("lightroom.code.otherCode")}
          </Button>
        </div>
      </Stack>
    );
  }
  const asking = pending.data;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (mine) confirm.mutate(code);
      }}
    >
      <Stack gap="md">
        <Text>{t("lightroom.code.asks")}</Text>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("lightroom.code.compare")}
          </Text>
          <ShownCode code={code} />
        </Stack>
        <AskingDevice asking={asking} />
        <Checkbox
          checked={mine}
          onChange={(event) => setMine(event.currentTarget.checked)}
          label={t("lightroom.code.mine", { device: asking.device })}
        />
        {confirm.error && (
          <Alert color="red" role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending} disabled={!mine}>
            {t("lightroom.code.confirmDevice", { device: asking.device })}
          </Button>
          <Button component={Link} to={paths.main} variant="default">
            {t("lightroom.code.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who asks: the name Lightroom gave, when it asked, and the network it asked from (all the server honestly knows). */
function AskingDevice({ asking }: { asking: LightroomPending }) {
  const { t, i18n } = useTranslation("landing");
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(asking.requested_at));
  const network = asking.network
    ? t(asking.same_network ? "lightroom.code.thisNetwork" : "lightroom.code.otherNetwork", { network: asking.network })
    : t("lightroom.code.unknownNetwork");
  return (
    <Paper withBorder p="md" data-testid="lightroom-asking">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t("lightroom.code.whoAsks")}
        </Text>
        <Text fw={700}>{asking.device}</Text>
        <Text size="sm">{t("lightroom.code.askedAt", { time })}</Text>
        <Text size="sm">{network}</Text>
        <Text size="xs" c="dimmed">
          {t("lightroom.code.placeNote")}
        </Text>
        {!asking.same_network && (
          <Alert color="yellow" mt="xs">
            {t("lightroom.code.otherNetworkWarning")}
          </Alert>
        )}
      </Stack>
    </Paper>
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
