import { describe, expect, it } from "vitest";
import { exposureFromFileName, FrameExposureSchema, parseNossaflexName, parseShutterSpeed, shutterText } from "./frame-exposure.ts";

describe("shutter speeds as photographers write them", () => {
  it("reads fractions, seconds, minutes, log-sheet numbers, bulb and time", () => {
    expect(parseShutterSpeed("1/125")).toEqual({ text: "1/125", seconds: 1 / 125 });
    expect(parseShutterSpeed(" 1/125s ")).toEqual({ text: "1/125", seconds: 1 / 125 });
    expect(parseShutterSpeed("125")?.text).toBe("1/125");
    expect(parseShutterSpeed('2"')).toEqual({ text: '2"', seconds: 2 });
    expect(parseShutterSpeed("2s")?.seconds).toBe(2);
    expect(parseShutterSpeed("0.5")?.text).toBe("1/2");
    expect(parseShutterSpeed("1,5s")?.text).toBe('1.5"');
    expect(parseShutterSpeed("2'")?.seconds).toBe(120);
    expect(parseShutterSpeed("B")).toEqual({ text: "B", seconds: null });
    expect(parseShutterSpeed("t")).toEqual({ text: "T", seconds: null });
  });

  it("takes 1/16000 s and a day, and refuses faster, longer, zero and words", () => {
    expect(parseShutterSpeed("1/16000")?.text).toBe("1/16000");
    expect(parseShutterSpeed("1/32000")).toBeNull();
    expect(parseShutterSpeed("86400s")?.seconds).toBe(86400);
    expect(parseShutterSpeed("86401s")).toBeNull();
    expect(parseShutterSpeed("0")).toBeNull();
    expect(parseShutterSpeed("fast")).toBeNull();
  });

  it("writes a speed below a second as a fraction only when it is one", () => {
    expect(shutterText(1 / 60)).toBe("1/60");
    expect(shutterText(0.3)).toBe('0.3"');
    expect(shutterText(4)).toBe('4"');
  });
});

describe("a frame's exposure fields", () => {
  const parse = (value: object) => FrameExposureSchema.safeParse(value);
  it("keeps the boundaries and refuses one step past each, saying what is expected", () => {
    expect(parse({ aperture: 0.7, focal_length: 2000, exposure_compensation: -10 }).success).toBe(true);
    expect(parse({ aperture: 128, focal_length: 1, exposure_compensation: 10 }).success).toBe(true);
    const wrong = parse({ aperture: 0.6, focal_length: 2001, exposure_compensation: 10.5 });
    expect(wrong.success).toBe(false);
    const messages = wrong.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual([
      "aperture: Enter an aperture between f/0.7 and f/128",
      "focal_length: Enter a focal length between 1 and 2000 mm",
      "exposure_compensation: Enter an exposure compensation between -10 and +10 EV",
    ]);
    expect(parse({ aperture: 129 }).success).toBe(false);
  });

  it("normalises a shutter speed and refuses one it cannot read", () => {
    expect(parse({ shutter: "125" }).data?.shutter).toBe("1/125");
    expect(parse({ shutter: "1/20000" }).error?.issues[0]?.message).toMatch(/between 1\/16000 and 24 hours/);
  });

  it("wants a date and time with its time zone, and coordinates on the globe", () => {
    expect(parse({ taken_at: "2026-11-27T14:03:00+01:00" }).success).toBe(true);
    expect(parse({ taken_at: "2026-11-27T14:03:00" }).success).toBe(false);
    expect(parse({ latitude: 41.98, longitude: 2.82, place: "Girona" }).success).toBe(true);
    expect(parse({ latitude: 90.1 }).success).toBe(false);
    expect(parse({ longitude: -180.5 }).success).toBe(false);
  });

  it("clears a field with null and leaves an absent one alone", () => {
    expect(parse({ aperture: null, note: null }).data).toEqual({ aperture: null, note: null });
    expect(parse({}).data).toEqual({});
  });
});

describe("NOSSAFLEX file names", () => {
  it("reads frame, speed, aperture, focal length and compensation", () => {
    expect(parseNossaflexName("NO03_SS250_A8_FL80_EX0.jpg")).toEqual({
      frame: 3,
      shutter: "1/250",
      aperture: 8,
      focal_length: 80,
      exposure_compensation: 0,
    });
    expect(parseNossaflexName("NO36_SS2s_A5,6_FL50_EX-0.7.tif")).toEqual({
      frame: 36,
      shutter: '2"',
      aperture: 5.6,
      focal_length: 50,
      exposure_compensation: -0.7,
    });
  });

  it("reads frame 0 and a name with fewer fields, and leaves other names alone", () => {
    expect(parseNossaflexName("NO00_A16.jpg")).toMatchObject({ frame: 0, aperture: 16, shutter: null });
    expect(parseNossaflexName("IMG_0003.jpg")).toBeNull();
    expect(parseNossaflexName("scan-03.jpg")).toBeNull();
  });
});

describe("the exposure a scan's file name carries", () => {
  it("is what a NOSSAFLEX name says, and nothing for another name", () => {
    expect(exposureFromFileName("NO03_SS250_A8_FL80_EX0.jpg")).toEqual({
      shutter: "1/250",
      aperture: 8,
      focal_length: 80,
      exposure_compensation: 0,
    });
    expect(exposureFromFileName("NO07_A2.8.jpg")).toEqual({ aperture: 2.8 });
    expect(exposureFromFileName("scan-07.jpg")).toEqual({});
    expect(exposureFromFileName(null)).toEqual({});
  });
});
