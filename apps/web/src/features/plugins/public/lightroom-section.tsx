import { LIGHTROOM_DOWNLOAD_PATH, type LightroomPairing } from "@latent/domain/plugins";
import { Alert, Button, Group, List, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useDisconnectLightroom, useLightroomStatus } from "../api/lightroom.ts";

/** The profile's "Lightroom Classic": the plugin's download and install steps, the paired Lightrooms, and a way to end each. */
export function LightroomSection() {
  const { t, i18n } = useTranslation("profile");
  const errorText = useApiErrorText();
  const titleId = useId();
  const status = useLightroomStatus();
  const disconnect = useDisconnectLightroom();
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : t("lightroom.never");

  const confirmDisconnect = (pairing: LightroomPairing) =>
    modals.openConfirmModal({
      title: t("lightroom.disconnectTitle"),
      children: <Text size="sm">{t("lightroom.disconnectBody")}</Text>,
      labels: { confirm: t("lightroom.disconnect"), cancel: t("lightroom.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        disconnect.mutate(pairing.id, {
          onSuccess: () => notifications.show({ color: "green", message: t("lightroom.disconnected") }),
          onError: (err) => notifications.show({ color: "red", message: errorText(err) }),
        }),
    });

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" data-testid="lightroom-section">
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t("lightroom.title")}
        </Title>
        <Text size="sm">{t("lightroom.intro")}</Text>
        <div>
          <Button component="a" href={LIGHTROOM_DOWNLOAD_PATH} download variant="light">
            {t("lightroom.download")}
          </Button>
        </div>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t("lightroom.steps.unzip")}</List.Item>
          <List.Item>{t("lightroom.steps.add")}</List.Item>
          <List.Item>{t("lightroom.steps.setUp", { url: window.location.origin })}</List.Item>
          <List.Item>{t("lightroom.steps.confirm")}</List.Item>
        </List>
        <Title order={3} size="h5">
          {t("lightroom.paired")}
        </Title>
        {status.isPending ? (
          <Loader size="sm" role="status" aria-label={t("lightroom.loading")} />
        ) : status.error ? (
          <Alert color="red" role="alert">
            {errorText(status.error)}
          </Alert>
        ) : status.data.pairing === "external" ? (
          <Text size="sm" c="dimmed">
            {t("lightroom.external")}
          </Text>
        ) : status.data.pairing === "unavailable" ? (
          <Text size="sm" c="dimmed">
            {t("lightroom.unavailable")}
          </Text>
        ) : status.data.pairings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("lightroom.none")}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="lightroom-pairings">
            {status.data.pairings.map((pairing) => (
              <Group key={pairing.id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {t("lightroom.pairedOn", { date: when(pairing.paired_at) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("lightroom.lastUsed", { date: when(pairing.last_used_at) })}
                  </Text>
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => confirmDisconnect(pairing)}
                  loading={disconnect.isPending && disconnect.variables === pairing.id}
                >
                  {t("lightroom.disconnect")}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
