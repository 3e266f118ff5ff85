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
import { startStripeStandIn } from "../support/stripe-stand-in.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eMailDir: string;
    e2eDataDir: string;
    e2eLogFile: string;
    /** The local Stripe stand-in the app's card payments go to (tests/support/stripe-stand-in.ts). */
    e2eStripeUrl: string;
    e2eStripeWebhookSecret: string;
    e2eStripeSecretKey: string;
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
  const logFile = path.join(work, "app.log");
  // Card payments against the local stand-in of Stripe's API, with the real SDK (Stripe's servers
  // cannot be reached from here); Stripe.js cannot load either, which the billing journey checks.
  const stripe = await startStripeStandIn();
  const app = await startAppProcess({
    dataDir,
    logFile,
    // Request logs at info, as in production, so the tests can check what they carry.
    // The tests stand where a proxy on the same machine would (TRUST_PROXY=loopback), so they can
    // send X-Forwarded-* as a proxy does and check what a client can and cannot forge.
    env: {
      LOG_LEVEL: "info",
      TRUST_PROXY: "loopback",
      SEED_DEMO_DATA: "1",
      SEED_WAREHOUSES: "600",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SUPPORT_EMAIL: "support@stockspace.test",
      // The operator as a deployment names it (README): the legal pages show a configured site.
      OPERATOR_NAME: "Stockspace S.r.l.",
      OPERATOR_VAT: "IT01234567890",
      OPERATOR_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
      OPERATOR_EMAIL: "privacy@stockspace.test",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_stockspace_e2e",
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  project.provide("e2eBaseUrl", app.url);
  project.provide("e2eMailDir", mailDir);
  project.provide("e2eDataDir", dataDir);
  project.provide("e2eLogFile", logFile);
  project.provide("e2eStripeUrl", stripe.url);
  project.provide("e2eStripeWebhookSecret", stripe.webhookSecret);
  project.provide("e2eStripeSecretKey", stripe.secretKey);
  console.log(`end-to-end tests: app at ${app.url}`);
  return async () => {
    const code = await app.stop("SIGTERM");
    if (code !== 0) console.warn(`the app exited with ${code}:\n${app.output()}`);
    await smtp.close();
    await stripe.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}
