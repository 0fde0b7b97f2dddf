import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

const secret = "a-server-secret-of-at-least-32-characters";

describe("secret box", () => {
  it("opens what it sealed, and the sealed form holds no trace of the plain value", () => {
    const box = createSecretBox(secret, "integrations");
    const sealed = box.seal("shpat_plain_token", "lab-1:shopify");
    expect(sealed).not.toContain("shpat");
    expect(box.open(sealed, "lab-1:shopify")).toBe("shpat_plain_token");
  });
  it("seals the same value differently each time", () => {
    const box = createSecretBox(secret, "integrations");
    expect(box.seal("x", "c")).not.toBe(box.seal("x", "c"));
  });
  it("refuses a value of another context, another purpose, another server secret, or altered", () => {
    const box = createSecretBox(secret, "integrations");
    const sealed = box.seal("token", "lab-1:shopify");
    expect(() => box.open(sealed, "lab-2:shopify")).toThrow();
    expect(() => createSecretBox(secret, "other").open(sealed, "lab-1:shopify")).toThrow();
    expect(() => createSecretBox(`${secret}!`, "integrations").open(sealed, "lab-1:shopify")).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => box.open(parts.join("."), "lab-1:shopify")).toThrow();
    expect(() => box.open("plain", "lab-1:shopify")).toThrow(/not a sealed value/);
  });
});
