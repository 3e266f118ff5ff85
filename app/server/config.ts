// Every environment variable the app reads, parsed once and typed.
// Server-only: the entry (server/index.ts) and the services read it; components never do.
import path from "node:path";
import { z } from "zod";

const booleanish = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  ORIGIN: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_DATA: booleanish,
  SEED_WAREHOUSES: z.coerce.number().int().min(0).max(100000).default(2000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Stockspace <no-reply@stockspace.local>"),
  SUPPORT_EMAIL: z.string().email().default("support@stockspace.local"),
  APP_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MAP_STYLE_URL: z.string().optional(),
  GEOCODER_URL: z.string().url().optional(),
  SEARCH_ZONE_READS_PER_IP: z.coerce.number().int().min(0).default(300),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  TRUST_PROXY: booleanish,
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === "production";
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    origin: e.ORIGIN ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    // Demo data: on an empty embedded database outside production, or when asked.
    seedDemoData: e.SEED_DEMO_DATA,
    seedWarehouses: e.SEED_WAREHOUSES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, "mail"),
    uploadsDir: path.join(dataDir, "uploads"),
    supportEmail: e.SUPPORT_EMAIL,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    mapStyleUrl: e.MAP_STYLE_URL ?? "https://tiles.openfreemap.org/styles/liberty",
    geocoderUrl: e.GEOCODER_URL,
    /** Search zones one address may have read from the database per 10 minutes (0: no limit). */
    searchZoneReadsPerIp: e.SEARCH_ZONE_READS_PER_IP,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    trustProxy: e.TRUST_PROXY,
  };
}
