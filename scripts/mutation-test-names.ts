/**
 * Vitest setup file of `npm run mutation` only (vitest.mutation.config.ts). StrykerJS 9.6 picks the tests covering a
 * mutant by a name pattern that joins suite and test names with spaces, while Vitest 5 matches the pattern against
 * names joined with " > ": no test matched, so every covered mutant "survived" without a test run. This widens the
 * pattern in the worker, before the test file is collected, to take either separator.
 */
const worker = (globalThis as { __vitest_worker__?: { config?: { testNamePattern?: RegExp } } }).__vitest_worker__;
const pattern = worker?.config?.testNamePattern;
if (worker?.config && pattern instanceof RegExp) {
  worker.config.testNamePattern = new RegExp(pattern.source.replaceAll(" ", "(?: > | )"), pattern.flags);
}
