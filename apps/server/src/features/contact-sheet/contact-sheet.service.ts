import { type ContactSheetPaper, contactSheetFileName } from "@latent/domain/contact-sheet";
import { exposureIndex } from "@latent/domain/exposure-index";
import type { FilmFormat } from "@latent/domain/film-config";
import { resolveLocale } from "@latent/domain/locales";
import type { RollStatus } from "@latent/domain/roll-life";
import { stickerUrl } from "@latent/domain/stickers";
import { AppError } from "../../platform/http/app-error.ts";
import { translator } from "../../platform/i18n/translator.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { FilmRow, FilmsService } from "../films/films.service.ts";
import type { LabProfileService } from "../labs/profile/profile.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { StickersService } from "../stickers/stickers.service.ts";

export interface ContactSheetDeps {
  store: ObjectStore;
  publicUrl: string;
  films: Pick<FilmsService, "load">;
  shots: Pick<ShotsService, "doneImages">;
  labs: Pick<LabProfileService, "mine">;
  stickers: Pick<StickersService, "mine">;
}

/** "ISO 400" at box speed; "ISO 400 · EI 800 (push +1)" pushed, "(pull -1)" pulled, the words in the reader's language. */
export function speedLine(iso: number, pushPull: number, locale = "en-US"): string {
  if (pushPull === 0) return `ISO ${iso}`;
  const t = translator(locale, "contactSheet");
  const stops = pushPull > 0 ? t("push", { stops: pushPull }) : t("pull", { stops: pushPull });
  return `ISO ${iso} · EI ${exposureIndex(iso, pushPull)} (${stops})`;
}

/**
 * The header lines under the roll's name, in the reader's language: stock, format and process; speed; when, which
 * lab, how many frames.
 */
export function headerLines(film: FilmRow, labName: string | null, frames: number, locale = "en-US"): string[] {
  const t = translator(locale, "contactSheet");
  const months = new Intl.DateTimeFormat(resolveLocale(locale), { month: "long", timeZone: "UTC" });
  const month = film.year !== null && film.month !== null ? months.format(new Date(Date.UTC(2000, film.month - 1))) : null;
  const when = film.year === null ? null : [month, film.year].filter(Boolean).join(" ");
  return [
    [`${film.brand} ${film.model}`, film.format, film.process === "B/N" ? t("blackAndWhite") : film.process].join(" · "),
    speedLine(film.iso, film.push_pull, locale),
    [when, labName ? t("lab", { name: labName }) : null, t("frames", { count: frames })].filter(Boolean).join(" · "),
    // Where the roll is in its life and where its negatives are (issue 29), when the owner recorded them.
    [
      film.status ? t("status", { status: translator(locale, "rollLife")(`status.${film.status as RollStatus}`) }) : null,
      film.storage_location ? t("storage", { place: film.storage_location }) : null,
    ]
      .filter(Boolean)
      .join(" · "),
  ].filter((line) => line !== "");
}

/** A roll's contact sheet (issue 28 §4): a printable PDF of its finished frames from their stored previews. */
export function createContactSheetService({ store, publicUrl, films, shots, labs, stickers }: ContactSheetDeps) {
  const readAll = async (key: string | null): Promise<Buffer | null> => {
    const object = key ? await store.get(key) : null;
    return object ? Buffer.concat(await object.body.toArray()) : null;
  };

  /** A lab's own order roll carries the lab's name; a roll a photographer added from a lab's order, that lab's. */
  const labNameOf = async (film: FilmRow) => (film.order_id ? (await labs.mine(film.user_id)).name : film.from_lab_name) || null;

  const shortIdOf = async (film: FilmRow, hash: string) => {
    try {
      return (await stickers.mine(film.user_id, hash)).short_id;
    } catch {
      // A sticker the owner no longer holds still opens the roll by its QR: the sheet prints it without the id.
      return null;
    }
  };

  return {
    /** The PDF of the owner's roll (`userId` owns `filmId`, else 404) and the name the browser saves it under. */
    async render(userId: string, filmId: string, paper: ContactSheetPaper, locale = "en-US"): Promise<{ pdf: Buffer; fileName: string }> {
      const film = await films.load(userId, filmId);
      const frames = await shots.doneImages(film.id);
      if (frames.length === 0) throw new AppError("nothing-to-download", "This roll has no finished scans to put on a contact sheet");
      const [labName, shortId] = await Promise.all([
        labNameOf(film),
        film.sticker_hash ? shortIdOf(film, film.sticker_hash) : Promise.resolve(null),
      ]);
      // PDFKit, the QR encoder and sharp load with the first sheet: most servers never print one (decision 0029).
      const { renderContactSheet } = await import("./contact-sheet-pdf.ts");
      const pdf = await renderContactSheet({
        paper,
        format: film.format as FilmFormat,
        title: film.name || `${film.brand} ${film.model}`,
        lines: headerLines(film, labName, frames.length, locale),
        sticker: film.sticker_hash ? { url: stickerUrl(publicUrl, film.sticker_hash), shortId } : null,
        // The preview is made for the screen and is what prints well; the small thumbnail only stands in for it.
        frames: frames.map((f) => ({ index: f.index, image: async () => (await readAll(f.preview_key)) ?? readAll(f.thumb_key) })),
      });
      return { pdf, fileName: contactSheetFileName(film) };
    },
  };
}

export type ContactSheetService = ReturnType<typeof createContactSheetService>;
