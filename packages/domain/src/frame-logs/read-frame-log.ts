import { readExifNotesCsv, readExifNotesJson } from "./exif-notes.ts";
import { readFilmRollsXml } from "./film-rolls.ts";
import { type FrameLog, FrameLogError, type ReadOptions } from "./frame-log.ts";
import { readLightmeJson } from "./lightme.ts";

/** The largest log read: a roll's log is a few kilobytes; a library export of years of rolls stays under this. */
export const FRAME_LOG_MAX_BYTES = 2 * 1024 * 1024;

const NOT_A_LOG =
  "This file is not a frame log Latent can read: export the roll as JSON or CSV from Exif Notes, as XML from Film Rolls or as JSON from Lightme";

/**
 * Reads a film-logging app's export, telling its format by its content (the name only breaks a tie): Exif Notes
 * JSON or CSV, Film Rolls XML, Lightme JSON. Throws FrameLogError, saying why, for anything else or a log without
 * frames; never another error.
 */
export function readFrameLog(text: string, fileName = "", options: ReadOptions = {}): FrameLog {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (!body) throw new FrameLogError("The file is empty");
  const log = detect(body, fileName.toLowerCase(), options);
  if (log.rolls.every((roll) => roll.frames.length === 0)) throw new FrameLogError("The log has no numbered frames to import");
  return log;
}

function detect(body: string, name: string, options: ReadOptions): FrameLog {
  if (body.startsWith("{") || body.startsWith("[")) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new FrameLogError("The JSON in this file is cut short or not valid");
    }
    if (Array.isArray(data)) return { format: "lightme-json", rolls: readLightmeJson(data, options) };
    if (data && typeof data === "object" && "frames" in data)
      return { format: "exif-notes-json", rolls: [readExifNotesJson(data, options)] };
    throw new FrameLogError(NOT_A_LOG);
  }
  if (body.startsWith("<")) return { format: "film-rolls-xml", rolls: readFilmRollsXml(body, options) };
  if (/^"?Frame Count"?,/im.test(body) || name.endsWith(".csv"))
    return { format: "exif-notes-csv", rolls: [readExifNotesCsv(body, options)] };
  throw new FrameLogError(NOT_A_LOG);
}
