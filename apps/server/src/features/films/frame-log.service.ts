import type { FrameExposure } from "@latent/domain/frame-exposure";
import { FrameLogError } from "@latent/domain/frame-logs/frame-log";
import type { FrameLogPreview } from "@latent/domain/frame-logs/frame-log-api";
import type { MatchOrder } from "@latent/domain/frame-logs/match-frames";
import { matchFrames } from "@latent/domain/frame-logs/match-frames";
import { readFrameLog } from "@latent/domain/frame-logs/read-frame-log";
import { AppError } from "../../platform/http/app-error.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { FilmsService } from "./films.service.ts";

export interface FrameLogDeps {
  films: Pick<FilmsService, "get">;
  shots: Pick<ShotsService, "update">;
}

/** Frame logs from film-logging apps (issue 28): read and paired with a roll's scans, written only once confirmed. */
export function createFrameLogService({ films, shots }: FrameLogDeps) {
  return {
    /** Reads a log and proposes its pairs with the caller's roll's shots; writes nothing. */
    async preview(
      userId: string,
      filmId: string,
      body: { text: string; file_name: string; roll: number; order: MatchOrder; time_zone?: string | undefined },
    ): Promise<FrameLogPreview> {
      const film = await films.get(userId, filmId);
      let log: ReturnType<typeof readFrameLog>;
      try {
        log = readFrameLog(body.text, body.file_name, body.time_zone ? { timeZone: body.time_zone } : {});
      } catch (err) {
        if (err instanceof FrameLogError) throw new AppError("frame-log-unreadable", err.message);
        throw err;
      }
      if (body.roll >= log.rolls.length)
        throw new AppError("bad-request", `roll: This log holds ${log.rolls.length} roll(s)`, {
          roll: "There is no such roll in this log",
        });
      const roll = log.rolls[body.roll]!;
      const frames = roll.frames.map((f) => ({ ...f, taken_at: f.exposure.taken_at ?? null }));
      const match = matchFrames(
        frames,
        film.shots.map((shot) => shot.index),
        body.order,
      );
      return {
        format: log.format,
        rolls: log.rolls.map((r) => ({
          name: r.name ?? null,
          film_stock: r.film_stock ?? null,
          iso: r.iso ?? null,
          camera: r.camera ?? null,
          frames: r.frames.length,
        })),
        roll: body.roll,
        frames: roll.frames.map((f) => ({ frame: f.frame, exposure: f.exposure, camera: f.camera ?? null, lens: f.lens ?? null })),
        ...match,
      };
    },

    /** Writes each confirmed pair's exposure into its shot of the caller's roll, all or none. */
    async apply(userId: string, filmId: string, pairs: { index: number; exposure: FrameExposure }[]) {
      // A foreign or unknown roll is 404 before anything else.
      await films.get(userId, filmId);
      return shots.update(
        userId,
        filmId,
        pairs.map((p) => ({ index: p.index, exposure: p.exposure })),
      );
    },
  };
}

export type FrameLogService = ReturnType<typeof createFrameLogService>;
