// The deployment kit's files (deploy/) against the app they deploy: what can be checked without
// a running systemd or container engine. The nginx site runs for real in tests/e2e/nginx.test.ts
// and the backup scripts in server/restore-check.db.test.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../app/server/config.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const UNITS = ["deploy/stockspace.service", "deploy/stockspace@.service"];
const CONFIG_SOURCE = read("app/server/config.ts");
const PACKAGE = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** `KEY=value` lines of a systemd unit's section (every occurrence). */
function unitSettings(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (m) out.set(m[1]!, [...(out.get(m[1]!) ?? []), m[2]!]);
  }
  return out;
}

/** The longest the app may take to stop after SIGTERM, by its defaults (grace, then the requests in flight). */
function defaultStopMs(): number {
  const config = loadConfig({});
  return config.shutdownGraceMs + config.shutdownTimeoutMs;
}

/** An environment file's NAME=value lines (systemd's EnvironmentFile, compose's .env). */
function envFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** Whether config.ts reads this variable. */
const appKnows = (name: string) => new RegExp(`^\\s+${name}: `, "m").test(CONFIG_SOURCE);

describe("the systemd units", () => {
  for (const unit of UNITS) {
    it(`${unit}: runs npm run serve and lets the server drain before it is killed`, () => {
      const s = unitSettings(read(unit));
      expect(s.get("ExecStart")).toEqual(["/usr/bin/npm run serve"]);
      expect(PACKAGE.scripts.serve).toBe("exec node server/index.ts");
      expect(s.get("KillSignal")).toEqual(["SIGTERM"]);
      expect(s.get("KillMode")).toEqual(["mixed"]);
      expect(Number(s.get("TimeoutStopSec")![0]) * 1000).toBeGreaterThan(defaultStopMs());
      expect(s.get("Restart")).toEqual(["on-failure"]);
      expect(s.get("NoNewPrivileges")).toEqual(["true"]);
      expect(s.get("ProtectSystem")).toEqual(["strict"]);
      // V8's JIT needs writable executable memory.
      expect(s.has("MemoryDenyWriteExecute")).toBe(false);
      // DATA_DIR is writable: the folder the unit gives it is a state directory and a ReadWritePath.
      const dataDir = s
        .get("Environment")!
        .join(" ")
        .match(/DATA_DIR=(\S+)/)![1]!;
      expect(s.get("ReadWritePaths")).toEqual([dataDir]);
      expect(dataDir).toBe(`/var/lib/${s.get("StateDirectory")![0]}`);
      for (const name of s.get("Environment")!.flatMap((e) => e.split(/\s+/).map((kv) => kv.split("=")[0]!))) {
        if (!name.startsWith("npm_config_")) expect(appKnows(name), name).toBe(true);
      }
    });
  }

  const analyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
  it.skipIf(!analyze)("pass systemd-analyze verify without a warning (skipped where systemd-analyze is not installed)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-units-"));
    try {
      fs.copyFileSync(path.join(ROOT, "deploy/stockspace.service"), path.join(dir, "stockspace.service"));
      // A template is verified as one of its instances.
      fs.copyFileSync(path.join(ROOT, "deploy/stockspace@.service"), path.join(dir, "stockspace@3001.service"));
      for (const file of ["stockspace.service", "stockspace@3001.service"]) {
        const run = spawnSync("systemd-analyze", ["verify", path.join(dir, file)], { encoding: "utf8" });
        // ExecStart must exist: npm where the unit says (Debian's npm package, or a link to it).
        const output = `${run.stdout}${run.stderr}`.replace(/^.*Command \/usr\/bin\/npm is not executable.*\n?/m, "");
        expect(output, file).toBe("");
        if (fs.existsSync("/usr/bin/npm")) expect(run.status, file).toBe(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("deploy/stockspace.env.example: settings the app knows, which its production check accepts", () => {
    const env = envFile(read("deploy/stockspace.env.example"));
    for (const name of Object.keys(env)) expect(appKnows(name), name).toBe(true);
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe("the container image and compose file", () => {
  const containerfile = read("deploy/Containerfile");

  it("copies only what exists, and runs what npm run serve runs, as a user, with a health check", () => {
    for (const [, source] of containerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const file of source!.split(" ")) if (file !== ".") expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
    }
    for (const [, from] of containerfile.matchAll(/^COPY --from=build \/app\/(\S+) /gm)) {
      // What the build stage has: the checkout (less .dockerignore) and what npm run build makes.
      if (from !== "build") expect(fs.existsSync(path.join(ROOT, from!)), from).toBe(true);
    }
    expect(containerfile).toMatch(/^RUN npm ci --omit=dev /m);
    expect(containerfile).toMatch(/^RUN npm run build$/m);
    expect(containerfile).toContain('CMD ["node_modules/.bin/node", "server/index.ts"]');
    expect(containerfile).toMatch(/^USER stockspace$/m);
    expect(containerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(containerfile).toMatch(/^EXPOSE 3000$/m);
    expect(containerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/ready/m);
  });

  it("installs without dev dependencies every package the server imports", () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = fs.readFileSync(file, "utf8");
      for (const [, type, specifier] of source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']/g)) {
        if (type) continue;
        if (specifier!.startsWith(".")) {
          const next = path.resolve(path.dirname(file), specifier!);
          if (/\.tsx?$/.test(next) && fs.existsSync(next)) visit(next);
        } else if (!specifier!.startsWith("node:")) {
          packages.add(specifier!.startsWith("@") ? specifier!.split("/").slice(0, 2).join("/") : specifier!.split("/")[0]!);
        }
      }
    };
    visit(path.join(ROOT, "server/index.ts"));
    visit(path.join(ROOT, "server/cli.ts"));
    expect(packages.size).toBeGreaterThan(5);
    for (const name of packages) {
      // vite is imported only by the development server (npm run dev), never in production.
      if (name === "vite") continue;
      expect(PACKAGE.dependencies[name], `${name} is not a production dependency`).toBeDefined();
    }
  });

  it("leaves out of the image what is made inside it, and the secrets", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "build", "data", ".env", ".git"]) expect(ignored).toContain(entry);
  });

  it("gives the app only settings it knows, which its production check accepts with the example's values", () => {
    const compose = read("deploy/compose.yaml");
    const block = /^ {2}environment: &stockspace-environment\n((?: {4}.*\n)+)/m.exec(compose)?.[1];
    expect(block).toBeDefined();
    const example = envFile(read("deploy/compose.env.example"));
    const env: Record<string, string> = {};
    for (const line of block!.split("\n")) {
      const m = /^ {4}([A-Z][A-Z0-9_]*): (.*)$/.exec(line);
      if (!m) continue;
      expect(appKnows(m[1]!), m[1]).toBe(true);
      // compose's ${NAME} from the example .env; every one the file uses must be there.
      env[m[1]!] = m[2]!.replace(/^"(.*)"$/, "$1").replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => {
        expect(example[name], `${name} is missing from deploy/compose.env.example`).toBeDefined();
        return example[name]!;
      });
    }
    expect(Object.keys(env)).toEqual(expect.arrayContaining(["DATABASE_URL", "S3_BUCKET", "TRUST_PROXY", "ORIGIN"]));
    const config = loadConfig(env);
    expect(config.s3?.bucket).toBe("stockspace");
    // Every service the file's comments promise, and the files it mounts.
    for (const service of ["postgres", "minio", "bucket", "app1", "app2", "nginx"]) expect(compose).toMatch(new RegExp(`^ {2}${service}:$`, "m"));
    for (const [, mounted] of compose.matchAll(/^ {6}- \.\/(\S+?):/gm))
      if (mounted !== "certs") expect(fs.existsSync(path.join(ROOT, "deploy", mounted!)), mounted).toBe(true);
    expect(compose).toContain("dockerfile: deploy/Containerfile");
  });
});
