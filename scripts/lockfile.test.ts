// `npm ci` installs exactly what package-lock.json lists and refuses a lock file that does not
// match package.json, or that leaves out a package some locked package depends on, optional
// platform packages included (they are listed for every platform and installed only on theirs).
// This is the same check, without the network: it fails here before CI's `npm ci` fails.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

type LockEntry = {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
type Lock = { lockfileVersion: number; packages: Record<string, LockEntry> };
type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };

/** Where Node (and npm) find `name` from the package at `from`: its own node_modules, then each parent's, then the root's. */
function resolves(packages: Lock["packages"], from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("node_modules/");
    dir = cut <= 0 ? "" : dir.slice(0, cut - 1);
  }
}

/** Every dependency of every locked package that the lock file does not hold, as "from → name". */
export function missingFromLock(lock: Lock): string[] {
  const missing: string[] = [];
  for (const [at, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...(at === "" ? Object.keys(entry.devDependencies ?? {}) : []),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional),
    ];
    for (const name of new Set(names)) if (!resolves(lock.packages, at, name)) missing.push(`${at || "(root)"} → ${name}`);
  }
  return missing;
}

const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as Lock;
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as Manifest;

describe("package-lock.json", () => {
  it("asks for what package.json asks for", () => {
    const root = lock.packages[""]!;
    expect(root.dependencies ?? {}).toEqual(manifest.dependencies ?? {});
    expect(root.devDependencies ?? {}).toEqual(manifest.devDependencies ?? {});
    expect(root.optionalDependencies ?? {}).toEqual(manifest.optionalDependencies ?? {});
  });

  it("holds every package a locked package depends on, other platforms' optional packages included", () => {
    expect(missingFromLock(lock)).toEqual([]);
  });

  it("is told apart from a lock file that leaves a platform package out", () => {
    const lacking: Lock = {
      lockfileVersion: 3,
      packages: {
        "": { dependencies: { a: "1.0.0" } },
        "node_modules/a": { version: "1.0.0", optionalDependencies: { "a-darwin-arm64": "1.0.0", "a-linux-x64": "1.0.0" }, dependencies: { b: "^2" } },
        "node_modules/a/node_modules/b": { version: "2.0.0", dependencies: { c: "1" } },
        "node_modules/c": { version: "1.0.0" },
        "node_modules/a-linux-x64": { version: "1.0.0" },
      },
    };
    expect(missingFromLock(lacking)).toEqual(["node_modules/a → a-darwin-arm64"]);
  });
});
