import { paths } from "@latent/domain/app-paths";
import { describe, expect, it } from "vitest";
import { errorParamsTarget } from "./error-params-redirect.ts";

const at = (pathAndQuery: string) => new URL(pathAndQuery, "https://latent.test");

describe("the error parameters redirect", () => {
  it("sends a navigation carrying error or errorDescription to main with both", () => {
    expect(errorParamsTarget(at("/about?error=access_denied&errorDescription=No%20way&x=1"), paths.pricing)).toBe(
      "/?error=access_denied&errorDescription=No+way",
    );
    expect(errorParamsTarget(at("/u/home?errorDescription=Blocked"), null)).toBe("/?errorDescription=Blocked");
  });

  it("leaves a navigation to main alone", () => {
    expect(errorParamsTarget(at("/?error=access_denied"), paths.about)).toBeNull();
  });

  it("leaves a navigation from main alone", () => {
    expect(errorParamsTarget(at("/about?error=access_denied"), paths.main)).toBeNull();
  });

  it("leaves a navigation without the parameters alone, and the sign-in callback", () => {
    expect(errorParamsTarget(at("/about?code=1"), paths.pricing)).toBeNull();
    expect(errorParamsTarget(at(`${paths.callback}?error=access_denied`), null)).toBeNull();
  });
});
