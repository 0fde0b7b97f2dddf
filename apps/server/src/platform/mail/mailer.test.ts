import { describe, expect, it } from "vitest";
import { safeDisplayName, senderAddress } from "./mailer.ts";

describe("the sender of a mail sent in someone's name", () => {
  it("keeps the server's own address whichever way MAIL_FROM is written", () => {
    expect(senderAddress("Latent <no-reply@latent.example>")).toBe("no-reply@latent.example");
    expect(senderAddress('"Latent, the app" <no-reply@latent.example> ')).toBe("no-reply@latent.example");
    expect(senderAddress(" no-reply@latent.example ")).toBe("no-reply@latent.example");
  });

  it("makes a display name one line: no CR, LF, other control characters or Unicode line breaks", () => {
    expect(safeDisplayName("Evil Lab\r\nBcc: victim@example.com")).toBe("Evil Lab Bcc: victim@example.com");
    expect(safeDisplayName("Lab\u0000\u0085\u2028Sants\t ")).toBe("Lab Sants");
    expect(safeDisplayName('Laboratori "L\'Àlbum", Gràcia')).toBe('Laboratori "L\'Àlbum", Gràcia');
    expect(Array.from(safeDisplayName("ø".repeat(300)))).toHaveLength(100);
  });
});
