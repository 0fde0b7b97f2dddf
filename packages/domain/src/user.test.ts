import { describe, expect, it } from "vitest";
import { normalizeWebpage, UserDataSchema } from "./user.ts";

const webpage = (input: string) => {
  const result = UserDataSchema.safeParse({ webpage: input });
  return result.success ? result.data.webpage : "refused";
};

describe("profile web page", () => {
  it("reads a bare domain as its https:// page", () => {
    expect(normalizeWebpage("latent.photo")).toBe("https://latent.photo");
    expect(webpage("latent.photo")).toBe("https://latent.photo");
    expect(webpage("  www.latent.photo/ana?x=1 ")).toBe("https://www.latent.photo/ana?x=1");
    expect(webpage("//latent.photo")).toBe("https://latent.photo");
    expect(webpage("latent.photo:8080")).toBe("https://latent.photo:8080");
  });

  it("keeps an address that already has http or https, and an empty one", () => {
    expect(webpage("https://latent.photo")).toBe("https://latent.photo");
    expect(webpage("http://latent.photo/about")).toBe("http://latent.photo/about");
    expect(webpage("")).toBe("");
    expect(webpage("   ")).toBe("");
  });

  it("still refuses what is not a public web page", () => {
    for (const junk of [
      "latent",
      "not a url",
      "localhost",
      "javascript:alert(1)",
      "ftp://latent.photo",
      "mailto:ana@latent.photo",
      "a.b",
    ]) {
      expect(webpage(junk), junk).toBe("refused");
    }
    expect(webpage(`${"a".repeat(300)}.photo`)).toBe("refused");
  });
});
