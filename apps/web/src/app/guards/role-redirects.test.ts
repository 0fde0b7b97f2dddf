import { paths } from "@latent/domain/app-paths";
import { describe, expect, it } from "vitest";
import { roleRedirectTarget } from "./role-redirects.ts";

describe("the role redirects", () => {
  it("send a lab going to the dashboard to its lab area", () => {
    expect(roleRedirectTarget("lab", paths.user.home, null)).toBe(paths.user.labGeneral);
    expect(roleRedirectTarget("lab", paths.user.home, paths.user.films)).toBe(paths.user.labGeneral);
  });

  it("send a lab leaving the dashboard for another page to its lab area", () => {
    expect(roleRedirectTarget("lab", paths.user.films, paths.user.home)).toBe(paths.user.labGeneral);
    expect(roleRedirectTarget("lab", paths.user.profile, paths.user.home)).toBe(paths.user.labGeneral);
  });

  it("send a photographer going to the lab area to the dashboard", () => {
    expect(roleRedirectTarget("user", paths.user.lab, null)).toBe(paths.user.home);
    expect(roleRedirectTarget("user", paths.user.labIntegrations, paths.user.films)).toBe(paths.user.home);
  });

  it("send a photographer leaving the lab area for another page to the dashboard", () => {
    expect(roleRedirectTarget("user", paths.user.films, paths.user.labGeneral)).toBe(paths.user.home);
    expect(roleRedirectTarget("user", paths.user.profile, paths.user.lab)).toBe(paths.user.home);
  });

  it("let through the redirect's own target, so they never loop", () => {
    expect(roleRedirectTarget("lab", paths.user.labGeneral, paths.user.home)).toBeNull();
    expect(roleRedirectTarget("lab", paths.user.lab, paths.user.home)).toBeNull();
    expect(roleRedirectTarget("user", paths.user.home, paths.user.labGeneral)).toBeNull();
  });

  it("leave every other navigation alone", () => {
    expect(roleRedirectTarget("lab", paths.user.profile, paths.user.labGeneral)).toBeNull();
    expect(roleRedirectTarget("lab", paths.user.labIntegrations, null)).toBeNull();
    expect(roleRedirectTarget("user", paths.user.films, paths.user.home)).toBeNull();
    expect(roleRedirectTarget("user", paths.user.home, null)).toBeNull();
    expect(roleRedirectTarget("user", paths.user.profile, paths.user.films)).toBeNull();
  });
});
