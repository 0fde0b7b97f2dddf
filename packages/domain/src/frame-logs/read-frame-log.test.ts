import { describe, expect, it } from "vitest";
import { csvRows } from "./exif-notes.ts";
import {
  FrameLogError,
  readAperture,
  readCompensation,
  readDms,
  readShutterBareSeconds,
  shutterFromSeconds,
  takenAt,
} from "./frame-log.ts";
import { readFrameLog } from "./read-frame-log.ts";

const exifNotesJson = (frames: object[], roll: object = {}) =>
  JSON.stringify({ id: 1, name: "Test roll", iso: 400, filmStock: { make: "Kodak", model: "Portra 400", iso: 400 }, ...roll, frames });

const csvHeader =
  "Frame Count,Date,Lens,Lens serial number,Shutter,Aperture,Focal length,Exposure compensation,Notes,No of exposures,Filter,Location,Address,Flash,Light source";
const exifNotesCsv = (...rows: string[]) =>
  ["Roll name: Test roll", "Film stock: Ilford HP5+", "ISO: 400", "Camera: Canon A-1", csvHeader, ...rows].join("\n");

describe("values as logging apps write them", () => {
  it("reads apertures written 8, 8.0, f/5.6, f5,6 and ƒ/2.8, and nothing past f/0.7–f/128", () => {
    expect(readAperture("8")).toBe(8);
    expect(readAperture("8.0")).toBe(8);
    expect(readAperture("f/5.6")).toBe(5.6);
    expect(readAperture("f5,6")).toBe(5.6);
    expect(readAperture("ƒ/2.8")).toBe(2.8);
    expect(readAperture(16)).toBe(16);
    expect(readAperture("Tv")).toBeNull();
    expect(readAperture("0.5")).toBeNull();
    expect(readAperture("")).toBeNull();
  });

  it("reads a bare number as seconds in an app's export: 2 is two seconds, not 1/2", () => {
    expect(readShutterBareSeconds("2")).toBe('2"');
    expect(readShutterBareSeconds('2"')).toBe('2"');
    expect(readShutterBareSeconds("1/500")).toBe("1/500");
    expect(readShutterBareSeconds("B")).toBe("B");
    expect(readShutterBareSeconds("Av")).toBeNull();
    expect(readShutterBareSeconds("1/0")).toBeNull();
  });

  it("reads EXIF's exposure time in seconds as the speed on the dial", () => {
    expect(shutterFromSeconds(0.008)).toBe("1/125");
    expect(shutterFromSeconds(0.004)).toBe("1/250");
    expect(shutterFromSeconds(0.5)).toBe("1/2");
    expect(shutterFromSeconds(0.3)).toBe('0.3"');
    expect(shutterFromSeconds(30)).toBe('30"');
    expect(shutterFromSeconds(0)).toBeNull();
  });

  it("reads compensations in thirds, halves and decimals to a tenth of a stop", () => {
    expect(readCompensation("+1/3")).toBe(0.3);
    expect(readCompensation("-2/3")).toBe(-0.7);
    expect(readCompensation("+1 1/3")).toBe(1.3);
    expect(readCompensation("-1 2/3")).toBe(-1.7);
    expect(readCompensation("0")).toBe(0);
    expect(readCompensation("-0.7 EV")).toBe(-0.7);
    expect(readCompensation("11")).toBeNull();
    expect(readCompensation("lots")).toBeNull();
  });

  it("keeps a time's own offset, and gives a local time the offset of the photographer's zone on that day", () => {
    expect(takenAt("2016-05-13T14:12:40Z")).toBe("2016-05-13T14:12:40+00:00");
    expect(takenAt("2019-07-17T09:10:03+0200")).toBe("2019-07-17T09:10:03+02:00");
    expect(takenAt("2026-08-14 09:15", { timeZone: "Europe/Madrid" })).toBe("2026-08-14T09:15:00+02:00");
    expect(takenAt("2026-01-14T09:15:30", { timeZone: "Europe/Madrid" })).toBe("2026-01-14T09:15:30+01:00");
    expect(takenAt("2026-08-14T09:15:30.208630", { timeZone: "America/New_York" })).toBe("2026-08-14T09:15:30-04:00");
    expect(takenAt("2026-08-14 09:15")).toBe("2026-08-14T09:15:00+00:00");
    // Half an hour before the clocks go forward in Madrid (02:00 → 03:00 on 29 March 2026): still winter time.
    expect(takenAt("2026-03-29 01:30", { timeZone: "Europe/Madrid" })).toBe("2026-03-29T01:30:00+01:00");
    expect(takenAt("2026-08-14 09:15", { timeZone: "Not/AZone" })).toBe("2026-08-14T09:15:00+00:00");
    expect(takenAt("2026-02-30 09:15")).toBeNull();
    expect(takenAt("yesterday")).toBeNull();
  });

  it("reads degrees, minutes and seconds in both apps' spellings", () => {
    expect(readDms(`57deg 42' 3" N`)).toBeCloseTo(57.700833, 5);
    expect(readDms(`2° 49' 29.64" W`)).toBeCloseTo(-2.8249, 4);
    expect(readDms("north")).toBeNull();
  });

  it("splits CSV with quoted commas, doubled quotes and a bare quote in an unquoted field", () => {
    expect(csvRows(`1,"a, b","say ""hi""",2"\r\n2,,x`)).toEqual([
      ["1", "a, b", 'say "hi"', '2"'],
      ["2", "", "x"],
    ]);
  });
});

