import type { FilmDetail } from "@latent/domain/films";
import { NO_EXPOSURE } from "@latent/domain/frame-exposure";
import type { FrameLogPreview } from "@latent/domain/frame-logs/frame-log-api";
import { FRAME_LOG_MAX_BYTES } from "@latent/domain/frame-logs/read-frame-log";
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { FileDropzone } from "../../../shared/ui/file-dropzone.tsx";
import { useApplyFrameLog } from "../api/apply-frame-log.ts";
import { usePreviewFrameLog } from "../api/preview-frame-log.ts";
import { exposureRows, exposureWords } from "../public/exposure-texts.ts";
import { applyBody, initialChoice, type ReviewChoice, reviewedPairs } from "./frame-log-review.ts";

const FORMAT_NAMES: Record<FrameLogPreview["format"], string> = {
  "exif-notes-json": "Exif Notes (JSON)",
  "exif-notes-csv": "Exif Notes (CSV)",
  "film-rolls-xml": "Film Rolls (XML)",
  "lightme-json": "Lightme (JSON)",
};

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * "Import frame log": a logging app's export is read by the server, its frames proposed against the roll's shots and
 * shown for review (shift all by one, the camera counting down, unpair one); nothing is written until Apply.
 */
export function FrameLogDialog({ film, opened, onClose }: { film: FilmDetail; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation("films");
  const errorText = useApiErrorText();
  const preview = usePreviewFrameLog(film.id);
  const apply = useApplyFrameLog(film.id);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [choice, setChoice] = useState<ReviewChoice | null>(null);

  const shotIndexes = film.shots.map((shot) => shot.index);
  const words = exposureWords(t);

  const read = (next: { name: string; text: string }, roll = 0) => {
    setFile(next);
    apply.reset();
    preview.mutate(
      { file_name: next.name, text: next.text, roll, time_zone: browserTimeZone() },
      { onSuccess: (answer) => setChoice(initialChoice(answer)) },
    );
  };
  const choose = async (chosen: File) => {
    setTooLarge(chosen.size > FRAME_LOG_MAX_BYTES);
    if (chosen.size > FRAME_LOG_MAX_BYTES) return;
    read({ name: chosen.name, text: await chosen.text() });
  };
  const close = () => {
    preview.reset();
    apply.reset();
    setFile(null);
    setChoice(null);
    setTooLarge(false);
    onClose();
  };

  const answer = preview.data && choice ? preview.data : null;
  const shown = answer && choice ? reviewedPairs(answer, shotIndexes, choice) : null;
  const logged = (frame: number) => answer?.frames.find((f) => f.frame === frame);
  const exposureText = (frame: number) => {
    const rows = exposureRows({ ...NO_EXPOSURE, ...logged(frame)?.exposure }, words, i18n.language);
    return rows.length ? rows.map(([label, value]) => `${label}: ${value}`).join(" · ") : t("frameLog.nothingNoted");
  };
  const thumbnail = (index: number) => film.shots.find((shot) => shot.index === index)?.version.thumbnail_url ?? null;

  const save = () => {
    if (!answer || !shown) return;
    apply.mutate(applyBody(answer, shown.pairs), {
      onSuccess: (written) => {
        notifications.show({
          closeButtonProps: { "aria-label": t("errors:dismiss") },
          color: "green",
          message: t("frameLog.done", { count: written.length }),
        });
        close();
      },
    });
  };

  const rollFacts = (roll: FrameLogPreview["rolls"][number]) =>
    [roll.name, roll.film_stock, roll.iso ? `ISO ${roll.iso}` : null, roll.camera].filter(Boolean).join(" · ");

  return (
    <Modal opened={opened} onClose={close} title={t("frameLog.title")} closeButtonProps={{ "aria-label": t("films:close") }} size="xl">
      <Stack gap="sm">
        {!answer && (
          <>
            <Text size="sm" c="dimmed">
              {t("frameLog.intro")}
            </Text>
            <FileDropzone
              onFile={(file) => void choose(file)}
              loading={preview.isPending}
              dropLabel={t("frameLog.drop")}
              chooseLabel={t("frameLog.choose")}
            />
          </>
        )}
        {preview.isPending && (
          <Text size="sm" role="status">
            {t("frameLog.reading")}
          </Text>
        )}
        {tooLarge && (
          <Alert color="red" role="alert">
            {t("frameLog.tooLarge")}
          </Alert>
        )}
        {preview.isError && (
          <Alert color="red" role="alert">
            {errorText(preview.error)}
          </Alert>
        )}
        {answer && shown && choice && file && (
          <>
            <Text size="sm">
              {t("frameLog.summary", { file: file.name, format: FORMAT_NAMES[answer.format] })}
              {answer.rolls[answer.roll] && rollFacts(answer.rolls[answer.roll]!) ? ` — ${rollFacts(answer.rolls[answer.roll]!)}` : ""}
            </Text>
            {answer.rolls.length > 1 && (
              <NativeSelect
                label={t("frameLog.roll")}
                value={String(answer.roll)}
                data={answer.rolls.map((roll, i) => ({ value: String(i), label: rollFacts(roll) || String(i + 1) }))}
                onChange={(event) => read(file, Number(event.currentTarget.value))}
              />
            )}
            <Text size="sm">{t("frameLog.counts", { frames: answer.frames.length, shots: shotIndexes.length })}</Text>
            {answer.needs_review && (
              <Alert color="yellow" role="alert" title={t("frameLog.review")}>
                <Stack gap={4}>
                  {answer.reasons.map((reason) => (
                    <Text size="sm" key={reason}>
                      {t(`frameLog.reasons.${reason}`, { offset: answer.offset > 0 ? `+${answer.offset}` : answer.offset })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => setChoice({ ...choice, offset: choice.offset - 1 })}
                aria-label={t("frameLog.shiftBackLabel")}
              >
                {t("frameLog.shiftBack")}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => setChoice({ ...choice, offset: choice.offset + 1 })}
                aria-label={t("frameLog.shiftForwardLabel")}
              >
                {t("frameLog.shiftForward")}
              </Button>
              <Checkbox
                label={t("frameLog.reversed")}
                checked={choice.reversed}
                onChange={(event) => setChoice({ ...choice, reversed: event.currentTarget.checked })}
              />
            </Group>
            {shown.pairs.length === 0 ? (
              <Alert color="yellow">{t("frameLog.noPairs")}</Alert>
            ) : (
              <Table.ScrollContainer minWidth={480} maxHeight={420}>
                <Table striped>
                  <Table.Caption>{t("frameLog.caption")}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("frameLog.columns.frame")}</Table.Th>
                      <Table.Th>{t("frameLog.columns.shot")}</Table.Th>
                      <Table.Th>{t("frameLog.columns.exposure")}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t("frameLog.columns.action")}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.pairs.map(({ frame, index }) => (
                      <Table.Tr key={frame} data-testid={`frame-log-pair-${frame}`}>
                        <Table.Td>{t("frameLog.frame", { frame })}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            {thumbnail(index) && (
                              <img src={thumbnail(index)!} alt="" width={48} height={32} style={{ objectFit: "cover" }} />
                            )}
                            <span>{t("frameLog.shot", { index })}</span>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{exposureText(frame)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            size="xs"
                            aria-label={t("frameLog.unpairLabel", { frame })}
                            onClick={() => setChoice({ ...choice, unpaired: new Set([...choice.unpaired, frame]) })}
                          >
                            {t("frameLog.unpair")}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {shown.leftFrames.length > 0 && (
              <Text size="sm" c="dimmed">
                {t("frameLog.leftFrames", { frames: shown.leftFrames.join(", ") })}
              </Text>
            )}
            {shown.leftShots.length > 0 && (
              <Text size="sm" c="dimmed">
                {t("frameLog.leftShots", { shots: shown.leftShots.join(", ") })}
              </Text>
            )}
            {apply.isError && (
              <Alert color="red" role="alert">
                {errorText(apply.error)}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          {answer && (
            <Button
              variant="subtle"
              onClick={() => {
                preview.reset();
                setChoice(null);
              }}
            >
              {t("frameLog.otherFile")}
            </Button>
          )}
          <Button variant="default" onClick={close}>
            {t("common:actions.cancel")}
          </Button>
          {answer && shown && (
            <Button onClick={save} loading={apply.isPending} disabled={shown.pairs.length === 0}>
              {t("frameLog.apply", { count: shown.pairs.length })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
