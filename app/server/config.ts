// Every environment variable the app reads, parsed once and typed.
// Server-only: the entry (server/index.ts) and the services read it; components never do.
import net from "node:net";
import path from "node:path";
import { z } from "zod";

const booleanish = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

// TRUST_PROXY: how the app finds the client's address behind reverse proxies. A number is
// how many proxies stand in front of the app (the client is that many hops from the right of
// X-Forwarded-For); a list names the proxies' addresses or networks. "Trust every hop"
// (`true`) is refused: the left-most X-Forwarded-For is whatever the client wrote.
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address, prefix, extra] = item.split("/");
  if (extra !== undefined || !address || net.isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (net.isIPv4(address) ? 32 : 128);
}
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): number | string[] => {
    const text = (value ?? "").trim().toLowerCase();
    if (text === "" || text === "0" || text === "false" || text === "no") return 0;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const items = text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length && items.every(isProxyAddress)) return items;
    ctx.addIssue({
      code: "custom",
      message:
        "give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24, loopback); trusting every hop would let clients choose their address",
    });
    return z.NEVER;
  });

const originList = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const out: string[] = [];
    for (const item of (value ?? "")
      .split(",")
      .map((i) => i.trim())
      .filter(Boolean)) {
      try {
        const url = new URL(item);
        if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http");
        out.push(url.origin);
      } catch {
        ctx.addIssue({ code: "custom", message: `not an http(s) origin: ${item}` });
      }
    }
    return out;
  });

/** An optional value where empty means unset (`S3_BUCKET=` in an env file). */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

// Optional base URLs (S3_ENDPOINT, S3_PUBLIC_URL): http(s), no credentials in them (they would
// end up in logs and error messages), kept without a trailing slash so keys append cleanly.
const baseUrl = z
  .string()
  .optional()
  .transform((value, ctx): string | undefined => {
    const text = (value ?? "").trim();
    if (!text) return undefined;
    try {
      const url = new URL(text);
      if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http");
      if (url.username || url.password) {
        ctx.addIssue({ code: "custom", message: "no credentials in the URL (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)" });
        return z.NEVER;
      }
      if (url.search || url.hash) throw new Error("query");
      return url.href.replace(/\/+$/, "");
    } catch {
      ctx.addIssue({ code: "custom", message: `not an http(s) URL without query: ${text}` });
      return z.NEVER;
    }
  });

// A duration in whole milliseconds, up to 10 minutes; unset or empty: the default.
const MAX_MILLISECONDS = 600_000;
const milliseconds = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx): number => {
      const text = (value ?? "").trim();
      if (!text) return fallback;
      if (/^\d+$/.test(text) && Number(text) <= MAX_MILLISECONDS) return Number(text);
      ctx.addIssue({ code: "custom", message: `a whole number of milliseconds from 0 to ${MAX_MILLISECONDS} (10 minutes), e.g. ${fallback}; got "${text}"` });
      return z.NEVER;
    });

// A setting the app read once and reads no more: refused while it is set, so an operator's
// environment file does not silently lose its value; the message says what replaced it.
const replacedBy = (message: (value: string) => string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): undefined => {
      if (value !== undefined) ctx.addIssue({ code: "custom", message: message(value.trim()) });
      return undefined;
    });

