import { paths } from "@latent/domain/app-paths";
import type { FilmShare } from "@latent/domain/films";
import { Alert, Button, CopyButton, Divider, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useShareFilm } from "../api/share-film.ts";
import { ShareLinksList } from "./share-links-list.tsx";

/** Link lifetimes offered, in minutes (the API's unit; at most 30 days). */
const EXPIRIES = [
  { key: "hour", minutes: 60 },
  { key: "day", minutes: 60 * 24 },
  { key: "week", minutes: 60 * 24 * 7 },
  { key: "month", minutes: 60 * 24 * 30 },
] as const;

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
  const [minutes, setMinutes] = useState<string>(String(EXPIRIES[1].minutes));
  const [link, setLink] = useState<FilmShare | null>(null);

  const close = () => {
    onClose();
    setLink(null);
    share.reset();
  };
  const url = link ? `${window.location.origin}${paths.film}?code=${encodeURIComponent(link.code)}` : "";
  const expires = link
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(link.expires_at))
    : "";

  return (
    <Modal closeButtonProps={{ "aria-label": t("films:close") }} opened={opened} onClose={close} title={t("share.title")} size="xl">
      <Stack gap="xl">
        {link ? (
          <Stack gap="md">
            <Text size="sm">{t("share.created")}</Text>
            <TextInput label={t("share.link")} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Text size="sm" c="dimmed">
              {t("share.expires", { date: expires })}
            </Text>
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
            <Radio.Group label={t("share.expiry")} value={minutes} onChange={setMinutes}>
              <Stack gap="xs" mt="xs">
                {EXPIRIES.map((expiry) => (
                  <Radio key={expiry.key} value={String(expiry.minutes)} label={t(`share.expiries.${expiry.key}`)} />
                ))}
              </Stack>
            </Radio.Group>
            {share.isError && (
              <Alert color="red" role="alert">
                {errorText(share.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("common:actions.cancel")}
              </Button>
              <Button loading={share.isPending} onClick={() => share.mutate(Number(minutes), { onSuccess: setLink })}>
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