describe("reading an Exif Notes export", () => {
  it("reads the JSON export's frames, lens, filters and place, and the roll's stock and ISO", () => {
    const log = readFrameLog(
      exifNotesJson([
        {
          count: 3,
          date: "2026-08-14T10:02:05",
          shutter: "1/125",
          aperture: "8.0",
          focalLength: 35,
          exposureComp: "-2/3",
          note: "Backlit",
          location: { latitude: 41.9831, longitude: 2.8249 },
          formattedAddress: "Girona",
          lens: { make: "Voigtländer", model: "Color Skopar 35mm" },
          filters: [{ make: "B+W", model: "022 Yellow" }],
        },
      ]),
      "roll.json",
      { timeZone: "Europe/Madrid" },
    );
    expect(log.format).toBe("exif-notes-json");
    expect(log.rolls).toEqual([
      {
        name: "Test roll",
        film_stock: "Kodak Portra 400",
        iso: 400,
        frames: [
          {
            frame: 3,
            lens: "Voigtländer Color Skopar 35mm",
            exposure: {
              aperture: 8,
              shutter: "1/125",
              focal_length: 35,
              exposure_compensation: -0.7,
              taken_at: "2026-08-14T10:02:05+02:00",
              latitude: 41.9831,
              longitude: 2.8249,
              place: "Girona",
              filter: "B+W 022 Yellow",
              note: "Backlit",
            },
          },
        ],
      },
    ]);
  });

  it("leaves out what a frame did not note: no focal length (0), no aperture, bulb kept", () => {
    const [roll] = readFrameLog(exifNotesJson([{ count: 0, date: "2026-08-14T22:10", shutter: "B", focalLength: 0 }])).rolls;
    expect(roll!.frames).toEqual([{ frame: 0, exposure: { shutter: "B", taken_at: "2026-08-14T22:10:00+00:00" } }]);
  });

  it('reads the CSV export: aperture written f8.0, an unquoted 2", a quoted note and the place in degrees', () => {
    const log = readFrameLog(
      exifNotesCsv(
        `00,2026-08-14 09:15,Nikon Nikkor 50mm,,1/250,f11,50,,,1,B+W 022|Hoya ND8,"41° 58' 59.16"" N 2° 49' 29.64"" E","Pont, Girona",false,Sunny`,
        `3,2026-08-14 10:02,,,1/125,f8.0,35,-2/3,"Steps, backlit",1,,,,false,Daylight`,
        `4,2026-08-14 21:47,,,2",f2.8,,,Tripod,1,,,,false,Tungsten`,
      ),
      "export.csv",
      { timeZone: "Europe/Helsinki" },
    );
    expect(log.format).toBe("exif-notes-csv");
    const [roll] = log.rolls;
    expect(roll).toMatchObject({ name: "Test roll", film_stock: "Ilford HP5+", iso: 400, camera: "Canon A-1" });
    expect(roll!.frames.map((f) => f.frame)).toEqual([0, 3, 4]);
    expect(roll!.frames[0]).toEqual({
      frame: 0,
      lens: "Nikon Nikkor 50mm",
      exposure: {
        aperture: 11,
        shutter: "1/250",
        focal_length: 50,
        taken_at: "2026-08-14T09:15:00+03:00",
        latitude: 41.9831,
        longitude: 2.8249,
        place: "Pont, Girona",
        filter: "B+W 022, Hoya ND8",
      },
    });
    expect(roll!.frames[1]!.exposure).toMatchObject({ aperture: 8, shutter: "1/125", exposure_compensation: -0.7, note: "Steps, backlit" });
    expect(roll!.frames[2]!.exposure).toMatchObject({ aperture: 2.8, shutter: '2"', note: "Tripod" });
  });
});

