import { defineConfig } from "vitest/config";
import { paraglideVitePlugin } from "@inlang/paraglide-js";

const paraglide = paraglideVitePlugin({
  project: "./project.inlang",
  outdir: "./app/paraglide",
  strategy: ["baseLocale"],
  emitGitIgnore: false,
  emitPrettierIgnore: false,
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [paraglide],
        test: {
          name: "app",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"],
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
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // One browser and one app for the whole run; journeys run one file at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