/** The region in an AWS endpoint's name (s3.eu-south-1.amazonaws.com → eu-south-1), if any. */
function awsRegionOf(endpoint: string): string | undefined {
  return /^s3[.-](?:dualstack\.)?([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$/.exec(new URL(endpoint).hostname)?.[1];
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    ORIGIN: z.string().url().optional(),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalText,
    // Production on the embedded PostgreSQL (no DATABASE_URL), said explicitly (below).
    ALLOW_EMBEDDED_DATABASE: booleanish,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    SEED_DEMO_DATA: booleanish,
    SEED_WAREHOUSES: z.coerce.number().int().min(0).max(100000).default(2000),
    SMTP_URL: optionalText,
    // How mail leaves: "smtp" through SMTP_URL, "file" as .eml files under DATA_DIR/mail (nobody
    // receives them). Unset: SMTP when SMTP_URL is set, else files; production must choose (below).
    MAIL_TRANSPORT: optionalText.pipe(
      z.enum(["smtp", "file"], { error: 'either "smtp" (through SMTP_URL) or "file" (.eml files under DATA_DIR/mail)' }).optional(),
    ),
    MAIL_FROM: z.string().default("Stockspace <no-reply@stockspace.local>"),
    SUPPORT_EMAIL: z.string().email().default("support@stockspace.local"),
    // On SIGTERM or SIGINT (decision 041): how long new connections are still taken while
    // /api/health/ready answers 503, so the load balancer notices; then how long the requests in
    // flight get to finish before their connections are cut.
    SHUTDOWN_GRACE_MS: milliseconds(5_000),
    SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
    SHUTDOWN_GRACE_SECONDS: replacedBy(
      (value) =>
        `no longer read: replaced by SHUTDOWN_GRACE_MS (how long after SIGTERM new connections are still taken while /api/health/ready answers 503, default 5000) and SHUTDOWN_TIMEOUT_MS (then how long the requests in flight get to finish, default 10000)` +
        (/^\d+(\.\d+)?$/.test(value)
          ? `; for the ${value} s it gave the requests in flight, remove it and set SHUTDOWN_TIMEOUT_MS=${Math.round(Number(value) * 1000)}`
          : "; remove it"),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    MAP_STYLE_URL: z.string().optional(),
    MAP_ASSET_ORIGINS: originList,
    GEOCODER_URL: z.string().url().optional(),
    SEARCH_ZONE_READS_PER_IP: z.coerce.number().int().min(0).default(300),
    // The search index in memory (decision 064): on unless set to 0/false/no.
    SEARCH_INDEX: z
      .enum(["1", "0", "true", "false", "yes", "no", ""])
      .optional()
      .transform((v) => !(v === "0" || v === "false" || v === "no")),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: baseUrl,
    PLAN_YEARLY_PRICE: z.coerce.number().int().min(100).max(100_000_000).default(49_000),
    PLAN_SIX_MONTHS_PRICE: z.coerce.number().int().min(100).max(100_000_000).default(29_000),
    TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    VAT_RATE: z.coerce.number().min(0).max(100).default(22),
    TRANSFER_BENEFICIARY: z.string().trim().min(1).default("Stockspace S.r.l."),
    TRANSFER_IBAN: z
      .string()
      .transform((v) => v.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/, "an IBAN, e.g. IT60X0542811101000000123456"))
      .default("IT60X0542811101000000123456"),
    TRANSFER_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(14),
    // The hour of the day, in Italy, from which the saved searches' alerts of the day are sent.
    ALERT_HOUR: z.coerce.number().int().min(0).max(23).default(8),
    TRUST_PROXY: trustProxy,
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "an S3 bucket name: 3–63 lower-case letters, digits, dots and hyphens")
        .optional(),
    ),
    S3_ENDPOINT: baseUrl,
    S3_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "a region name, e.g. eu-south-1")
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: baseUrl,
    // The operator of the site, shown on the legal pages (controller in the privacy policy,
    // provider in the conditions). See operatorConfig() for what happens when they are unset.
    OPERATOR_NAME: optionalText,
    OPERATOR_VAT: optionalText,
    OPERATOR_ADDRESS: optionalText,
    OPERATOR_EMAIL: optionalText.pipe(z.string().email().optional()),
    OPERATOR_PEC: optionalText.pipe(z.string().email().optional()),
    // The bearer token Prometheus sends for GET /metrics; unset, /metrics does not exist. A
    // token's characters only (RFC 6750), long enough that guessing is hopeless.
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._~+/=-]{32,}$/, "at least 32 characters of A–Z, a–z, 0–9 and - . _ ~ + / =, e.g. the output of `openssl rand -hex 32`")
        .optional(),
    ),
  })
  // Uploaded images go to S3-compatible storage when S3_BUCKET is set; then everything else it
  // needs must be there too, or the app refuses to start rather than failing at the first upload.
  .superRefine((e, ctx) => {
    // Card payments need all three Stripe keys: with only some of them a payment could be taken
    // whose webhook the app cannot verify.
    const stripe = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
    if (stripe.some((name) => e[name]) && !stripe.every((name) => e[name])) {
      for (const name of stripe)
        if (!e[name]) ctx.addIssue({ code: "custom", path: [name], message: "set all three Stripe keys, or none (card payments off)" });
    }
  })
  .superRefine((e, ctx) => {
    if (e.MAIL_TRANSPORT === "smtp" && !e.SMTP_URL) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "required with MAIL_TRANSPORT=smtp" });
  })
  .superRefine((e, ctx) => {
    if (!e.S3_BUCKET) return;
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const) {
      if (!e[name]) ctx.addIssue({ code: "custom", path: [name], message: "required when S3_BUCKET is set" });
    }
  });

