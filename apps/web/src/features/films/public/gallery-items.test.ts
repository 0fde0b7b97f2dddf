import type { Shot } from "@latent/domain/films";
import { NO_EXPOSURE } from "@latent/domain/frame-exposure";
import { describe, expect, it } from "vitest";
import type { UploadShot } from "../uploads/upload-manager.ts";
import { FIRST_SCREEN_TILES, firstScreenImages, galleryItems, galleryPosition, tileImage } from "./gallery-items.ts";

const shot = (index: number, state: Shot["state"], error_message: string | null = null, error_code: Shot["error_code"] = null): Shot => ({
  id: `s${index}`,
  index,
  state,
  error_message,
  error_code,
  version: { url: null, thumbnail_url: state === "done" ? `/media/t${index}` : null, preview_url: null, format: "image/jpeg" },
  size: 10,
  width: null,
  height: null,
  camera_id: null,
  lens_id: null,
  scanner: null,
  push_pull: null,
  kept: false,
  file_name: `${index}.jpg`,
  exposure: NO_EXPOSURE,
});
const upload = (index: number, state: UploadShot["state"], progress = 0, errorMessage: string | null = null): UploadShot => ({
  index,
  state,
  progress,
  errorMessage,
  fileName: `${index}.jpg`,
});

describe("gallery tiles", () => {
  it("orders shots and uploads by index, one tile each", () => {
    const items = galleryItems([shot(3, "done"), shot(1, "done")], [upload(2, "uploading", 40), upload(3, "done", 100)]);
    expect(items.map((i) => [i.index, i.state, i.progress])).toEqual([
      [1, "done", null],
      [2, "uploading", 40],
      [3, "done", null],
    ]);
  });

  it("shows this page's progress while the server still says uploading", () => {
    const [item] = galleryItems([shot(1, "uploading")], [upload(1, "uploading", 75)]);
    expect(item).toMatchObject({ state: "uploading", progress: 75 });
  });

  it("shows an upload's failure, unless the server has the shot done", () => {
    expect(galleryItems([shot(1, "uploading")], [upload(1, "error", 10, "network-error")])[0]).toMatchObject({
      state: "error",
      error: "network-error",
    });
    expect(galleryItems([shot(1, "done")], [upload(1, "error", 10, "network-error")])[0]?.state).toBe("done");
  });

  it("shows the server's processing failure by its code, or by its message when it has none", () => {
    expect(galleryItems([shot(4, "error", "The image file is damaged", "image-damaged")], [])[0]).toMatchObject({
      state: "error",
      error: "image-damaged",
    });
    expect(galleryItems([shot(4, "error", "Not an image")], [])[0]).toMatchObject({ state: "error", error: "Not an image" });
  });

  it("shows a sent file as processing until the server's copy of the roll has it", () => {
    expect(galleryItems([], [upload(5, "pending", 100)])[0]?.state).toBe("pending");
    expect(galleryItems([shot(5, "uploading")], [upload(5, "pending", 100)])[0]?.state).toBe("pending");
    expect(galleryItems([shot(5, "done")], [upload(5, "pending", 100)])[0]?.state).toBe("done");
  });

  it("shows an upload waiting for its file as paused, until the server failed it (stalled) or finished it", () => {
    expect(galleryItems([shot(6, "uploading")], [upload(6, "paused", 40)])[0]).toMatchObject({ state: "paused", progress: 40 });
    expect(galleryItems([shot(6, "error", "stalled", "upload-stalled")], [upload(6, "paused", 40)])[0]).toMatchObject({
      state: "error",
      error: "upload-stalled",
    });
    expect(galleryItems([shot(6, "done")], [upload(6, "paused", 40)])[0]?.state).toBe("done");
  });

  it("gives a failed upload the server's code for its shot when there is one", () => {
    expect(galleryItems([shot(7, "error", "x", "unsupported-file-type")], [upload(7, "error", 0, "unsupported-file-type")])[0]?.error).toBe(
      "unsupported-file-type",
    );
  });
});

describe("moving through the lightbox", () => {
  const items = galleryItems([shot(1, "done"), shot(2, "done"), shot(5, "done")], []);

  it("goes from a shot to its neighbours, across gaps in the roll", () => {
    const at = galleryPosition(items, 2);
    expect(at?.position).toBe(1);
    expect([at?.previous?.index, at?.next?.index, at?.first.index, at?.last.index]).toEqual([1, 5, 1, 5]);
  });

  it("has nowhere to go before the first shot or after the last", () => {
    expect(galleryPosition(items, 1)?.previous).toBeNull();
    expect(galleryPosition(items, 5)?.next).toBeNull();
  });

  it("shows nothing for a link to a shot the roll does not have", () => {
    expect(galleryPosition(items, 3)).toBeNull();
    expect(galleryPosition(items, null)).toBeNull();
    expect(galleryPosition([], 1)).toBeNull();
  });
});

describe("tile images", () => {
  const version = { url: "/media/o", thumbnail_url: "/media/t", preview_url: "/media/p", format: "image/jpeg" };

  it("offer the thumbnail and the preview at their real widths", () => {
    expect(tileImage({ version, width: 6000, height: 4000 })).toEqual({ src: "/media/t", srcSet: "/media/t 480w, /media/p 2048w" });
    expect(tileImage({ version, width: 4000, height: 6000 })?.srcSet).toBe("/media/t 320w, /media/p 1365w");
  });

  it("offer only the thumbnail of a scan no larger than it", () => {
    expect(tileImage({ version, width: 400, height: 300 })?.srcSet).toBe("/media/t 400w");
  });

  it("assume full-size images when the scan's size is unknown", () => {
    expect(tileImage({ version, width: null, height: null })?.srcSet).toBe("/media/t 480w, /media/p 2048w");
  });

  it("offer nothing before the thumbnail is made", () => {
    expect(tileImage({ version: { ...version, thumbnail_url: null }, width: 10, height: 10 })).toBeNull();
  });
});

describe("the thumbnails of a roll page's first screen", () => {
  it("are those of its first tiles in shot order, with the srcset the tiles give", () => {
    const shots = Array.from({ length: 20 }, (_, i) => shot(20 - i, "done"));
    const images = firstScreenImages(shots);
    expect(images).toHaveLength(FIRST_SCREEN_TILES);
    expect(images[0]).toBe(tileImage(shot(1, "done"))?.srcSet);
    expect(images.at(-1)).toBe(tileImage(shot(FIRST_SCREEN_TILES, "done"))?.srcSet);
  });

  it("leave out tiles with no thumbnail yet, without reaching past the first screen", () => {
    const shots = [
      shot(1, "done"),
      shot(2, "pending"),
      shot(3, "error", "bad"),
      ...Array.from({ length: 10 }, (_, i) => shot(i + 4, "done")),
    ];
    expect(firstScreenImages(shots)).toEqual([1, 4, 5, 6, 7, 8].map((i) => tileImage(shot(i, "done"))?.srcSet));
  });
});
