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

/**
 * How long each browser journey takes, in seconds (measured in a whole run, rounded; a run on
 * a busy machine scales them all alike, which is all the split below needs). A journey not
 * listed counts as DEFAULT_JOURNEY_SECONDS. Update the figures when a journey grows.
 */
export const JOURNEY_SECONDS: Record<string, number> = {
  "accessibility.test.ts": 457,
  "areas.test.ts": 259,
  "back-office.test.ts": 154,
  "quote.test.ts": 151,
  "search.test.ts": 119,
  "hostile-input.test.ts": 98,
  "warehouses.test.ts": 91,
  "deal.test.ts": 89,
  "failed-saves.test.ts": 77,
  "database-loss.test.ts": 67,
  "drain.test.ts": 56,
  "trust.test.ts": 61,
  "accounts.test.ts": 61,
  "crash.test.ts": 60,
  "comparison.test.ts": 44,
  "route-matrix.test.ts": 41,
  "native-fields.test.ts": 39,
  "billing.test.ts": 35,
  "forms-without-js.test.ts": 32,
  "formats.test.ts": 28,
  "spaces.test.ts": 20,
  "search-spaces.test.ts": 14,
  "nginx.test.ts": 45,
  "foundation.test.ts": 10,
};
export const DEFAULT_JOURNEY_SECONDS = 60;

/**
 * The browser journeys split into `count` groups of about the same length: the longest first,
 * each into the group that ends first. (Vitest's own --shard splits by count, which would put
 * the two longest journeys in one group as often as not.)
 */
export function journeyGroups(files: string[], count: number): string[][] {
  const seconds = (file: string) => JOURNEY_SECONDS[file.split("/").pop()!] ?? DEFAULT_JOURNEY_SECONDS;
  const groups = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const shortest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    shortest.files.push(file);
    shortest.seconds += seconds(file);
  }
  return groups.map((g) => g.files.sort());
}
