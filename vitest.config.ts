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
          // Each file opens its own PGlite (≈1 GB while it initialises): two at a time fits these machines.
          maxWorkers: 2,
        },
      },
    ],
  },
});
