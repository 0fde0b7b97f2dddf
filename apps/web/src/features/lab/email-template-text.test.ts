import { EMAIL_PLACEHOLDERS } from "@latent/domain/labs";
import { describe, expect, it } from "vitest";
import { insertAtCursor, placeholderToken, sampleValues } from "./email-template-text.ts";

describe("insertAtCursor", () => {
  it("inserts at the cursor and puts the cursor after the insertion", () => {
    expect(insertAtCursor("Hello !", "{{customer_name}}", 6)).toEqual({ text: "Hello {{customer_name}}!", cursor: 23 });
  });
  it("replaces the selected text", () => {
    expect(insertAtCursor("Hello NAME!", "{{customer_name}}", 6, 10)).toEqual({ text: "Hello {{customer_name}}!", cursor: 23 });
  });
  it("appends when the field has no selection", () => {
    expect(insertAtCursor("Hi ", "{{link}}", null)).toEqual({ text: "Hi {{link}}", cursor: 11 });
  });
  it("clamps positions outside the text", () => {
    expect(insertAtCursor("ab", "X", 10, 20)).toEqual({ text: "abX", cursor: 3 });
    expect(insertAtCursor("ab", "X", -3)).toEqual({ text: "Xab", cursor: 1 });
  });
});

describe("placeholderToken", () => {
  it("writes a placeholder between double braces", () => {
    expect(placeholderToken("lab_name")).toBe("{{lab_name}}");
  });
});

describe("sampleValues", () => {
  it("gives a value for every placeholder, with the lab's name and the expiry in the chosen language", () => {
    const now = new Date("2025-03-01T10:00:00Z");
    const values = sampleValues({ labName: "Foto Lab", locale: "es-ES", origin: "https://latent.test", now });
    expect(Object.keys(values).sort()).toEqual([...EMAIL_PLACEHOLDERS].sort());
    expect(values.customer_name).toBe("Ana García");
    expect(values.order_reference).toBe("#1024");
    expect(values.lab_name).toBe("Foto Lab");
    expect(values.link.startsWith("https://latent.test/order?code=")).toBe(true);
    expect(values.expires_at).toContain("marzo");
  });
});
