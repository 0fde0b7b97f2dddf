import { defineConfig } from "vitest/config";

/**
 * The tests `npm run mutation` (StrykerJS) runs against the rule-bearing modules listed in stryker.config.json:
 * their unit tests and the API tests of the features that own the rules. Every API test file starts a server for
 * each mutant it covers, so a whole run takes hours on a small machine: `MUTATION_API_TESTS=entitlements,gear` keeps
 * those API test files only, `MUTATION_API_TESTS=none` the unit tests only (with `-- --mutate <file>` to pick modules);
 * `MUTATION_UNIT_TESTS=<path>,<path>` (or `none`) picks the unit test files. scripts/mutation-modules.ts sets both per module.
 */
const unit = [
  "apps/server/src/platform/identity/verify-token.test.ts",
  "apps/server/src/platform/http/url-signer.test.ts",
  "apps/server/src/platform/http/link-grants.test.ts",
  "apps/server/src/platform/zip/zip-stream.test.ts",
  "apps/server/src/platform/cooldown/sender-limit.test.ts",
  "apps/server/src/features/realtime/realtime-tickets.test.ts",
  "apps/server/src/platform/http/reply-cache.test.ts",
  "apps/server/src/features/identity/pairing/device-pairing.test.ts",
  "apps/server/src/features/entitlements/entitlements.service.test.ts",
  "packages/domain/src/plans.test.ts",
  "packages/domain/src/image-signature.test.ts",
];
const API_TESTS = [
  "auth",
  "external-identity",
  "entitlements",
  "gear",
  "shots",
  "uploads",
  "upload-resume",
  "downloads",
  "shares",
  "share-links",
  "realtime",
  "visitor-services",
];
const chosenUnit = process.env.MUTATION_UNIT_TESTS;
const unitTests = chosenUnit === undefined ? unit : chosenUnit === "none" ? [] : chosenUnit.split(",").map((path) => path.trim());
const chosen = process.env.MUTATION_API_TESTS;
const api = (chosen === undefined ? API_TESTS : chosen === "none" ? [] : chosen.split(",")).map(
  (name) => `apps/server/test/${name.trim()}.int.test.ts`,
);

export default defineConfig({
  test: {
    include: [...unitTests, ...api],
    setupFiles: ["./scripts/mutation-test-names.ts"],
    globalSetup: ["apps/server/test/pglite-template.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
