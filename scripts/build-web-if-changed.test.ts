import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { buildIfChanged } from "./build-web-if-changed.ts";

describe("npm start's web build", () => {
  let root: string;
  let builds: number;
  // A stand-in for vite: writes what a build writes, and counts.
  const build = () => {
    builds++;
    mkdirSync(join(root, "apps/web/dist"), { recursive: true });
    writeFileSync(join(root, "apps/web/dist/index.html"), `<html>${builds}</html>`);
    return 0;
  };
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "latent-build-"));
    builds = 0;
    write("apps/web/src/main.tsx", "render()");
    write("packages/domain/src/plans.ts", "export const PLANS = 3;");
    write("package-lock.json", '{"lockfileVersion":3}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("builds the first time and not again while nothing changed", () => {
    expect(buildIfChanged(root, build)).toBe("built");
    expect(buildIfChanged(root, build)).toBe("unchanged");
    expect(builds).toBe(1);
  });

  test("builds again after a web source, a domain file or the lock file changes, or a file is added", () => {
    buildIfChanged(root, build);
    for (const [path, text] of [
      ["apps/web/src/main.tsx", "render(2)"],
      ["packages/domain/src/plans.ts", "export const PLANS = 4;"],
      ["package-lock.json", '{"lockfileVersion":3,"x":1}'],
      ["apps/web/src/new-screen.tsx", "x"],
    ]) {
      write(path as string, text as string);
      expect(buildIfChanged(root, build)).toBe("built");
    }
    expect(builds).toBe(5);
  });

  test("ignores what the build itself writes and the installed packages", () => {
    buildIfChanged(root, build);
    write("apps/web/dist/assets/app.js", "x");
    write("apps/web/node_modules/pkg/index.js", "y");
    expect(buildIfChanged(root, build)).toBe("unchanged");
  });

  test("builds on demand (npm run build) even when nothing changed, and a start after it does not build again", () => {
    buildIfChanged(root, build);
    expect(buildIfChanged(root, build, true)).toBe("built");
    expect(buildIfChanged(root, build)).toBe("unchanged");
    expect(builds).toBe(2);
  });

  test("builds when the built app is gone, and keeps no fingerprint of a failed build", () => {
    buildIfChanged(root, build);
    rmSync(join(root, "apps/web/dist"), { recursive: true });
    expect(buildIfChanged(root, build)).toBe("built");
    write("apps/web/src/main.tsx", "broken(");
    expect(buildIfChanged(root, () => 1)).toBe("failed");
    expect(buildIfChanged(root, build)).toBe("built");
  });
});