export type S3Config = {
  bucket: string;
  /** Path-style: objects are at `${endpoint}/${bucket}/${key}`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load the objects from: `${publicUrl}/${key}` (a CDN, the bucket's public URL). */
  publicUrl: string;
};

function s3Config(e: z.infer<typeof envSchema>): S3Config | null {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_PUBLIC_URL: publicUrl } = e;
  // The schema's refinement has refused a bucket without the rest.
  if (!bucket || !endpoint || !accessKeyId || !secretAccessKey || !publicUrl) return null;
  // The signature names the region. Unset: the one in an AWS endpoint's name, else us-east-1,
  // which MinIO expects by default and Cloudflare R2 takes as its "auto".
  const region = e.S3_REGION ?? awsRegionOf(endpoint) ?? "us-east-1";
  return { bucket, endpoint, region, accessKeyId, secretAccessKey, publicUrl };
}

/** Who runs the site, as the legal pages name it; null: not configured (production only). */
export type OperatorConfig = { name: string | null; vat: string | null; address: string | null; email: string | null; pec: string | null };

// Outside production the legal pages need an operator to show, so unset values fall back to
// obviously fake demo ones. In production nothing is invented: the app does not start without
// name, VAT number, address and e-mail (missingProductionSettings, decision 018); the PEC is
// optional and stays null, and the pages would say "not configured" for any value left null.
const DEMO_OPERATOR: OperatorConfig = {
  name: "Stockspace S.r.l. (demo)",
  vat: "IT00000000000 (demo)",
  address: "Via Esempio 1, 20100 Milano (MI) (demo)",
  email: "privacy@stockspace.local",
  pec: null,
};

function operatorConfig(e: z.infer<typeof envSchema>, production: boolean): OperatorConfig {
  const fallback = production ? { name: null, vat: null, address: null, email: null, pec: null } : DEMO_OPERATOR;
  return {
    name: e.OPERATOR_NAME ?? fallback.name,
    vat: e.OPERATOR_VAT ?? fallback.vat,
    address: e.OPERATOR_ADDRESS ?? fallback.address,
    email: e.OPERATOR_EMAIL ?? fallback.email,
    pec: e.OPERATOR_PEC ?? fallback.pec,
  };
}

import type { PlanName } from "../lib/pricing.ts";

/** What a subscription costs and how it is paid, outside the card provider (decision 009). */
export type BillingConfig = {
  /** Price of one warehouse per period, in cents, VAT included; months per period. */
  plans: Record<PlanName, { unitAmount: number; months: number }>;
  /** Free days of a stocker's first subscription paid by card (0: none). */
  trialDays: number;
  /** VAT in percent: prices are shown without it as well (22 → divide by 1.22). */
  vatRate: number;
  transfer: { beneficiary: string; iban: string; reminderDays: number };
};

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  return {
    plans: { yearly: { unitAmount: e.PLAN_YEARLY_PRICE, months: 12 }, six_months: { unitAmount: e.PLAN_SIX_MONTHS_PRICE, months: 6 } },
    trialDays: e.TRIAL_DAYS,
    vatRate: e.VAT_RATE,
    transfer: { beneficiary: e.TRANSFER_BENEFICIARY, iban: e.TRANSFER_IBAN, reminderDays: e.TRANSFER_REMINDER_DAYS },
  };
}

export type Config = ReturnType<typeof loadConfig>;

