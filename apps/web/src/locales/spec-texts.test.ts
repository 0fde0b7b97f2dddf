import { LOCALES } from "@latent/domain/locales";
import { describe, expect, it } from "vitest";

type Json = Record<string, unknown>;

const files = import.meta.glob<Json>("./*/*.json", { eager: true, import: "default" });

/** The text at "namespace:a.b.c" in one language, or undefined. */
function textAt(locale: string, id: string): unknown {
  const [ns, path] = id.split(":") as [string, string];
  let node: unknown = files[`./${locale}/${ns}.json`];
  for (const part of path.split(".")) node = (node as Json | undefined)?.[part];
  return node;
}

/**
 * Every English text of the spec's catalogue (§8) that the web app shows, word for word, and where it is shown.
 * A new wording of one of these is a change to the spec, not to a translation file.
 */
const SPEC_TEXTS: [text: string, id: string][] = [
  ["Wait a minute before sending another message", "contact:rateLimitedTitle"],
  ["Error sending message", "contact:failedTitle"],
  ["Failed to add your email", "newsletter:failed"],
  ["Wait a minute before trying again", "errors:api.rate-limited"],
  ["The Laboratory could not be found", "errors:api.lab-not-found"],
  ["This email has already been registered", "errors:api.email-already-registered"],
  ["Wait a minute to send the next email", "errors:api.rate-limited-email"],
  ["Email could not be sent", "errors:api.email-not-sent"],
  ["Shipment not found", "errors:api.shipment-not-found"],
  ["User does not have a shipping address assigned", "errors:api.no-shipping-address"],
  ["Could not delete the order", "errors:api.order-delete-failed"],
  ["Failed to delete film", "films:delete.failed"],
  ["Failed to delete image", "films:shot.delete.failed"],
  ["There was an error loading the images. Please contact our support team.", "films:tile.thumbnailError"],
  ["Your account has been blocked.", "common:account.blocked.title"],
  ["Your account has been blocked.", "errors:api.account-blocked"],
  ["Contact support", "common:account.blocked.contact"],
  ["We are not accepting new account registrations at this time.", "errors:api.signin-blocked"],
  ["Could not delete the order", "orders:delete.failed"],
  ["Failed to activate subscription", "shop:checkout.failed"],
  ["Failed to update information", "survey:failed"],
  ["Failed to update profile", "errors:api.update-profile-failed"],
  ["Failed to reactivate profile", "profile:inactive.failed"],
  ["Not completed uploads will be lost if you leave the page now.", "films:leave.uploads"],
  ["Not completed downloads will be lost if you leave the page now.", "films:leave.downloads"],
  ["Invalid session", "errors:api.unauthorized"],
  ["The token has expired", "errors:api.token-expired"],
  ["Maximum films capacity reached", "errors:api.films-capacity-reached"],
  ["Maximum gear limit reached", "errors:api.gear-limit-reached"],
  ["The image is too large, make sure it does not weigh more than 5MB and occupies a space of 1024 x 1024 px", "errors:api.image-too-big"],
];

describe("the spec's English texts", () => {
  it.each(SPEC_TEXTS)("'%s' is shown word for word (%s)", (text, id) => {
    expect(textAt("en-US", id)).toBe(text);
  });

  it.each(SPEC_TEXTS)("'%s' is translated into every other language (%s)", (_text, id) => {
    for (const locale of LOCALES.filter((l) => l !== "en-US")) {
      const translated = textAt(locale, id);
      expect(typeof translated, `${locale} ${id}`).toBe("string");
      expect((translated as string).trim(), `${locale} ${id}`).not.toBe("");
    }
  });
});
