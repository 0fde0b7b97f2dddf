import type { Film, Shot } from "@latent/domain/films";

/** A setting of a shot, and whether it is the roll's because the shot does not say otherwise. */
export interface Setting<T> {
  value: T;
  fromRoll: boolean;
}

export interface ShotSettings {
  cameraId: Setting<string | null>;
  lensId: Setting<string | null>;
  scanner: Setting<string | null>;
  /** Stops pushed (+) or pulled (−); the speed it makes is `exposureIndex(roll.iso, pushPull.value)`. */
  pushPull: Setting<number>;
}

type ShotFields = Pick<Shot, "camera_id" | "lens_id" | "scanner" | "push_pull">;
type RollFields = Pick<Film, "camera_id" | "lens_id" | "scanner" | "push_pull">;

function inherit<T>(own: T | null, roll: T): Setting<T> {
  return own === null ? { value: roll, fromRoll: roll !== null } : { value: own, fromRoll: false };
}

/** What a shot was taken and scanned with: its own camera, lens, scanner and push/pull, else the roll's. */
export function shotSettings(shot: ShotFields, roll: RollFields): ShotSettings {
  return {
    cameraId: inherit(shot.camera_id, roll.camera_id),
    lensId: inherit(shot.lens_id, roll.lens_id),
    scanner: inherit(shot.scanner, roll.scanner),
    pushPull: inherit(shot.push_pull, roll.push_pull),
  };
}
