import type { Film } from "@latent/domain/films";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "../../../shared/i18n/file-size.ts";
import { exposureRows, exposureWords } from "../public/exposure-texts.ts";
import type { GalleryItem } from "../public/gallery-items.ts";
import { type Setting, shotSettings } from "../public/shot-settings.ts";
import { formatPushPullAt } from "./film-texts.ts";
import classes from "./films.module.css";

/** The name of one of the owner's cameras or lenses; null for gear deleted since. */
export type GearName = (kind: "camera" | "lens", id: string) => string | null;

interface ShotDetailsProps {
  item: GalleryItem;
  film: Pick<Film, "iso" | "camera_id" | "lens_id" | "scanner" | "push_pull">;
  /** Without it (a shared roll: its visitor does not see the owner's gear) camera and lens are left out. */
  gearName?: GearName;
}

const NOTHING_NOTED = { camera_id: null, lens_id: null, scanner: null, push_pull: null };

/** What is known of a shot: its file, and what it was taken and scanned with (the roll's where the shot says nothing). */
export function ShotDetails({ item, film, gearName }: ShotDetailsProps) {
  const { t, i18n } = useTranslation("films");
  const shot = item.shot;
  const settings = shotSettings(shot ?? NOTHING_NOTED, film);

  const said = <T,>(setting: Setting<T | null>, name: (value: T) => string) => {
    if (setting.value === null) return t("lightbox.notNoted");
    return setting.fromRoll ? t("fromRoll", { value: name(setting.value) }) : name(setting.value);
  };
  const gear = (kind: "camera" | "lens") => (id: string) => gearName?.(kind, id) ?? t("shot.unknownGear");
  const pushPull = formatPushPullAt(settings.pushPull.value, film.iso, t, i18n.language);

  const rows: [string, string | null][] = [
    [t("lightbox.fields.shot"), String(item.index)],
    [t("lightbox.fields.file"), shot?.file_name ?? item.upload?.fileName ?? null],
    [t("lightbox.fields.size"), shot?.size ? formatFileSize(shot.size, i18n.language) : null],
    [
      t("lightbox.fields.dimensions"),
      shot?.width && shot.height ? t("lightbox.dimensions", { width: shot.width, height: shot.height }) : null,
    ],
    [t("fields.format"), shot?.version.format ? shot.version.format.replace("image/", "").toUpperCase() : null],
    [t("fields.camera"), gearName ? said(settings.cameraId, gear("camera")) : null],
    [t("fields.lens"), gearName ? said(settings.lensId, gear("lens")) : null],
    [t("fields.scanner"), said(settings.scanner, (scanner) => scanner)],
    [t("fields.pushPull"), settings.pushPull.fromRoll ? t("fromRoll", { value: pushPull }) : pushPull],
    [t("lightbox.fields.kept"), shot ? (shot.kept ? t("lightbox.yes") : t("lightbox.no")) : null],
    // How the frame was exposed, as the photographer noted it: only what was noted.
    ...(shot?.exposure ? exposureRows(shot.exposure, exposureWords(t), i18n.language) : []),
  ];

  return (
    <dl className={classes.details}>
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
