import { paths } from "@latent/domain/app-paths";
import { normalizeShortId } from "@latent/domain/stickers";
import { Alert, Button, Group, Loader, Stack, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { createApiClient, NO_TOKENS } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { getLabSticker } from "../../roll-life/api/life-api.ts";
import { getMySticker } from "../../stickers/api/get-my-sticker.ts";
import { getStickerStatus } from "../../stickers/api/get-sticker-status.ts";
import { StickerCamera } from "../../stickers/public/sticker-camera.tsx";
import { type ScannedSticker, stickerRef } from "../../stickers/public/sticker-scan.ts";
import { useCompanionRole } from "../use-companion-role.ts";
import { LabRollCard } from "./lab-roll-card.tsx";
import { type LabScanOutcome, labScanOutcome } from "./lab-scan.ts";
import { LinkToRoll } from "./link-to-roll.tsx";
import { type ScanOutcome, scanOutcome } from "./scan-outcome.ts";

/**
 * Scan a sticker with the phone's camera, or type its short id: the user's linked sticker opens its roll at once,
 * an unlinked one of theirs offers to link it, anything else says what it is. A lab's scan shows the roll behind the
 * sticker with its next step as one big button (issue 29).
 */
export function ScanScreen() {
  const { t } = useTranslation("companion");
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const api = useApiClient();
  const role = useCompanionRole();
  // The public look-up goes without the session's token: its 401 must not read as a lost session.
  const publicApi = useMemo(() => createApiClient(NO_TOKENS), []);
  const [typed, setTyped] = useState("");
  const [touched, setTouched] = useState(false);
  const shortId = normalizeShortId(typed);

  const lookUp = useMutation({
    mutationFn: (sticker: ScannedSticker): Promise<ScanOutcome | LabScanOutcome> =>
      role === "lab"
        ? labScanOutcome(stickerRef(sticker), (ref) => getLabSticker(api, ref))
        : scanOutcome(stickerRef(sticker), { status: (ref) => getStickerStatus(publicApi, ref), mine: (ref) => getMySticker(api, ref) }),
    onSuccess: (outcome) => {
      if (outcome.kind === "open-roll") navigate(paths.companion.roll.to(outcome.filmId));
    },
  });
  const outcome = lookUp.data;
  // The camera stays open until a sticker is found, and opens again for the next one.
  const cameraOpen = lookUp.isIdle;

  const onType = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (shortId) lookUp.mutate({ kind: "short-id", shortId });
  };
  const again = () => {
    lookUp.reset();
    setTyped("");
    setTouched(false);
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("scan.title")}
      </Title>
      {cameraOpen && <StickerCamera onFound={(sticker) => lookUp.mutate(sticker)} />}
      {lookUp.isPending && <Loader aria-label={t("scan.checking")} />}
      {lookUp.isError && (
        <Alert color="red" role="alert" title={t("scan.failed")}>
          {errorText(lookUp.error)}
        </Alert>
      )}
      {outcome?.kind === "unknown" && (
        // A lab hears that the roll is not one it may handle: the sticker itself may well be Latent's.
        <Alert color="orange" role="alert" title={t(role === "lab" ? "scan.labUnknown.title" : "scan.unknown.title")}>
          {t(role === "lab" ? "scan.labUnknown.text" : "scan.unknown.text")}
        </Alert>
      )}
      {outcome?.kind === "foreign" && (
        <Alert color="orange" role="alert" title={t("scan.foreign.title")}>
          {t("scan.foreign.text")}
        </Alert>
      )}
      {outcome?.kind === "link" && <LinkToRoll sticker={outcome.sticker} />}
      {outcome?.kind === "lab-roll" && <LabRollCard stickerRef={outcome.ref} lookup={outcome.lookup} />}
      {!cameraOpen && !lookUp.isPending && outcome?.kind !== "open-roll" && (
        <Button variant="default" onClick={again}>
          {t("scan.again")}
        </Button>
      )}

      <form onSubmit={onType} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t("scan.typeLabel")}
            description={t("scan.typeHint")}
            placeholder="XXX-XXX-XXX"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && typed.trim() !== "" && !shortId ? t("scan.typeInvalid") : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
        </Group>
        <Button type="submit" mt="xs" fullWidth variant="light" disabled={!shortId} loading={lookUp.isPending}>
          {t("scan.typeAction")}
        </Button>
      </form>
    </Stack>
  );
}