// In production the settings whose defaults only suit a developer's machine must be given:
// without them the site runs and says nothing while its links point to localhost, its mail
// never leaves, its data sits in the embedded database without backups and its legal pages do
// not say who runs it. Two of them can be waived, explicitly: the embedded database
// (ALLOW_EMBEDDED_DATABASE=1) and mail as files (MAIL_TRANSPORT=file). Decision 013.
const PRODUCTION_SETTINGS: { name: string; what: string; waived?: (env: NodeJS.ProcessEnv) => boolean }[] = [
  { name: "ORIGIN", what: "the site's public address, used in the links of its e-mails, e.g. https://www.example.com" },
  {
    name: "DATABASE_URL",
    what: "the PostgreSQL server to use, e.g. postgres://user:password@db.example.com:5432/stockspace (or ALLOW_EMBEDDED_DATABASE=1 to run on the embedded one, which nothing backs up)",
    waived: (env) => booleanish.parse(env.ALLOW_EMBEDDED_DATABASE?.trim()),
  },
  {
    name: "SMTP_URL",
    what: "the SMTP server that sends the mail, e.g. smtps://user:password@smtp.example.com:465 (or MAIL_TRANSPORT=file to write it as .eml files under DATA_DIR/mail, which nobody receives)",
    waived: (env) => env.MAIL_TRANSPORT?.trim() === "file",
  },
  { name: "MAIL_FROM", what: "the sender of outgoing mail, an address of your own domain, e.g. Stockspace <no-reply@example.com>" },
  { name: "OPERATOR_NAME", what: "the operator's legal name for the legal pages, e.g. Stockspace S.r.l." },
  { name: "OPERATOR_VAT", what: "the operator's VAT number for the legal pages, e.g. IT01234567890" },
  { name: "OPERATOR_ADDRESS", what: "the operator's registered office for the legal pages, e.g. Via Roma 1, 20121 Milano (MI)" },
  { name: "OPERATOR_EMAIL", what: "where people write to the operator about their data, an e-mail address" },
];

/** With NODE_ENV=production: each setting production needs that is neither set nor explicitly waived, as "NAME: why". */
export function missingProductionSettings(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV?.trim() !== "production") return [];
  return PRODUCTION_SETTINGS.filter((s) => !env[s.name]?.trim() && !s.waived?.(env)).map((s) => `${s.name}: required in production: ${s.what}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  // Every problem at once: the values that do not parse, then the settings production lacks.
  const lines = [...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)), ...missingProductionSettings(env)];
  if (!parsed.success || lines.length) throw new Error(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join("\n")}`);
  const e = parsed.data;
  // MAIL_TRANSPORT=file keeps mail in files even when SMTP_URL is set.
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? "smtp" : "file");
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
    mailTransport,
    /** Set when mail goes by SMTP; unset: .eml files under mailDir. */
    smtpUrl: mailTransport === "smtp" ? e.SMTP_URL : undefined,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, "mail"),
    /** Uploaded images, unless `s3` is set (app/server/images/image-storage.ts). */
    uploadsDir: path.join(dataDir, "uploads"),
    /** S3-compatible object storage for uploaded images (S3_BUCKET and the rest), or null. */
    s3: s3Config(e),
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    /** After SIGTERM, how long new connections are still taken while ready answers 503 (SHUTDOWN_GRACE_MS). */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** After that grace, how long the requests in flight get to finish before their connections are cut (SHUTDOWN_TIMEOUT_MS). */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    mapStyleUrl: e.MAP_STYLE_URL ?? "https://tiles.openfreemap.org/styles/liberty",
    /** Other origins the map style loads tiles, glyphs or sprites from (the page's CSP allows them). */
    mapAssetOrigins: e.MAP_ASSET_ORIGINS,
    geocoderUrl: e.GEOCODER_URL,
    /** Search zones one address may have read from the database per 10 minutes (0: no limit). */
    searchZoneReadsPerIp: e.SEARCH_ZONE_READS_PER_IP,
    searchIndex: e.SEARCH_INDEX,
    /** Card payments through Stripe (all three keys set), or null: bank transfer only. */
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : null,
    billing: billingConfig(e),
    /** From this hour of Italy's day (0–23) the saved searches' alerts are sent (ALERT_HOUR). */
    alertHour: e.ALERT_HOUR,
    /** The operator's identity for the legal pages (OPERATOR_*). */
    operator: operatorConfig(e, production),
    /** Express's "trust proxy": 0 (none), a hop count, or the proxies' addresses. */
    trustProxy: e.TRUST_PROXY,
    /** The bearer token of GET /metrics (METRICS_TOKEN); unset: no /metrics. */
    metricsToken: e.METRICS_TOKEN,
    /** Set by `npm run dev` (Vite's dev server): the page's CSP then allows its hot reload. */
    devServer: false,
  };
}
