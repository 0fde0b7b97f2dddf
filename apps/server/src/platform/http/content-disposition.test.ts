import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.ts";

/** How a client following RFC 6266 reads the name back: `filename*` first. */
const nameRead = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)![1]!);

describe("attachment disposition", () => {
  it("names an ASCII file the same way in both parameters", () => {
    expect(attachmentDisposition("Holiday-roll.zip")).toBe(`attachment; filename="Holiday-roll.zip"; filename*=UTF-8''Holiday-roll.zip`);
  });

  it("gives a non-ASCII name in UTF-8 to clients that read filename*, and a readable ASCII stand-in to the rest", () => {
    const header = attachmentDisposition("Summer-in-Cadaqués.zip");
    expect(header).toContain(`filename="Summer-in-Cadaqu_s.zip"`);
    expect(header).toContain("filename*=UTF-8''Summer-in-Cadaqu%C3%A9s.zip");
    expect(nameRead(header)).toBe("Summer-in-Cadaqués.zip");
  });

  it("encodes the characters RFC 5987 does not allow bare, so a quote or bracket cannot end the value", () => {
    const header = attachmentDisposition(`L'été-(2)*"x".zip`);
    expect(header).toMatch(/filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(nameRead(header)).toBe(`L'été-(2)*"x".zip`);
    expect(header).toContain(`filename="L'_t_-(2)*_x_.zip"`);
  });
});
