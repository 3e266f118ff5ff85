import { defineConfig } from "vitest/config";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { LANES } from "./tests/support/lanes.ts";

const paraglide = paraglideVitePlugin({
  project: "./project.inlang",
  outdir: "./app/paraglide",
  strategy: ["baseLocale"],
  emitGitIgnore: false,
  emitPrettierIgnore: false,
});

// Three lanes, one project each, told apart by the file's name and folder (tests/support/lanes.ts,
// CONTRIBUTING.md "Test lanes"); scripts/test-lanes.test.ts checks that the files keep to them.

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [paraglide],
        test: {
          name: "fast",
          include: [...LANES.fast.include],
          exclude: [...LANES.fast.exclude],
          environment: "node",
          // No global setup: nothing to start. A test that needs a database belongs in *.db.test.ts.
          // Modules are shared between the lane's files (evaluated once per worker, not once per
          // file: half the lane's time was spent importing); fast-setup.ts restores before each
          // file the one piece of shared state a file may change.
          isolate: false,
          setupFiles: ["tests/support/fast-setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [paraglide],
        test: {
          name: "integration",
          include: [...LANES.integration.include],
          environment: "node",
          // One PostgreSQL server for the run (embedded, or the one at DATABASE_URL) with a
          // migrated template database; each test file clones its own database from it.
          globalSetup: ["tests/support/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [paraglide],
        test: {
          name: "browser",
          include: [...LANES.browser.include],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // One browser and one app for the whole run; journeys run one file at a time.
          fileParallelism: false,
          // A file's describe.concurrent runs this many of its tests at once (the accessibility
          // walks): three pages keep the two cores busy while each waits on the app in turn.
          maxConcurrency: 3,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
