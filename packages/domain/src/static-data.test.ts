/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: tests read the data files from disk; the module under test stays free of Node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORMATS } from "./film-config.ts";
import { CountriesSchema, FilmStockSchema, FilmStocksSchema, SCANNER_KINDS, ScannersSchema, StatesSchema } from "./static-data.ts";

const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), "utf8"));

const stocks = FilmStocksSchema.parse(load("film-stocks"));
const scanners = ScannersSchema.parse(load("scanners"));
const countries = CountriesSchema.parse(load("countries"));
const states = StatesSchema.parse(load("states"));

const collator = new Intl.Collator("en");
const duplicates = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);
/** Whether rows of sort keys (e.g. [brand, model]) are in ascending order, key by key. */
const isSorted = (rows: string[][]) =>
  rows.every((row, i) => {
    const previous = rows[i - 1];
    if (!previous) return true;
    const order = row.map((key, k) => collator.compare(previous[k] ?? "", key)).find((c) => c !== 0) ?? 0;
    return order <= 0;
  });
const stock = (brand: string, model: string) => stocks.find((s) => s.brand === brand && s.model === model);

const EU_MEMBERS = ["AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT"]
  .concat(["LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE"])
  .sort();

describe("film stocks", () => {
  it("parse with the film stock schema and number at least 130", () => {
    expect(stocks.length).toBeGreaterThanOrEqual(130);
  });
  it("list each brand and model once, sorted by brand then model", () => {
    expect(duplicates(stocks.map((s) => `${s.brand}|${s.model}`))).toEqual([]);
    expect(isSorted(stocks.map((s) => [s.brand, s.model]))).toBe(true);
  });
  it("describe well-known stocks as photographers know them", () => {
    expect(stock("Kodak", "Portra 400")).toMatchObject({ iso: 400, process: "C-41", type: "color-negative", discontinued: false });
    expect(stock("Kodak", "Portra 400")?.formats).toEqual(expect.arrayContaining(["135", "120", "sheet"]));
    expect(stock("Ilford", "HP5 Plus")).toMatchObject({ iso: 400, process: "B/N", type: "black-and-white" });
    expect(stock("Fujifilm", "Velvia 50")).toMatchObject({ iso: 50, process: "E-6", type: "slide" });
    expect(stock("Kodak", "Vision3 500T")).toMatchObject({ iso: 500, process: "ECN-2", type: "cine" });
    expect(stock("Ilford", "XP2 Super")).toMatchObject({ iso: 400, process: "C-41", type: "black-and-white" });
    expect(stock("Kodak", "T-Max P3200")).toMatchObject({ iso: 3200, process: "B/N" });
    expect(stock("CineStill", "800T")).toMatchObject({ iso: 800, process: "C-41" });
  });
  it("keep each type to its process: slides in E-6 and cine stocks, only they, in ECN-2", () => {
    expect(stocks.filter((s) => s.type === "slide" && s.process !== "E-6")).toEqual([]);
    expect(stocks.filter((s) => (s.type === "cine") !== (s.process === "ECN-2"))).toEqual([]);
    expect(stocks.filter((s) => s.type === "color-negative" && s.process !== "C-41")).toEqual([]);
  });
  it("cover every format, 110 and APS included", () => {
    for (const format of FORMATS)
      expect(
        stocks.some((s) => s.formats.includes(format)),
        format,
      ).toBe(true);
  });
  it("leave out Kodachrome, whose K-14 process the product does not handle", () => {
    expect(stocks.filter((s) => s.model.includes("Kodachrome"))).toEqual([]);
  });
  it("refuse a speed outside the ISO choices, an unknown process or a format listed twice", () => {
    const portra = stock("Kodak", "Portra 400")!;
    expect(FilmStockSchema.safeParse({ ...portra, iso: 420 }).success).toBe(false);
    expect(FilmStockSchema.safeParse({ ...portra, process: "K-14" }).success).toBe(false);
    expect(FilmStockSchema.safeParse({ ...portra, formats: ["135", "135"] }).success).toBe(false);
  });
});

describe("scanners", () => {
  it("parse with the scanner schema and number at least 35", () => {
    expect(scanners.length).toBeGreaterThanOrEqual(35);
  });
  it("list each brand and model once, sorted by brand then model", () => {
    expect(duplicates(scanners.map((s) => `${s.brand}|${s.model}`))).toEqual([]);
    expect(isSorted(scanners.map((s) => [s.brand, s.model]))).toBe(true);
  });
  it("include every kind, from flatbeds to camera scanning", () => {
    expect(new Set(scanners.map((s) => s.kind))).toEqual(new Set(SCANNER_KINDS));
  });
});

describe("countries", () => {
  it("parse with the country schema and hold every ISO 3166-1 country once", () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(duplicates(countries.map((c) => c.code))).toEqual([]);
    expect(countries.find((c) => c.code === "ES")).toEqual({ code: "ES", name: "Spain", eu: true });
  });
  it("are sorted by name", () => {
    expect(isSorted(countries.map((c) => [c.name]))).toBe(true);
  });
  it("flag exactly the 27 member states of the European Union", () => {
    expect(
      countries
        .filter((c) => c.eu)
        .map((c) => c.code)
        .sort(),
    ).toEqual(EU_MEMBERS);
  });
});

describe("states", () => {
  const codes = new Set(countries.map((c) => c.code));
  it("are keyed by known country codes", () => {
    expect(Object.keys(states).filter((k) => !codes.has(k))).toEqual([]);
  });
  it("cover the countries the product ships to most, each subdivision once", () => {
    const expected = { ES: 52, US: 51, CA: 13, IT: 20, FR: 18, DE: 16, GB: 4, PT: 20, MX: 32, AU: 8, BR: 27 };
    for (const [country, count] of Object.entries(expected)) {
      const list = states[country] ?? [];
      expect(list, country).toHaveLength(count);
      expect(duplicates(list.map((s) => s.code)), country).toEqual([]);
    }
  });
  it("use ISO 3166-2 codes without the country prefix, like B for Barcelona", () => {
    expect(states.ES).toContainEqual({ code: "B", name: "Barcelona" });
    expect(states.ES).toContainEqual({ code: "CE", name: "Ceuta" });
    expect(states.US).toContainEqual({ code: "DC", name: "District of Columbia" });
    expect(states.GB).toContainEqual({ code: "NIR", name: "Northern Ireland" });
  });
});
