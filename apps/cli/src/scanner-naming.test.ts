import { describe, expect, it } from "vitest";
import { isImageName, planFrames } from "./scanner-naming.ts";

const frames = (names: string[], first?: number) => planFrames(names, first).files.map((f) => `${f.frame}:${f.name}`);

describe("a scanner's folder as frames", () => {
  it("orders a Noritsu folder by the frame number after the order number, whatever the listing order", () => {
    const plan = planFrames(["000123_0010.jpg", "000123_0002.jpg", "000123_0001.jpg"]);
    expect(plan.scheme).toBe("noritsu");
    expect(plan.files).toEqual([
      { name: "000123_0001.jpg", frame: 1 },
      { name: "000123_0002.jpg", frame: 2 },
      { name: "000123_0010.jpg", frame: 3 },
    ]);
  });

  it("reads a Noritsu name with more between the order and the frame", () => {
    expect(frames(["000123_A_0002.JPG", "000123_A_0001.JPG"])).toEqual(["1:000123_A_0001.JPG", "2:000123_A_0002.JPG"]);
  });

  it("orders a Frontier folder by roll, then edge number with its half steps, 00 before 0", () => {
    const plan = planFrames(["R1-00123-1.JPG", "R2-00123-0.JPG", "R1-00123-0A.JPG", "R1-00123-00.JPG", "R1-00123-0.JPG"]);
    expect(plan.scheme).toBe("frontier");
    expect(plan.files.map((f) => f.name)).toEqual([
      "R1-00123-00.JPG",
      "R1-00123-0.JPG",
      "R1-00123-0A.JPG",
      "R1-00123-1.JPG",
      "R2-00123-0.JPG",
    ]);
    expect(plan.files.map((f) => f.frame)).toEqual([1, 2, 3, 4, 5]);
  });

  it("orders any other folder by name with numbers as numbers", () => {
    const plan = planFrames(["scan-10.tif", "scan-2.tif", "scan-1.tif"]);
    expect(plan.scheme).toBe("name");
    expect(plan.files.map((f) => f.name)).toEqual(["scan-1.tif", "scan-2.tif", "scan-10.tif"]);
  });

  it("orders a folder mixing two Noritsu orders by name, not as one roll", () => {
    expect(planFrames(["000124_0001.jpg", "000123_0002.jpg"]).scheme).toBe("name");
  });

  it("shifts every frame when the roll starts elsewhere", () => {
    expect(frames(["000123_0002.jpg", "000123_0001.jpg"], 3)).toEqual(["3:000123_0001.jpg", "4:000123_0002.jpg"]);
  });

  it("leaves out sidecars, hidden files and the system's leftovers", () => {
    expect(frames(["notes.txt", ".DS_Store", "._a.jpg", "Thumbs.db", ".latent-journal.jsonl", "a.jpg"])).toEqual(["1:a.jpg"]);
    expect(["x.jpeg", "x.TIF", "x.tiff", "x.png", "x.webp"].every(isImageName)).toBe(true);
    expect(isImageName("x.cr2")).toBe(false);
  });
});
