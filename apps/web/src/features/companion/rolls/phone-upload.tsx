import { MAX_SHOTS_PER_ROLL } from "@latent/domain/film-config";
import type { FilmDetail } from "@latent/domain/films";
import { Alert, Button, FileButton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  assignIndexes,
  chooseScans,
  defaultRange,
  planProblem,
  UploadQueue,
  useFilmUploads,
  useUploadManager,
} from "../../films/public/uploads.ts";

type Problem = { kind: "no-room"; free: number } | { kind: "refused"; count: number } | null;

/**
 * Photos picked on the phone go to the roll's next free shots, through the web app's own upload manager: chunked,
 * resumable, two at a time with retries, progress per photo, and going on when the connection comes back.
 */
export function PhoneUpload({ film }: { film: FilmDetail }) {
  const { t } = useTranslation("companion");
  const uploads = useUploadManager();
  const filmUploads = useFilmUploads(film.id);
  const [problem, setProblem] = useState<Problem>(null);
  const maxShots = MAX_SHOTS_PER_ROLL[film.format];

  const pick = async (files: File[]) => {
    setProblem(null);
    if (files.length === 0) return;
    const chosen = await chooseScans(files);
    if (chosen.refused.length > 0 || chosen.ignored.length > 0)
      setProblem({ kind: "refused", count: chosen.refused.length + chosen.ignored.length });
    if (chosen.images.length === 0) return;
    const taken = [...film.shots.map((s) => s.index), ...filmUploads.map((u) => u.index)];
    const range = defaultRange(taken, chosen.images.length, maxShots);
    // Photos go after the roll's last shot; more than it has room for are not sent, rather than replace shots.
    if (planProblem(chosen.images.length, range, maxShots, uploads.busyIndexes(film.id)) || taken.includes(range.from)) {
      setProblem({ kind: "no-room", free: Math.max(0, maxShots - Math.max(0, ...taken)) });
      return;
    }
    uploads.enqueue(
      film.id,
      assignIndexes(chosen.images, range.from).map(({ index, item }) => ({ index, file: item.file, contentType: item.contentType })),
    );
  };

  return (
    <Stack gap="sm">
      <FileButton onChange={(files) => void pick(files)} accept="image/*" multiple>
        {(props) => (
          <Button {...props} fullWidth size="md">
            {t("upload.pick")}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t("upload.hint")}
      </Text>
      {problem?.kind === "no-room" && (
        <Alert color="orange" role="alert">
          {t("upload.noRoom", { count: problem.free })}
        </Alert>
      )}
      {problem?.kind === "refused" && (
        <Alert color="orange" role="alert">
          {t("upload.refused", { count: problem.count })}
        </Alert>
      )}
      <UploadQueue filmId={film.id} serverShots={film.shots} />
    </Stack>
  );
}
