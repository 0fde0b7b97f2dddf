import { describe, expect, it } from "vitest";
import { renderAuthPage, renderExpiredPage } from "./auth-pages.ts";

const signup = (over: Partial<Parameters<typeof renderAuthPage>[0]> = {}) =>
  renderAuthPage({ locale: "en-US", uid: "u1", mode: "signup", registrationOpen: true, ...over });

describe("the embedded sign-in pages", () => {
  it("carry Latent's header: the brand leading home and a menu of the five languages", () => {
    const html = renderAuthPage({ locale: "es-ES", uid: "u1", mode: "login", registrationOpen: true });
    expect(html).toContain('<a class="brand" href="/">Latent</a>');
    expect(html).toContain('aria-label="Idioma: Español"');
    for (const lang of ["en-US", "es-ES", "fr-FR", "it-IT", "ca-ES"]) expect(html).toContain(`mode=login&amp;lang=${lang}"`);
    expect(html).toContain('<meta name="color-scheme" content="light">');
  });

  it("let a new account read the terms and the privacy policy it accepts, each in a new tab", () => {
    const html = signup({ locale: "fr-FR" });
    expect(html).toContain(
      'En créant un compte, vous acceptez les <a href="/terms-and-conditions" target="_blank" rel="noopener">conditions générales<span class="sr-only"> (s’ouvre dans un nouvel onglet)</span></a> et la <a href="/privacy"',
    );
    // Signing in accepts nothing new: only the footer links the legal pages there.
    const login = renderAuthPage({ locale: "fr-FR", uid: "u1", mode: "login", registrationOpen: true });
    expect(login).not.toContain("vous acceptez");
    expect(login).toContain('href="/privacy" target="_blank"');
  });

  it("offer the two roles the same way in every language", () => {
    expect(signup({ locale: "fr-FR" })).toMatch(/value="user" checked> Photographe<\/label>[\s\S]*value="lab" > Laboratoire photo</);
    expect(signup({ locale: "ca-ES" })).toMatch(/> Fotògraf\/a<\/label>[\s\S]*> Laboratori fotogràfic</);
  });

  it("escape what the visitor typed and mark the field in error", () => {
    const html = signup({ email: '"><script>', fieldErrors: { email: "email", password: "password" } });
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;"');
    expect(html).toContain('aria-describedby="password-error password-hint" aria-invalid="true"');
  });

  it("show the address the link came with read-only on sign-up, with a way to use another, in the reader's language", () => {
    const html = signup({ locale: "es-ES", email: "ana@example.com", emailLocked: true });
    expect(html).toMatch(/<input id="email"[^>]* value="ana@example.com" aria-describedby="email-hint" readonly>/);
    expect(html).toContain(
      '<p class="hint" id="email-hint">La dirección a la que se envió tu enlace. <a href="/auth/interaction/u1?mode=signup&amp;email=other&amp;lang=es-ES">Usar otra dirección</a></p>',
    );
    // The password is what is left to type.
    expect(html).toMatch(/<input id="password"[^>]* autofocus/);

    // Chosen another: the same address, now editable, and no link.
    const unlocked = signup({ email: "ana@example.com" });
    expect(unlocked).toMatch(/<input id="email"[^>]* value="ana@example.com" +autofocus>/);
    expect(unlocked).not.toContain("readonly");
    expect(unlocked).not.toContain("email=other");
    // Signing in never locks it: the account may be under another address.
    expect(
      renderAuthPage({ locale: "en-US", uid: "u1", mode: "login", registrationOpen: true, email: "a@b.example", emailLocked: true }),
    ).not.toContain("readonly");
  });

  it("keep a read-only address marked in error when the server refused it (an account already has it)", () => {
    const html = signup({ email: "ana@example.com", emailLocked: true, fieldErrors: { email: "taken" } });
    expect(html).toContain('aria-describedby="email-error email-hint" aria-invalid="true" readonly>');
  });

  it("say an expired page has nothing to resume, in the reader's language, with the same header", () => {
    const html = renderExpiredPage("it-IT");
    expect(html).toContain("Questa pagina di accesso è scaduta.");
    expect(html).toContain('<a class="brand" href="/">Latent</a>');
    expect(html).toContain("<title>Latent</title>");
  });
});
