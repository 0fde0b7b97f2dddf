import { describe, expect, it } from "vitest";
import { type Page, pageChunks } from "./page-chunks.ts";
import type { ModuleFacts } from "./used-modules.ts";

/** A module graph as rolldown's getModuleInfo gives it: each module's code and the ids its imports resolved to. */
function graph(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>) {
  return (id: string): ModuleFacts | null => {
    const m = modules[id];
    return m ? { code: m.code, importedIds: m.imports ?? [], exports: m.exports } : null;
  };
}

/** The chunk each module goes to, and the priority of the group that puts it there. */
function plan(pages: Page[], lookup: (id: string) => ModuleFacts | null, ids: string[]) {
  const groups = pageChunks({ pages });
  const ctx = { getModuleInfo: lookup };
  return Object.fromEntries(
    ids.map((id) => {
      const group = groups.find((g) => typeof g.name === "function" && g.name(id, ctx as never));
      return [id, group ? { chunk: (group.name as (id: string, ctx: never) => string)(id, ctx as never), priority: group.priority } : null];
    }),
  );
}

const app = "/app/src";
const lib = "/app/node_modules/ui/esm";

describe("grouping the lazy pages' code by the pages that use it", () => {
  const lookup = graph({
    [`${app}/landing.tsx`]: {
      code: `import { Card } from "ui"; import { hero } from "./hero.ts";`,
      imports: [`${lib}/index.mjs`, `${app}/hero.ts`],
    },
    [`${app}/about.tsx`]: {
      code: `import { Card, Badge } from "ui"; import { form } from "./form.ts";`,
      imports: [`${lib}/index.mjs`, `${app}/form.ts`],
    },
    [`${app}/roll.tsx`]: {
      code: `import { Badge, Modal } from "ui"; import { form } from "./form.ts"; import { grid } from "./grid.ts";`,
      imports: [`${lib}/index.mjs`, `${app}/form.ts`, `${app}/grid.ts`],
    },
    [`${app}/hero.ts`]: { code: "export const hero = 1;" },
    [`${app}/form.ts`]: { code: `import { z } from "./schema.ts"; export const form = z;`, imports: [`${app}/schema.ts`] },
    [`${app}/schema.ts`]: { code: "export const z = 1;" },
    [`${app}/grid.ts`]: { code: "export const grid = 1;" },
    // A library's index: its names come from the component modules, which are all the code there is.
    [`${lib}/index.mjs`]: {
      code: `import { Card } from "./Card.mjs"; import { Badge } from "./Badge.mjs"; export { Card, Badge }; export * from "./overlays.mjs";`,
      imports: [`${lib}/Card.mjs`, `${lib}/Badge.mjs`, `${lib}/overlays.mjs`],
    },
    [`${lib}/overlays.mjs`]: {
      code: `export { Modal } from "./Modal.mjs"; export { Drawer } from "./Drawer.mjs";`,
      imports: [`${lib}/Modal.mjs`, `${lib}/Drawer.mjs`],
      exports: ["Modal", "Drawer"],
    },
    [`${lib}/Card.mjs`]: { code: `import { box } from "./box.mjs"; export const Card = box;`, imports: [`${lib}/box.mjs`] },
    [`${lib}/Badge.mjs`]: { code: `import { box } from "./box.mjs"; export const Badge = box;`, imports: [`${lib}/box.mjs`] },
    [`${lib}/Modal.mjs`]: { code: "export const Modal = 1;" },
    [`${lib}/Drawer.mjs`]: { code: "export const Drawer = 1;" },
    [`${lib}/box.mjs`]: { code: "export const box = 1;" },
  });
  const pages: Page[] = [
    { name: "landing", roots: [`${app}/landing.tsx`] },
    { name: "about", roots: [`${app}/about.tsx`] },
    { name: "roll-page", roots: [`${app}/roll.tsx`] },
  ];
  const ids = [
    `${app}/hero.ts`,
    `${app}/form.ts`,
    `${app}/schema.ts`,
    `${app}/grid.ts`,
    `${lib}/Card.mjs`,
    `${lib}/Badge.mjs`,
    `${lib}/Modal.mjs`,
    `${lib}/Drawer.mjs`,
    `${lib}/box.mjs`,
    `${lib}/index.mjs`,
    `${lib}/overlays.mjs`,
    `${app}/roll.tsx`,
  ];
  const chunks = plan(pages, lookup, ids);

  it("puts a module used by one page alone in that page's file", () => {
    expect(chunks[`${app}/hero.ts`]?.chunk).toBe("landing");
    expect(chunks[`${app}/grid.ts`]?.chunk).toBe("roll-page");
    expect(chunks[`${lib}/Modal.mjs`]?.chunk).toBe("roll-page");
  });

  it("puts modules used by the same pages together, and apart from those used by other sets", () => {
    expect(chunks[`${app}/form.ts`]?.chunk).toBe(chunks[`${app}/schema.ts`]?.chunk);
    expect(chunks[`${app}/form.ts`]?.chunk).toBe(chunks[`${lib}/Badge.mjs`]?.chunk);
    expect(chunks[`${lib}/Card.mjs`]?.chunk).not.toBe(chunks[`${lib}/Badge.mjs`]?.chunk);
    expect(chunks[`${lib}/box.mjs`]?.chunk).not.toBe(chunks[`${lib}/Card.mjs`]?.chunk);
  });

  it("follows a library's index to the modules behind the names taken, not to all it re-exports", () => {
    // Drawer is re-exported by the index the pages import, but no page takes it: the pages' files leave it out.
    expect(chunks[`${lib}/Drawer.mjs`]).toBeNull();
    // Modal comes through an `export *` of the index: found by the names its source exports.
    expect(chunks[`${lib}/Modal.mjs`]).not.toBeNull();
    // Indexes hold no code: in a group they would bring every module they re-export.
    expect(chunks[`${lib}/index.mjs`]).toBeNull();
    expect(chunks[`${lib}/overlays.mjs`]).toBeNull();
  });

  it("leaves the pages' own lazy modules to the bundler, each a file of its own", () => {
    expect(chunks[`${app}/roll.tsx`]).toBeNull();
  });

  it("takes a module used by more pages first, so a smaller set's group never pulls it in", () => {
    // box: all three pages; Card: landing and about; hero: landing alone.
    expect(chunks[`${lib}/box.mjs`]?.priority).toBe(3);
    expect(chunks[`${lib}/Card.mjs`]?.priority).toBe(2);
    expect(chunks[`${app}/hero.ts`]?.priority).toBe(1);
  });

  it("names a shared file after its set of pages, the same from build to build", () => {
    const again = plan(pages, lookup, ids);
    expect(again[`${lib}/Card.mjs`]?.chunk).toBe(chunks[`${lib}/Card.mjs`]?.chunk);
    expect(chunks[`${lib}/Card.mjs`]?.chunk).toMatch(/^shared-[0-9a-z]+$/);
  });

  it("reads a module whose imports it cannot follow as using all it imports", () => {
    const opaque = graph({
      [`${app}/a.tsx`]: { code: "this is not JavaScript (", imports: [`${app}/x.ts`, `${app}/y.ts`] },
      [`${app}/x.ts`]: { code: "export const x = 1;" },
      [`${app}/y.ts`]: { code: "export const y = 1;" },
    });
    const got = plan([{ name: "a", roots: [`${app}/a.tsx`] }], opaque, [`${app}/x.ts`, `${app}/y.ts`]);
    expect(got[`${app}/x.ts`]?.chunk).toBe("a");
    expect(got[`${app}/y.ts`]?.chunk).toBe("a");
  });
});
