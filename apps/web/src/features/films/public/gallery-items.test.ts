import type { Shot } from "@latent/domain/films";
import { describe, expect, it } from "vitest";
import type { UploadShot } from "../uploads/upload-manager.ts";
import { galleryItems } from "./gallery-items.ts";

const shot = (index: number, state: Shot["state"], error_message: string | null = null): Shot => ({
  id: `s${index}`,
  index,
  state,
  error_message,
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
    expect(galleryItems([shot(1, "done")], [upload(1, "error", 10, "upload-interrupted")])[0]?.state).toBe("done");
  });

  it("shows the server's processing failure with its message", () => {
    expect(galleryItems([shot(4, "error", "Not an image")], [])[0]).toMatchObject({ state: "error", error: "Not an image" });
  });

  it("shows a sent file as processing until the server's copy of the roll has it", () => {
    expect(galleryItems([], [upload(5, "pending", 100)])[0]?.state).toBe("pending");
  });
});
