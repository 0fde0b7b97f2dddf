import { describe, expect, it } from "vitest";
import {
  isFiltered,
  rollFiltersOf,
  searchQuery,
  sentRollFilters,
  sentShotFilters,
  shotFiltersOf,
  sortOf,
  viewOf,
  withoutFilters,
  withParam,
} from "./archive-filters.ts";

const params = (search: string) => new URLSearchParams(search);

describe("the rolls list's search in the address", () => {
  it("reads every filter of a bookmarked search", () => {
    expect(
      rollFiltersOf(
        params(
          "q=portra+binder&status=developed&format=120&process=C-41&ei_min=200&ei_max=1600&year=2024&month=7&camera_id=c1&lens_id=l1&lab_id=lab1&has_sticker=true&has_kept=false",
        ),
      ),
    ).toEqual({
      q: "portra binder",
      status: "developed",
      format: "120",
      process: "C-41",
      ei_min: "200",
      ei_max: "1600",
      year: "2024",
      month: "7",
      camera_id: "c1",
      lens_id: "l1",
      lab_id: "lab1",
      has_sticker: "true",
      has_kept: "false",
    });
  });

  it("leaves out what the API would refuse, so an old or edited link still shows rolls", () => {
    expect(rollFiltersOf(params("status=lost&format=35mm&month=13&year=19&ei_min=fast&has_kept=maybe&q=%20%20"))).toEqual({});
  });

  it("keeps the frames' filters apart from the rolls'", () => {
    expect(shotFiltersOf(params("q=beach&status=developed&aperture_min=2.8&taken_from=2024-06-01&kept=1&taken_to=june"))).toEqual({
      q: "beach",
      aperture_min: "2.8",
      taken_from: "2024-06-01",
      kept: "1",
    });
  });

  it("shows rolls unless the address asks for frames, sorted by date added unless it says otherwise", () => {
    expect(viewOf(params(""))).toBe("rolls");
    expect(viewOf(params("view=frames"))).toBe("frames");
    expect(sortOf(params(""))).toBe("added");
    expect(sortOf(params("sort=name"))).toBe("name");
    expect(sortOf(params("sort=random"))).toBe("added");
  });

  it("writes a changed filter and drops an emptied one, the default sort and the default view", () => {
    const start = params("q=portra&view=frames");
    expect(withParam(start, "status", "sent").toString()).toBe("q=portra&view=frames&status=sent");
    expect(withParam(start, "q", "  ").toString()).toBe("view=frames");
    expect(withParam(start, "sort", "added").toString()).toBe("q=portra&view=frames");
    expect(withParam(start, "view", "rolls").toString()).toBe("q=portra");
  });

  it("clears the filters but keeps how the list is looked at", () => {
    expect(withoutFilters(params("q=x&status=sent&view=frames&sort=name&shot=3")).toString()).toBe("view=frames&sort=name");
    expect(isFiltered(rollFiltersOf(params("view=frames&sort=name")))).toBe(false);
    expect(isFiltered(rollFiltersOf(params("has_sticker=false")))).toBe(true);
  });

  it("waits with a reversed range's upper end rather than ask what the API refuses", () => {
    expect(sentRollFilters({ ei_min: "800", ei_max: "200", q: "x" })).toEqual({ ei_min: "800", q: "x" });
    expect(sentRollFilters({ ei_min: "100", ei_max: "100" })).toEqual({ ei_min: "100", ei_max: "100" });
    expect(sentShotFilters({ aperture_min: "8", aperture_max: "2.8", taken_from: "2024-06-02", taken_to: "2024-06-01" })).toEqual({
      aperture_min: "8",
      taken_from: "2024-06-02",
    });
  });

  it("asks the API for a page with the filters, the sort and the cursor of the page before", () => {
    expect(searchQuery({ q: "tri x", status: "sent" }, { sort: "name", after: "abc==" })).toBe(
      "q=tri+x&status=sent&sort=name&after=abc%3D%3D",
    );
    expect(searchQuery({}, {})).toBe("");
  });
});