describe("reading Film Rolls and Lightme exports", () => {
  const filmRolls = (frames: string) => `<?xml version="1.0" encoding="UTF-8"?>
<data xmlns="http://www.w3schools.com"><filmRolls><filmRoll>
  <title>Ilford Delta 100</title><speed>100</speed><camera>Voigtländer Bessa R2M</camera>
  <load>2016-03-28T15:16:36Z</load><unload>2016-05-21T14:13:15Z</unload><note>A0012</note>
  <frames>${frames}</frames></filmRoll></filmRolls></data>`;

  it("reads Film Rolls' ratio speeds (2 is two seconds), priority modes as nothing, and 0,0 as no place", () => {
    const log = readFrameLog(
      filmRolls(`
      <frame><lens>Skopar 35</lens><aperture>5.6</aperture><shutterSpeed>1/500</shutterSpeed><compensation>1/3</compensation>
        <accessory>Yellow</accessory><number>1</number><date>2016-05-13T14:12:40Z</date><latitude>57.700767</latitude><longitude>11.953715</longitude><note>Dock &amp; cranes</note></frame>
      <frame><lens></lens><aperture>Tv</aperture><shutterSpeed>2</shutterSpeed><compensation></compensation>
        <accessory></accessory><number>2</number><date>2016-05-13T14:20:00</date><latitude>0</latitude><longitude>0</longitude><note></note></frame>
      <frame><aperture>8</aperture><shutterSpeed>Av</shutterSpeed><number>3</number><date>2016-05-14</date></frame>`),
    );
    expect(log.format).toBe("film-rolls-xml");
    expect(log.rolls[0]).toMatchObject({ name: "A0012", film_stock: "Ilford Delta 100", iso: 100, camera: "Voigtländer Bessa R2M" });
    expect(log.rolls[0]!.frames).toEqual([
      {
        frame: 1,
        lens: "Skopar 35",
        exposure: {
          aperture: 5.6,
          shutter: "1/500",
          exposure_compensation: 0.3,
          taken_at: "2016-05-13T14:12:40+00:00",
          latitude: 57.700767,
          longitude: 11.953715,
          filter: "Yellow",
          note: "Dock & cranes",
        },
      },
      { frame: 2, exposure: { shutter: '2"', taken_at: "2016-05-13T14:20:00+00:00" } },
      { frame: 3, exposure: { aperture: 8 } },
    ]);
  });

  it("counts Film Rolls frames without a number by their place", () => {
    const log = readFrameLog(filmRolls("<frame><aperture>4</aperture></frame><frame><aperture>5.6</aperture></frame>"));
    expect(log.rolls[0]!.frames.map((f) => [f.frame, f.exposure.aperture])).toEqual([
      [1, 4],
      [2, 5.6],
    ]);
  });

  it("reads Lightme's EXIF-named frames, grouped by roll, with its coordinates in degrees and its local times", () => {
    const frame = (n: number, reel: string) => ({
      DateTimeOriginal: "2022:04:30 18:29:15",
      DocumentName: "Ilford SFX 200",
      ExposureTime: 0.008,
      FNumber: 8,
      FocalLength: 35,
      GPSLatitude: `57deg 42' 3" N`,
      GPSLongitude: `11deg 58' 27" E`,
      ImageNumber: n,
      ISO: 200,
      LensMake: "Voigtländer",
      LensModel: "35mm f/2,5 Color Skopar",
      Make: "Voigtländer",
      Model: "Bessa R2M (Voigtländer)",
      Notes: "",
      ReelName: reel,
      Software: "Lightme - Logbook 2.2.3",
    });
    const log = readFrameLog(JSON.stringify([frame(1, "A0020"), frame(2, "A0020"), frame(1, "A0021")]), "", {
      timeZone: "Europe/Stockholm",
    });
    expect(log.format).toBe("lightme-json");
    expect(log.rolls.map((r) => [r.name, r.frames.length])).toEqual([
      ["A0020", 2],
      ["A0021", 1],
    ]);
    expect(log.rolls[0]).toMatchObject({ film_stock: "Ilford SFX 200", iso: 200, camera: "Bessa R2M (Voigtländer)" });
    expect(log.rolls[0]!.frames[0]).toEqual({
      frame: 1,
      camera: "Bessa R2M (Voigtländer)",
      lens: "Voigtländer 35mm f/2,5 Color Skopar",
      exposure: {
        aperture: 8,
        shutter: "1/125",
        focal_length: 35,
        taken_at: "2022-04-30T18:29:15+02:00",
        latitude: 57.700833,
        longitude: 11.974167,
      },
    });
  });
});

describe("a file that is not a log", () => {
  const refusal = (text: string, name = "") => {
    try {
      readFrameLog(text, name);
    } catch (err) {
      expect(err).toBeInstanceOf(FrameLogError);
      return (err as Error).message;
    }
    throw new Error("read without a refusal");
  };

  it("is refused with a reason, never another error", () => {
    expect(refusal("")).toBe("The file is empty");
    expect(refusal('{"frames": [')).toBe("The JSON in this file is cut short or not valid");
    expect(refusal('{"name": "x"}')).toMatch(/^This file is not a frame log Latent can read/);
    expect(refusal("[1, 2, 3]")).toMatch(/no Lightme frames/);
    expect(refusal("<html><body>hi</body></html>")).toMatch(/no film rolls/);
    expect(refusal("just some words")).toMatch(/^This file is not a frame log/);
    expect(refusal("a,b\n1,2", "notes.csv")).toMatch(/Frame Count/);
    expect(refusal(exifNotesJson([{ count: "first" }]))).toBe("The log has no numbered frames to import");
    expect(refusal('{"frames": null}')).toMatch(/no frames list/);
    expect(refusal("\u0000\u0001\u0002binary")).toMatch(/^This file is not a frame log/);
  });
});
