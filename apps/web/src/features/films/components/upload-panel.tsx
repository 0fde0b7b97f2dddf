import "@mantine/dropzone/styles.css";
import { MAX_SHOTS_PER_ROLL } from "@latent/domain/film-config";
import { DEFAULT_MAX_SHOT_BYTES, type FilmDetail, SHOT_CONTENT_TYPES, type ShotContentType } from "@latent/domain/films";
import { Alert, Button, Group, List, NumberInput, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { formatFileSize } from "../../../shared/i18n/file-size.ts";
import { listFilmUploads } from "../api/list-film-uploads.ts";
import { filesFromEvent } from "../uploads/dropped-files.ts";
import { assignIndexes, type ChosenFiles, chooseScans, defaultRange, type PlanProblem, planProblem } from "../uploads/upload-plan.ts";
import { useFilmUploads, useUploadManager } from "../uploads/use-uploads.ts";
import { UploadQueue } from "./upload-queue.tsx";

/** Names shown in the review before "and N more". */
const LISTED_FILES = 12;

function ProblemText({ problem }: { problem: PlanProblem }) {
  const { t } = useTranslation("films");
  switch (problem.kind) {
    case "no-files":
      return t("upload.problem.noFiles");
    case "range-invalid":
      return t("upload.problem.range", { max: problem.max });
    case "count-mismatch":
      return t("upload.problem.count", {
        files: t("upload.problem.files", { count: problem.files }),
        shots: t("upload.problem.shots", { count: problem.shots }),
      });
    case "busy":
      return t("upload.problem.busy", { indexes: problem.indexes.join(", "), count: problem.indexes.length });
  }
}

/**
 * Upload of scans: drop files or a whole folder, or pick them; review which file goes to which shot; send them.
 * Files go in natural order of their names to consecutive shots, from the one after the roll's last shot unless
 * the user chooses others; if their number differs from the number of shots chosen, nothing is sent (spec §5).
 */
export function UploadPanel({ film }: { film: FilmDetail }) {
  const { t, i18n } = useTranslation("films");
  const api = useApiClient();
  const uploads = useUploadManager();
  // This page's uploads of the roll: their shots count as taken even before the server's copy of the roll has them.
  const filmUploads = useFilmUploads(film.id);
  const openPicker = useRef<() => void>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenFiles<File> | null>(null);
  const [from, setFrom] = useState<number | string>(1);
  const [to, setTo] = useState<number | string>(1);
  const maxShots = MAX_SHOTS_PER_ROLL[film.format];

  useEffect(() => {
    // React has no prop for it: the attribute turns the input into a folder picker.
    folderInput.current?.setAttribute("webkitdirectory", "");
  }, []);

  /**
   * Files whose upload stopped go on where it stopped, at their shot: a paused upload of this page (same name, size
   * and last change), or an unfinished one the server has from elsewhere (same name and size). Answers the others.
   */
  const resumeKnown = async (files: readonly File[]) => {
    const rest: File[] = [];
    let resumed = 0;
    for (const file of files) {
      const index = uploads.pausedIndexOf(film.id, file);
      const entry = filmUploads.find((u) => u.index === index);
      if (index !== null && entry && uploads.resume(film.id, { index, file, contentType: entry.contentType ?? "image/jpeg" })) resumed += 1;
      else rest.push(file);
    }
    const local = new Set(filmUploads.map((u) => u.index));
    if (rest.length > 0 && film.shots.some((s) => s.state === "uploading" && !local.has(s.index))) {
      const unfinished = await listFilmUploads(api, film.id).catch(() => []);
      for (const upload of unfinished.filter((u) => !local.has(u.index))) {
        const at = rest.findIndex((f) => f.name === upload.file_name && f.size === upload.content_length);
        const file = rest[at];
        const contentType = (SHOT_CONTENT_TYPES as readonly string[]).includes(upload.content_type)
          ? (upload.content_type as ShotContentType)
          : null;
        if (!file || !contentType) continue;
        if (uploads.resume(film.id, { index: upload.index, file, contentType }, upload.upload_id)) {
          resumed += 1;
          rest.splice(at, 1);
        }
      }
    }
    if (resumed > 0)
      notifications.show({ closeButtonProps: { "aria-label": t("errors:dismiss") }, message: t("upload.resumed", { count: resumed }) });
    return rest;
  };

  const choose = async (files: readonly File[]) => {
    const rest = await resumeKnown(files);
    if (rest.length === 0) return;
    const next = await chooseScans(rest);
    const taken = [...film.shots.map((s) => s.index), ...filmUploads.map((u) => u.index)];
    const range = defaultRange(taken, next.images.length, maxShots);
    setChosen(next);
    setFrom(range.from);
    setTo(range.to);
  };

  const range = { from: Number(from), to: Number(to) };
  const count = chosen?.images.length ?? 0;
  const busy = uploads.busyIndexes(film.id);
  const problem = chosen ? planProblem(count, range, maxShots, busy) : null;
  const replaced = chosen && !problem ? film.shots.filter((s) => s.index >= range.from && s.index <= range.to).map((s) => s.index) : [];

  const start = () => {
    if (!chosen || problem) {
      notifications.show({
        closeButtonProps: { "aria-label": t("errors:dismiss") },
        color: "red",
        title: t("upload.notStarted"),
        message: t("upload.fixFirst"),
      });
      return;
    }
    const items = assignIndexes(chosen.images, range.from).map(({ index, item }) => ({
      index,
      file: item.file,
      contentType: item.contentType,
    }));
    uploads.enqueue(film.id, items);
    notifications.show({ closeButtonProps: { "aria-label": t("errors:dismiss") }, message: t("upload.started", { count: items.length }) });
    setChosen(null);
  };

  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => void choose(files)}
        getFilesFromEvent={filesFromEvent}
        openRef={openPicker}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        multiple
        aria-label={t("upload.dropLabel")}
        p="lg"
      >
        <Stack align="center" gap={6} style={{ pointerEvents: "none" }}>
          <Title order={3} size="h5">
            <Dropzone.Accept>{t("upload.dropNow")}</Dropzone.Accept>
            <Dropzone.Reject>{t("upload.dropNow")}</Dropzone.Reject>
            <Dropzone.Idle>{t("upload.dropTitle")}</Dropzone.Idle>
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {t("upload.dropHint", { count: maxShots, size: formatFileSize(DEFAULT_MAX_SHOT_BYTES, i18n.language) })}
          </Text>
        </Stack>
        <Group justify="center" mt="sm">
          <Button variant="default" onClick={() => openPicker.current?.()}>
            {t("upload.chooseFiles")}
          </Button>
          <Button variant="default" onClick={() => folderInput.current?.click()}>
            {t("upload.chooseFolder")}
          </Button>
        </Group>
      </Dropzone>
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label={t("upload.chooseFolder")}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          void choose(files);
        }}
      />

      {chosen && (
        <Paper withBorder p="md" component="section" aria-labelledby="upload-review-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="upload-review-title">
              {t("upload.review.title", { count })}
            </Title>
            <Text size="sm">{t("upload.review.rule")}</Text>
            {chosen.refused.length > 0 && (
              <Alert color="red" role="alert" title={t("upload.refused.title", { count: chosen.refused.length })}>
                <List size="sm" spacing={2}>
                  {chosen.refused.map((f) => (
                    <List.Item key={`${f.name}-${f.size}-${f.lastModified}`}>{t("upload.refused.file", { name: f.name })}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {chosen.ignored.length > 0 && (
              <Alert color="yellow" title={t("upload.review.ignored", { count: chosen.ignored.length })}>
                <Text size="sm">{chosen.ignored.map((f) => f.name).join(", ")}</Text>
              </Alert>
            )}
            <Group align="flex-end">
              <NumberInput
                label={t("upload.review.from")}
                min={1}
                max={maxShots}
                allowDecimal={false}
                value={from}
                onChange={setFrom}
                w={140}
              />
              <NumberInput label={t("upload.review.to")} min={1} max={maxShots} allowDecimal={false} value={to} onChange={setTo} w={140} />
            </Group>
            {problem ? (
              <Alert color="red" role="alert" title={t("upload.review.nothing")}>
                <ProblemText problem={problem} />
              </Alert>
            ) : (
              count > 0 && (
                <ScrollArea.Autosize mah={220}>
                  <List size="sm" spacing={2} aria-label={t("upload.review.mapping")}>
                    {assignIndexes(chosen.images, range.from)
                      .slice(0, LISTED_FILES)
                      .map(({ index, item }) => (
                        <List.Item key={`${index}-${item.file.name}`}>{t("upload.review.pair", { index, name: item.file.name })}</List.Item>
                      ))}
                    {count > LISTED_FILES && <List.Item>{t("upload.review.more", { count: count - LISTED_FILES })}</List.Item>}
                  </List>
                </ScrollArea.Autosize>
              )
            )}
            {replaced.length > 0 && (
              <Alert color="yellow">{t("upload.review.replaces", { count: replaced.length, indexes: replaced.join(", ") })}</Alert>
            )}
            <Group>
              <Button onClick={start} disabled={count === 0}>
                {t("upload.review.start", { count })}
              </Button>
              <Button variant="default" onClick={() => setChosen(null)}>
                {t("common:actions.cancel")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <UploadQueue filmId={film.id} serverShots={film.shots} />
    </Stack>
  );
}
