import { CameraMetadataSchema, LensMetadataSchema } from "@latent/domain/gear";
import { UserDataSchema } from "@latent/domain/user";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./zod-field-errors.ts";

// Returns the key and its parameters, so the tests read which sentence a user would get.
const t = (key: string, options?: Record<string, unknown>) =>
  options && "minimum" in options ? `${key}:${options.minimum}` : options && "maximum" in options ? `${key}:${options.maximum}` : key;

describe("fieldErrorsOf", () => {
  it("asks for every missing required field", () => {
    expect(fieldErrorsOf(CameraMetadataSchema, { brand: "", model: " ", format: "135", frame_size: "24x36" }, t)).toEqual({
      brand: "validation.required",
      model: "validation.required",
    });
  });

  it("explains a frame size that does not belong to the format", () => {
    expect(fieldErrorsOf(CameraMetadataSchema, { brand: "Nikon", model: "FM2", format: "120", frame_size: "24x36" }, t)).toEqual({
      frame_size: "validation.frame-size-format",
    });
  });

  it("explains the lens rules by their keys", () => {
    const lens = { brand: "Zeiss", model: "Sonnar", min_focal: 90, max_focal: 50, max_aperture: 2.8, min_aperture: 22 };
    expect(fieldErrorsOf(LensMetadataSchema, lens, t)).toEqual({ max_focal: "validation.focal-order" });
    expect(fieldErrorsOf(LensMetadataSchema, { ...lens, max_focal: 90, max_aperture: 2.5 }, t)).toEqual({
      max_aperture: "validation.aperture",
    });
  });

  it("asks for a number where one is missing and gives the limits of numbers", () => {
    const errors = fieldErrorsOf(
      LensMetadataSchema,
      { brand: "Zeiss", model: "Sonnar", min_focal: undefined, max_focal: 0, max_aperture: 2.8 },
      t,
    );
    expect(errors).toEqual({ min_focal: "validation.required", max_focal: "validation.too-small:1" });
  });

  it("asks for an empty field that has a pattern, such as the country code", () => {
    const address = { line1: "Carrer Major 1", city: "Girona", postal_code: "17001", country: "" };
    expect(fieldErrorsOf(UserDataSchema, { address }, t)).toEqual({ "address.country": "validation.required" });
  });

  it("asks for a full web address and respects maximum lengths", () => {
    expect(fieldErrorsOf(UserDataSchema, { webpage: "example", nickname: "x".repeat(61) }, t)).toEqual({
      webpage: "validation.url",
      nickname: "validation.too-long:60",
    });
  });
});
