import type { Film } from "@latent/domain/films";
import { normalizeShortId } from "@latent/domain/stickers";
import { Alert, Button, Code, Group, Loader, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { type LinkStickerInput, useLinkSticker } from "../api/link-sticker.ts";
import { useMyStickers } from "../api/list-my-stickers.ts";
import { useUnlinkSticker } from "../api/unlink-sticker.ts";
import { canUseCamera } from "../components/qr-reader.ts";
import { type ScannedSticker, stickerRef } from "../sticker-from-scan.ts";
import { StickerCamera } from "./sticker-camera.tsx";

type RollWithSticker = Pick<Film, "id" | "sticker_hash">;

function LinkedSticker({ film }: { film: RollWithSticker }) {
  const { t } = useTranslation("stickers");
  const errorText = useApiErrorText();
  const stickers = useMyStickers();
  const unlink = useUnlinkSticker();
  const shortId = stickers.data?.find((s) => s.sticker_hash === film.sticker_hash)?.short_id ?? null;

  const confirmUnlink = () =>
    modals.openConfirmModal({
      closeButtonProps: { "aria-label": t("close") },
      title: t("panel.unlinkTitle"),
      children: <Text size="sm">{t("panel.unlinkText")}</Text>,
      labels: { confirm: t("panel.unlink"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        unlink.mutate(
          { film_id: film.id },
          {
            onSuccess: () =>
              notifications.show({ closeButtonProps: { "aria-label": t("close") }, color: "green", message: t("panel.unlinked") }),
            onError: (err) =>
              notifications.show({
                closeButtonProps: { "aria-label": t("close") },
                color: "red",
                title: t("panel.unlinkFailed"),
                message: errorText(err),
              }),
          },
        ),
    });

  return (
    <Group gap="sm" justify="space-between">
      {stickers.isPending ? (
        <Loader size="sm" aria-label={t("panel.loading")} />
      ) : shortId ? (
        <Text>
          {t("panel.linkedTo")} <Code>{shortId}</Code>
        </Text>
      ) : (
        // The list failed or does not have it (a sticker of another account cannot be on this roll, but a slow
        // list may lag behind): the roll's own field says it is linked, which is what matters here.
        <Text>{t("panel.linked")}</Text>
      )}
      <Button variant="light" color="red" onClick={confirmUnlink} loading={unlink.isPending}>
        {t("panel.unlink")}
      </Button>
    </Group>
  );
}

function LinkForm({ film }: { film: RollWithSticker }) {
  const { t } = useTranslation("stickers");
  const errorText = useApiErrorText();
  const link = useLinkSticker();
  const [typed, setTyped] = useState("");
  const [scanning, setScanning] = useState(false);
  // Read once: the browser's abilities do not change while the page is open.
  const [scannable] = useState(canUseCamera);
  const shortId = normalizeShortId(typed);
  const [touched, setTouched] = useState(false);
  // Said once the id is long enough to judge, or the user left the field: not at the first key of a half-typed id.
  const complete = typed.replace(/[\s-]/g, "").length >= 9;
  const invalid = typed.trim() !== "" && shortId === null && (complete || touched);

  const send = (body: LinkStickerInput) =>
    link.mutate(body, {
      onSuccess: () => {
        setTyped("");
        setTouched(false);
        notifications.show({ closeButtonProps: { "aria-label": t("close") }, color: "green", message: t("panel.linkDone") });
      },
      onError: (err) => {
        // Moving a sticker off another roll is the user's call: ask, then try again with `move`.
        if (!body.move && err instanceof ApiError && err.code === "sticker-linked-elsewhere")
          modals.openConfirmModal({
            closeButtonProps: { "aria-label": t("close") },
            title: t("panel.moveTitle"),
            children: <Text size="sm">{t("panel.moveText")}</Text>,
            labels: { confirm: t("panel.move"), cancel: t("common:actions.cancel") },
            onConfirm: () => send({ ...body, move: true }),
          });
      },
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (shortId) send({ sticker_hash: shortId, film_id: film.id });
  };

  const onScanned = (sticker: ScannedSticker) => {
    setScanning(false);
    send({ sticker_hash: stickerRef(sticker), film_id: film.id });
  };

  const failure = link.error && !(link.error instanceof ApiError && link.error.code === "sticker-linked-elsewhere") ? link.error : null;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("panel.none")}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Group gap="xs" align="flex-start">
          <TextInput
            label={t("panel.idLabel")}
            placeholder={t("panel.idPlaceholder")}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={invalid ? t("panel.idInvalid") : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
          <Button type="submit" mt={25} disabled={!shortId} loading={link.isPending}>
            {t("panel.link")}
          </Button>
          {scannable && (
            <Button type="button" mt={25} variant="default" onClick={() => setScanning(true)}>
              {t("panel.scan")}
            </Button>
          )}
        </Group>
      </form>
      {failure && (
        <Alert color="red" role="alert" title={t("panel.linkFailed")}>
          {failure instanceof ApiError && failure.code === "sticker-not-found" ? t("panel.notFound") : errorText(failure)}
        </Alert>
      )}
      <Modal closeButtonProps={{ "aria-label": t("close") }} opened={scanning} onClose={() => setScanning(false)} title={t("scan.title")}>
        {scanning && <StickerCamera onFound={onScanned} />}
      </Modal>
    </Stack>
  );
}

/** A roll's sticker on its page (spec §2): the linked one with Unlink, or a way to link one by its id or its QR code. */
export function StickerPanel({ film }: { film: RollWithSticker }) {
  const { t } = useTranslation("stickers");
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t("panel.title")}
      </Title>
      {film.sticker_hash ? <LinkedSticker film={film} /> : <LinkForm film={film} />}
    </section>
  );
}
