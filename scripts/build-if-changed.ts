// `npm start` and `npm test` build the app only when its sources changed since the last build:
// a start on an unchanged checkout takes seconds instead of a minute. The fingerprint is a
// SHA-256 over the path and bytes of every file the build reads (the app's code, messages,
// public files, the build's configuration and the installed dependencies' lock file), kept
// next to the build in build/.sources-sha256; a build that fails leaves no fingerprint, so the
// next start builds again. Vite's listing of every chunk is left out of the console (the
// build runs with --logLevel warn); warnings and errors still show, and `npm run build`
// prints the whole listing when wanted. After a build the JavaScript budget is checked
// (scripts/js-budget.ts): a page over it fails the build like a compile error, with a table of
// the heaviest pages.
//
//   node scripts/build-if-changed.ts          build when needed
//   node scripts/build-if-changed.ts --force  build anyway
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkJsBudget } from "./js-budget.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = path.join(ROOT, "build");
const FINGERPRINT = path.join(BUILD_DIR, ".sources-sha256");
const SERVER_ENTRY = path.join(BUILD_DIR, "server", "index.js");

/** What the build reads: folders walked whole, and single files. */
const SOURCE_DIRS = ["app", "public", "messages"];
const SOURCE_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "project.inlang/settings.json"];

/** Not read by the build: tests beside the code, and what the build itself generates (Paraglide's output, route types). */
function skipped(relative: string): boolean {
  return /\.test\.tsx?$/.test(relative) || relative.startsWith(`app${path.sep}paraglide${path.sep}`) || relative.split(path.sep).includes(".react-router");
}

function walk(dir: string, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a folder that does not exist has nothing to build
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/** The fingerprint of the sources as they are now. */
export function sourcesFingerprint(root = ROOT): string {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir), files);
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(root, file))) files.push(path.join(root, file));
  const hash = createHash("sha256");
  for (const file of files
    .map((f) => path.relative(root, f))
    .filter((f) => !skipped(f))
    .sort()) {
    // The name and the length first, so that moving bytes from one file to the next changes the fingerprint.
    const bytes = fs.readFileSync(path.join(root, file));
    hash.update(`${file.split(path.sep).join("/")}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest("hex");
}

/** The packages the build runs: devDependencies, which npm leaves out under NODE_ENV=production unless told otherwise. */
export const BUILD_TOOLS = ["@react-router/dev", "vite", "@tailwindcss/vite", "tailwindcss", "@inlang/paraglide-js"];

/** Why the build cannot run here (build tools not installed), or null. */
export function buildToolsProblem(root = ROOT): string | null {
  const missing = BUILD_TOOLS.filter((name) => !fs.existsSync(path.join(root, "node_modules", name, "package.json")));
  if (!missing.length) return null;
  return [
    `The build tools are not installed (${missing.join(", ")}).`,
    "They are devDependencies, which npm leaves out when NODE_ENV=production is set or with --omit=dev.",
    "Install them with `npm ci --include=dev`, then build again.",
  ].join("\n");
}

/** Whether the build on disk was made from these sources. */
export function buildIsCurrent(fingerprint: string): boolean {
  if (!fs.existsSync(SERVER_ENTRY)) return false;
  try {
    return fs.readFileSync(FINGERPRINT, "utf8").trim() === fingerprint;
  } catch {
    return false;
  }
}

/** Builds when the sources changed (or `force`); returns whether it built. Exits the process when the build fails. */
export function buildIfChanged(opts: { force?: boolean } = {}): boolean {
  const fingerprint = sourcesFingerprint();
  if (!opts.force && buildIsCurrent(fingerprint)) {
    console.log("Build is up to date with the sources: not rebuilding.");
    return false;
  }
  const problem = buildToolsProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log("Building the app (about a minute)…");
  const started = Date.now();
  fs.rmSync(FINGERPRINT, { force: true });
  // Always the production build, whatever NODE_ENV the caller has (a test run has "test", which
  // would build React's development code).
  const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build", "--logLevel", "warn"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.error || result.signal) {
    console.error(`The build could not run: ${result.error?.message ?? `stopped by ${result.signal}`}.`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error("The build failed (see above).");
    process.exit(result.status ?? 1);
  }
  if (!checkJsBudget(BUILD_DIR)) {
    console.error("The build is over the JavaScript budget (see above).");
    process.exit(1);
  }
  fs.writeFileSync(FINGERPRINT, `${fingerprint}\n`);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfChanged({ force: process.argv.includes("--force") });
}
