import { describe, expect, it } from "vitest";
import { resolveFlags } from "./feature-flags.ts";

const server = { labs: false, zip: false, tokens: true };

describe("resolveFlags", () => {
  it("keeps the server's flags when the browser has no override", () => {
    expect(resolveFlags(server, null)).toEqual(server);
  });

  it("lets the browser's stored flags switch features on and off", () => {
    expect(resolveFlags(server, JSON.stringify({ labs: true, tokens: false }))).toEqual({ labs: true, zip: false, tokens: false });
  });

  it("ignores unknown flags, non-boolean values and malformed JSON", () => {
    expect(resolveFlags(server, JSON.stringify({ shop: true, zip: "yes" }))).toEqual(server);
    expect(resolveFlags(server, "{not json")).toEqual(server);
  });
});
