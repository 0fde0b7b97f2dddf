import { describe, expect, it } from "vitest";
import { INACTIVE_GRACE_DAYS, inactiveDue, normalizeWebpage, UserDataSchema } from "./user.ts";

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

describe("an inactive account's due date", () => {
  const since = new Date(2026, 0, 10, 12);
  it("reads 'today' on the thirtieth day and after it", () => {
    expect(inactiveDue(since, new Date(2026, 1, 9, 8)).text).toBe("today");
    expect(inactiveDue(since, new Date(2026, 1, 20, 8)).text).toBe("today");
  });
  it("reads 'tomorrow' the day before", () => {
    expect(inactiveDue(since, new Date(2026, 1, 8, 23)).text).toBe("tomorrow");
  });
  it("reads the date, thirty days after the account became inactive, before that", () => {
    const due = inactiveDue(since, new Date(2026, 0, 11, 9));
    expect(due.text).toBe("date");
    expect(due.date.getTime() - since.getTime()).toBe(INACTIVE_GRACE_DAYS * 24 * 60 * 60 * 1000);
  });
});
