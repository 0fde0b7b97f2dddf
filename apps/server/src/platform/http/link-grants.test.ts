import { describe, expect, it } from "vitest";
import { createLinkGrants } from "./link-grants.ts";

describe("revocable grants behind signed links", () => {
  it("asks the kind's owner about the id after the first dash, and refuses unknown kinds and names without a kind", async () => {
    const grants = createLinkGrants();
    const asked: string[] = [];
    grants.register("share", async (id) => {
      asked.push(id);
      return id !== "gone";
    });
    expect(grants.name("share", "a-b-c")).toBe("share-a-b-c");
    expect(await grants.isActive("share-a-b-c")).toBe(true);
    expect(await grants.isActive("share-gone")).toBe(false);
    expect(asked).toEqual(["a-b-c", "gone"]);
    expect(await grants.isActive("order-1")).toBe(false);
    expect(await grants.isActive("-1")).toBe(false);
    expect(await grants.isActive("share")).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it("takes kinds of lowercase letters only", () => {
    const grants = createLinkGrants();
    expect(() => grants.register("share-link", async () => true)).toThrow(/lowercase letters only/);
    expect(() => grants.register("Share", async () => true)).toThrow(/lowercase letters only/);
    expect(() => grants.register("", async () => true)).toThrow(/lowercase letters only/);
  });
});
