import type { ShareLink, ShareLinkStatus } from "@latent/domain/films";
import { Alert, Badge, Button, Group, Popover, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { EditLinkButton } from "../../link-controls/public/edit-link-button.tsx";
import { LinkSettingsSummary } from "../../link-controls/public/link-settings-summary.tsx";
import { useShareLinks } from "../api/list-share-links.ts";
import { useRevokeShareLink } from "../api/revoke-share-link.ts";
import { useUpdateShareLink } from "../api/update-share-link.ts";

const STATUS_COLORS: Record<ShareLinkStatus, string> = { active: "green", expired: "gray", revoked: "red" };

/** Revoke button of one active link, asking first (the link stops at once wherever it was sent). */
function RevokeButton({ filmId, link, created }: { filmId: string; link: ShareLink; created: string }) {
  const { t } = useTranslation("films");
  const errorText = useApiErrorText();
  const revoke = useRevokeShareLink(filmId);
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    revoke.mutate(link.id, {
      onSuccess: () => {
        setAsking(false);
        notifications.show({ closeButtonProps: { "aria-label": t("errors:dismiss") }, color: "green", message: t("shareLinks.done") });
      },
      onError: (err) =>
        notifications.show({
          closeButtonProps: { "aria-label": t("errors:dismiss") },
          color: "red",
          title: t("shareLinks.failed"),
          message: errorText(err),
        }),
    });

  return (
    <Popover opened={asking} onChange={setAsking} position="bottom-end" withArrow trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => setAsking((open) => !open)}
          aria-label={t("shareLinks.revokeLabel", { date: created })}
        >
          {t("shareLinks.revoke")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Stack gap="xs">
          <Text size="sm">{t("shareLinks.confirm.text")}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setAsking(false)}>
              {t("shareLinks.confirm.no")}
            </Button>
            <Button size="xs" color="red" loading={revoke.isPending} onClick={confirm}>
              {t("shareLinks.confirm.yes")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A roll's share links for its owner: when each was made, until when, how often it was opened, its settings, edit and revoke. */
export function ShareLinksList({ filmId, enabled }: { filmId: string; enabled: boolean }) {
  const { t, i18n } = useTranslation("films");
  const errorText = useApiErrorText();
  const links = useShareLinks(filmId, { enabled });
  const update = useUpdateShareLink(filmId);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  return (
    <Stack gap="xs" component="section" aria-labelledby="share-links-title">
      <Title order={3} size="h5" id="share-links-title">
        {t("shareLinks.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("shareLinks.intro")}
      </Text>
      {links.isPending ? (
        <Skeleton height={64} aria-label={t("common:loading")} />
      ) : links.isError ? (
        <Alert color="red" role="alert" title={t("shareLinks.loadFailed")}>
          {errorText(links.error)}
        </Alert>
      ) : links.data.length === 0 ? (
        <Text size="sm">{t("shareLinks.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("shareLinks.columns.created")}</Table.Th>
                <Table.Th>{t("shareLinks.columns.expires")}</Table.Th>
                <Table.Th>{t("shareLinks.columns.opens")}</Table.Th>
                <Table.Th>{t("shareLinks.columns.status")}</Table.Th>
                <Table.Th>{t("guestAnswers:link.column")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("shareLinks.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data.map((link) => {
                const created = date.format(new Date(link.created_at));
                return (
                  <Table.Tr key={link.id}>
                    <Table.Td>{created}</Table.Td>
                    <Table.Td>{link.never_expires ? t("guestAnswers:link.never") : date.format(new Date(link.expires_at))}</Table.Td>
                    <Table.Td>{t("shareLinks.opens", { count: link.opens })}</Table.Td>
                    <Table.Td>
                      {/* Dark text on the light tint: the tint's own text colour is too pale to read (WCAG AA). */}
                      <Badge variant="light" color={STATUS_COLORS[link.status]} c="dark.7">
                        {t(`shareLinks.status.${link.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <LinkSettingsSummary settings={link} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {link.status === "active" && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <EditLinkButton
                            link={link}
                            label={t("guestAnswers:link.editLabel", { date: created })}
                            save={(settings) => update.mutateAsync({ shareId: link.id, settings })}
                          />
                          <RevokeButton filmId={filmId} link={link} created={created} />
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
