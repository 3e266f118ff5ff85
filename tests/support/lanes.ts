// The test lanes, defined once: vitest.config.ts builds its projects from these patterns and
// scripts/test-lanes.test.ts checks that the files keep to them. A file's lane is in its name:
//
//   fast         *.test.ts / *.test.tsx under app/, server/, scripts/  logic and components: no database, no browser
//   integration  *.db.test.ts under the same folders                   PostgreSQL: a database cloned per file
//   browser      tests/e2e/*.test.ts                                   Chromium against the production build
const roots = ["app", "server", "scripts"];

export const LANES = {
  fast: {
    include: roots.flatMap((root) => [`${root}/**/*.test.ts`, `${root}/**/*.test.tsx`]),
    exclude: ["**/node_modules/**", ...roots.map((root) => `${root}/**/*.db.test.ts`)],
  },
  integration: { include: roots.map((root) => `${root}/**/*.db.test.ts`), exclude: ["**/node_modules/**"] },
  browser: { include: ["tests/e2e/**/*.test.ts"], exclude: ["**/node_modules/**"] },
} as const;

export type Lane = keyof typeof LANES;

/**
 * What only the integration lane may reach (import, directly or through other modules): the
 * helpers that clone a test database (a plain one, or a large catalogue) and the run's database
 * set-up. A test file that starts an embedded server itself (it calls startEmbeddedPostgres) is
 * an integration test too.
 */
export const DATABASE_MODULES = ["tests/support/db.ts", "tests/support/catalogue.ts", "tests/support/db-global-setup.ts"];
export const STARTS_A_SERVER = /\bstartEmbeddedPostgres\(/;

/** What only the browser lane may reach: the app started as in production, and Chromium. */
export const BROWSER_MODULES = ["tests/support/app-process.ts", "tests/support/chromium.ts", "tests/e2e/support.ts", "tests/e2e/global-setup.ts"];
