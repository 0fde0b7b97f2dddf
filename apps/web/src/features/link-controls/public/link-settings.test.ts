import { describe, expect, it } from "vitest";
import { editValues, endOfDay, isPaidPlan, NEW_LINK_VALUES, settingsBody, settingsProblem } from "./link-settings.ts";

const now = new Date(2026, 10, 27, 12, 0);
const day = (offset: number) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

describe("link settings", () => {
  it("sends every setting of a new link: a password, downloads off, answers on, a preset", () => {
    expect(settingsBody({ ...NEW_LINK_VALUES, password: "negatives", downloads: false })).toEqual({
      password: "negatives",
      downloads: false,
      guest_answers: true,
      expiry: "1d",
    });
    // No password typed: the link has none.
    expect(settingsBody(NEW_LINK_VALUES).password).toBeNull();
  });

  it("leaves out what an edit keeps, so the link's password and end stay as they are", () => {
    const body = settingsBody({ ...editValues({ downloads: true, guest_answers: false }), downloads: false });
    expect(body).toEqual({ downloads: false, guest_answers: false });
    expect("password" in body).toBe(false);
    expect(settingsBody({ ...editValues({ downloads: true, guest_answers: true }), passwordAction: "remove" }).password).toBeNull();
  });

  it("ends a picked day at its last minute where the browser is", () => {
    const end = endOfDay(day(3));
    expect(end?.getHours()).toBe(23);
    expect(end?.getMinutes()).toBe(59);
    expect(settingsBody({ ...NEW_LINK_VALUES, expiry: "date", date: day(3) }).expires_at).toBe(end?.toISOString());
    expect(endOfDay("next week")).toBeNull();
  });

  it("refuses what the server would: a short password, a past or missing day", () => {
    const paid = { paidPlan: true, now };
    expect(settingsProblem({ ...NEW_LINK_VALUES, password: "abc" }, paid)).toBe("passwordShort");
    expect(settingsProblem({ ...NEW_LINK_VALUES, password: "abcd" }, paid)).toBeNull();
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "date", date: day(-1) }, paid)).toBe("datePast");
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "date", date: "" }, paid)).toBe("dateMissing");
    // A password kept or removed is not checked: nothing was typed.
    expect(settingsProblem({ ...NEW_LINK_VALUES, password: "x", passwordAction: "keep" }, paid)).toBeNull();
  });

  it("keeps 'never' and days past 30 for paid plans", () => {
    const free = { paidPlan: false, now };
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "never" }, free)).toBe("neverNeedsPlan");
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "never" }, { paidPlan: true, now })).toBeNull();
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "date", date: day(29) }, free)).toBeNull();
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "date", date: day(31) }, free)).toBe("dateNeedsPlan");
    expect(settingsProblem({ ...NEW_LINK_VALUES, expiry: "date", date: day(200) }, { paidPlan: true, now })).toBeNull();
    expect([isPaidPlan("free"), isPaidPlan("artist"), isPaidPlan("unlimited")]).toEqual([false, true, true]);
  });
});
