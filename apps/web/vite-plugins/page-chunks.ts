import type { Rolldown } from "vite";
import { createUsedModules, type ModuleLookup } from "./used-modules.ts";

export interface Page {
  name: string;
  /** The page's lazy modules (its layout, its screen). Each stays a file of its own: the manifest's key for it. */
  roots: readonly string[];
}

/** Pages' names, each set once, in a name short enough for a file: the pages that use a chunk's modules. */
function chunkName(users: readonly string[], all: readonly Page[]) {
  if (users.length === 1) return users[0]!;
  // The set, as a bit field over the pages' order: stable from build to build while the list stays the same.
  let bits = 0n;
  for (const user of users) bits |= 1n << BigInt(all.findIndex((p) => p.name === user));
  return `shared-${bits.toString(36)}`;
}

/**
 * Groups the lazy code of `pages` by the set of pages that use it: the modules used by exactly the same pages go in
 * one file, so a page loads only code it uses, in one file per set it shares. Code none of the pages uses is left to
 * the bundler, and so is the entry's, which the groups above these take first.
 *
 * Left to itself, the bundler splits lazy code by every lazy module of the app (≈ 60 of them): the roll page came
 * as ≈ 70 files, most under 1 KB, and Chromium took ≈ 330 ms to fetch them over six HTTP/1.1 connections (decision
 * 0036). Pages of the app not in the list share the files of those that are.
 *
 * Each group takes the modules its members import with it (rolldown's `includeDependenciesRecursively`). A module's
 * imports are used by every page that uses it, and more: so the groups go in order of how many pages use them, most
 * first, each taking its own before a smaller set's group could pull them in. The priorities are n … 1 for n pages;
 * groups meant to go first need higher ones.
 */
export function pageChunks(options: { pages: readonly Page[] }): Rolldown.CodeSplittingGroup[] {
  const { pages } = options;
  let planned: { names: Map<string, string>; sizes: Map<string, number> } | null = null;
  const plan = (lookup: ModuleLookup) => {
    if (planned) return planned;
    const usedBy = createUsedModules(lookup);
    const roots = new Set(pages.flatMap((p) => p.roots));
    const users = new Map<string, string[]>();
    for (const page of pages)
      for (const id of usedBy(page.roots)) {
        // The pages' own lazy modules stay files of their own. The entry's modules are counted like any other: the
        // groups above these take them first, and those they leave (reached only through unused code) go here.
        if (roots.has(id)) continue;
        users.set(id, [...(users.get(id) ?? []), page.name]);
      }
    planned = {
      names: new Map([...users].map(([id, u]) => [id, chunkName(u, pages)])),
      sizes: new Map([...users].map(([id, u]) => [id, u.length])),
    };
    return planned;
  };
  return pages.map((_, i) => {
    const size = pages.length - i;
    return {
      debugName: `used by ${size} of the pages`,
      name: (id: string, ctx: { getModuleInfo: ModuleLookup }) => {
        const { names, sizes } = plan((moduleId) => ctx.getModuleInfo(moduleId));
        return sizes.get(id) === size ? names.get(id)! : null;
      },
      priority: size,
    };
  });
}
