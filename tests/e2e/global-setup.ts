// Once per end-to-end run: Debian's Chromium, an SMTP server that catches the app's mail,
// and the built app started as in production (embedded PostgreSQL in a temporary
// DATA_DIR, demo data loaded on purpose with SEED_DEMO_DATA=1).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "../support/chromium.ts";
import { startSmtpCapture } from "../support/smtp-capture.ts";
import { ensureBuilt, startAppProcess } from "../support/app-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eMailDir: string;
    e2eDataDir: string;
  }
}

export async function setup(project: TestProject) {
  ensureChromium();
  ensureBuilt();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-e2e-"));
  fs.chmodSync(work, 0o755);
  const dataDir = path.join(work, "data");
  const mailDir = path.join(work, "mail");
  const smtp = await startSmtpCapture(mailDir);
  const app = await startAppProcess({
    dataDir,
    env: { SEED_DEMO_DATA: "1", SEED_WAREHOUSES: "600", SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: "support@stockspace.test" },
  });
  project.provide("e2eBaseUrl", app.url);
  project.provide("e2eMailDir", mailDir);
  project.provide("e2eDataDir", dataDir);
  console.log(`end-to-end tests: app at ${app.url}`);
  return async () => {
    const code = await app.stop("SIGTERM");
    if (code !== 0) console.warn(`the app exited with ${code}:\n${app.output()}`);
    await smtp.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}
