import { paths } from "@latent/domain/app-paths";
import type { FilmShare } from "@latent/domain/films";
import { Alert, Button, CopyButton, Divider, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import {
  isPaidPlan,
  type LinkSettingsValues,
  NEW_LINK_VALUES,
  settingsBody,
  settingsProblem,
} from "../../link-controls/public/link-settings.ts";
import { LinkSettingsFields } from "../../link-controls/public/link-settings-fields.tsx";
import { LinkSettingsSummary } from "../../link-controls/public/link-settings-summary.tsx";
import { useCurrentUser } from "../../user/api/get-user.ts";
import { useShareFilm } from "../api/share-film.ts";
import { ShareLinksList } from "./share-links-list.tsx";

interface ShareDialogProps {
  filmId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Creates a public link to the roll that ends after the chosen time and shows it with a copy button; below, the
 * roll's links with how often each was opened, and revoke.
 */
export function ShareDialog({ filmId, opened, onClose }: ShareDialogProps) {
  const { t, i18n } = useTranslation("films");
  const errorText = useApiErrorText();
  const share = useShareFilm(filmId);
  const paidPlan = isPaidPlan(useCurrentUser().plan);
  const [settings, setSettings] = useState<LinkSettingsValues>(NEW_LINK_VALUES);
  const [tried, setTried] = useState(false);
  const [link, setLink] = useState<FilmShare | null>(null);
  const problem = settingsProblem(settings, { paidPlan, now: new Date() });
  const create = () => {
    setTried(true);
    if (!problem) share.mutate(settingsBody(settings), { onSuccess: setLink });
  };

  const close = () => {
    onClose();
    setLink(null);
    setSettings(NEW_LINK_VALUES);
    setTried(false);
    share.reset();
  };
  const url = link ? `${window.location.origin}${paths.film}?code=${encodeURIComponent(link.code)}` : "";
  const expires = link
    ? link.never_expires
      ? null
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(link.expires_at))
    : "";

  return (
    <Modal closeButtonProps={{ "aria-label": t("films:close") }} opened={opened} onClose={close} title={t("share.title")} size="xl">
      <Stack gap="xl">
        {link ? (
          <Stack gap="md">
            <Text size="sm">{t("share.created")}</Text>
            <TextInput label={t("share.link")} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Text size="sm" c="dimmed">
              {expires ? t("share.expires", { date: expires }) : t("guestAnswers:link.neverEnds")}
            </Text>
            <LinkSettingsSummary settings={link} />
            <Group>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button color={copied ? "teal" : undefined} onClick={copy} aria-live="polite">
                    {copied ? t("share.copied") : t("share.copy")}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={url} target="_blank" rel="noopener" variant="default">
                {t("share.open")}
              </Button>
              <Button variant="subtle" onClick={() => setLink(null)}>
                {t("share.another")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm">{t("share.text")}</Text>
            <LinkSettingsFields values={settings} onChange={setSettings} paidPlan={paidPlan} problem={tried ? problem : null} />
            {share.isError && (
              <Alert color="red" role="alert">
                {errorText(share.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("common:actions.cancel")}
              </Button>
              <Button loading={share.isPending} onClick={create}>
                {t("share.create")}
              </Button>
            </Group>
          </Stack>
        )}
        <Divider />
        <ShareLinksList filmId={filmId} enabled={opened} />
      </Stack>
    </Modal>
  );
}
