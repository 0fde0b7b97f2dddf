import type { AccountSession } from "@latent/domain/account";
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useEndSession } from "../api/end-session.ts";
import { useSessions } from "../api/list-sessions.ts";
import { AccountSection } from "../components/account-section.tsx";

/** The profile's "Sessions": every signed-in browser and app, each but this one with a way to sign it out. */
export function SessionsSection() {
  const { t, i18n } = useTranslation("account");
  const errorText = useApiErrorText();
  const sessions = useSessions();
  const end = useEndSession();
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "—";

  const confirmEnd = (session: AccountSession) =>
    modals.openConfirmModal({
      title: t("sessions.confirmTitle"),
      children: <Text size="sm">{t("sessions.confirmBody", { device: session.device, client: session.client })}</Text>,
      labels: { confirm: t("sessions.confirm"), cancel: t("form.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        end.mutate(session.id, {
          onSuccess: () => notifications.show({ color: "green", message: t("sessions.ended") }),
          onError: (err) => notifications.show({ color: "red", message: errorText(err) }),
        }),
    });

  return (
    <AccountSection title={t("sessions.title")} testId="sessions-section">
      {sessions.isPending ? (
        <Loader size="sm" role="status" aria-label={t("sessions.loading")} />
      ) : sessions.error ? (
        <Alert color="red" role="alert">
          {errorText(sessions.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("sessions.device")}</Table.Th>
                <Table.Th>{t("sessions.signedIn")}</Table.Th>
                <Table.Th>{t("sessions.lastSeen")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("sessions.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Group gap="xs">
                        <Text size="sm" fw={500}>
                          {session.device}
                        </Text>
                        {session.current && (
                          <Badge size="sm" variant="light">
                            {t("sessions.current")}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {session.client}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{when(session.created_at)}</Table.Td>
                  <Table.Td>{when(session.last_seen_at)}</Table.Td>
                  <Table.Td>
                    {!session.current && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        onClick={() => confirmEnd(session)}
                        loading={end.isPending && end.variables === session.id}
                        aria-label={t("sessions.endNamed", { device: session.device })}
                      >
                        {t("sessions.end")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </AccountSection>
  );
}
