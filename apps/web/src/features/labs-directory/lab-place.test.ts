import type { Lab } from "@latent/domain/labs";
import { describe, expect, it } from "vitest";
import { labPlace } from "./lab-place.ts";

const address = (city: string): Lab["address"] => ({
  line1: "Carrer Major 1",
  line2: "",
  city,
  postal_code: "08001",
  state: "",
  country: "ES",
  phone: "",
  vat: "",
});

describe("where a lab is, in the directory", () => {
  it("adds the address's city to the lab's own words", () => {
    expect(labPlace({ location: "Gràcia", address: address("Barcelona") })).toBe("Gràcia · Barcelona");
  });

  it("does not repeat a city the lab already names", () => {
    expect(labPlace({ location: "Barcelona centre", address: address("barcelona") })).toBe("Barcelona centre");
  });

  it("falls back to the city, or to nothing, when the lab said nothing", () => {
    expect(labPlace({ location: "", address: address("Girona") })).toBe("Girona");
    expect(labPlace({ location: " ", address: null })).toBe("");
  });
});
