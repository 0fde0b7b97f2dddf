import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "apps/web/vite-plugins/**/*.test.ts",
            "apps/cli/src/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "api",
          globalSetup: ["apps/server/test/pglite-template.ts"],
          include: ["apps/server/test/**/*.int.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // An API test mostly waits (on its server, PostgreSQL, timers): four files at a time keep two cores busy.
          // Each opens its own PGlite from the migrated template (decision 0038), well under 1 GB each.
          maxWorkers: 4,
        },
      },
    ],
  },
});
