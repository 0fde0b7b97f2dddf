import { describe, expect, it } from "vitest";
import { collectionParts } from "./order-collection.ts";

const collected = { by: "Joan Puig", at: "2026-11-27T10:30:00.000Z", rolls: 2, scans: 36, bytes: 3 * 1024 * 1024 * 1024 };

describe("collectionParts", () => {
  it("dates the collection and sizes what was taken in the reader's language", () => {
    expect(collectionParts(collected, "en-US")).toEqual({
      name: "Joan Puig",
      date: "Nov 27, 2026",
      amounts: { rolls: 2, scans: 36, size: "3 GB" },
    });
    const fr = collectionParts(collected, "fr-FR");
    expect(fr.date).toBe("27 nov. 2026");
    // French puts a no-break space before the unit.
    expect(fr.amounts?.size.replace(/\s/gu, " ")).toBe("3 Go");
    expect(collectionParts(collected, "es-ES").date).toBe("27 nov 2026");
  });

  it("says nothing of amounts an older collection did not record", () => {
    expect(collectionParts({ ...collected, rolls: null, scans: null, bytes: null }, "it-IT").amounts).toBeNull();
  });
});
