// The configuration parser: what production refuses to start without, and the explicit waivers.
import { describe, expect, it } from "vitest";
import { loadConfig, missingProductionSettings } from "./config.ts";

/** A production deployment with every setting it needs. */
const COMPLETE = {
  NODE_ENV: "production",
  ORIGIN: "https://www.example.com",
  DATABASE_URL: "postgres://stockspace:secret@db.example.com:5432/stockspace",
  SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  MAIL_FROM: "Stockspace <no-reply@example.com>",
  OPERATOR_NAME: "Stockspace S.r.l.",
  OPERATOR_VAT: "IT01234567890",
  OPERATOR_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
  OPERATOR_EMAIL: "privacy@example.com",
};
const REQUIRED = ["ORIGIN", "DATABASE_URL", "SMTP_URL", "MAIL_FROM", "OPERATOR_NAME", "OPERATOR_VAT", "OPERATOR_ADDRESS", "OPERATOR_EMAIL"];

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("the configuration in production", () => {
  it("refuses to start without any of the settings production needs, naming each of them at once", () => {
    const message = refusal({ NODE_ENV: "production" });
    const named = message
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(":")[0]);
    expect(named).toEqual(REQUIRED);
    expect(message).toMatch(/^Invalid configuration:\n {2}ORIGIN: required in production: /);
    // Each line says how to give it or, where there is one, how to waive it.
    expect(message).toContain("ALLOW_EMBEDDED_DATABASE=1");
    expect(message).toContain("MAIL_TRANSPORT=file");
  });

  it("names exactly the one that is missing, an empty value counting as missing", () => {
    for (const name of REQUIRED) {
      expect(
        missingProductionSettings({ ...COMPLETE, [name]: "" }).map((line) => line.split(":")[0]),
        name,
      ).toEqual([name]);
      expect(refusal({ ...COMPLETE, [name]: "  " }), name).toContain(`  ${name}: required in production`);
    }
  });

  it("names the missing settings together with the values that do not parse", () => {
    const message = refusal({ NODE_ENV: "production", PORT: "http", ORIGIN: "not a url" });
    expect(message).toContain("PORT:");
    expect(message).toContain("ORIGIN:");
    expect(message).toContain("OPERATOR_EMAIL: required in production");
  });

  it("starts with everything set: mail by SMTP on the external database", () => {
    const config = loadConfig(COMPLETE);
    expect(config).toMatchObject({
      production: true,
      origin: "https://www.example.com",
      mailTransport: "smtp",
      smtpUrl: COMPLETE.SMTP_URL,
      mailFrom: COMPLETE.MAIL_FROM,
      databaseUrl: COMPLETE.DATABASE_URL,
    });
    expect(config.operator).toMatchObject({ name: "Stockspace S.r.l.", vat: "IT01234567890", email: "privacy@example.com" });
  });

  it("runs on the embedded database only when told so with ALLOW_EMBEDDED_DATABASE=1", () => {
    const { DATABASE_URL: _unused, ...embedded } = COMPLETE;
    expect(missingProductionSettings(embedded)).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
    expect(missingProductionSettings({ ...embedded, ALLOW_EMBEDDED_DATABASE: "0" })).toHaveLength(1);
    expect(loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: "1" }).databaseUrl).toBeUndefined();
  });

  it("writes mail to files only when told so with MAIL_TRANSPORT=file, even with SMTP_URL set", () => {
    const { SMTP_URL: _unused, ...noSmtp } = COMPLETE;
    expect(missingProductionSettings(noSmtp)).toEqual([expect.stringMatching(/^SMTP_URL: /)]);
    expect(missingProductionSettings({ ...noSmtp, MAIL_TRANSPORT: "smtp" })).toHaveLength(1);
    expect(loadConfig({ ...noSmtp, MAIL_TRANSPORT: "file" })).toMatchObject({ mailTransport: "file", smtpUrl: undefined });
    expect(loadConfig({ ...COMPLETE, MAIL_TRANSPORT: "file" })).toMatchObject({ mailTransport: "file", smtpUrl: undefined });
    // The waivers do not stand in for the sender, the address or the operator.
    expect(
      missingProductionSettings({ NODE_ENV: "production", ALLOW_EMBEDDED_DATABASE: "1", MAIL_TRANSPORT: "file" }).map((line) => line.split(":")[0]),
    ).toEqual(REQUIRED.filter((name) => name !== "DATABASE_URL" && name !== "SMTP_URL"));
  });

  it("refuses a mail transport it does not know, and SMTP without a server, anywhere", () => {
    expect(refusal({ ...COMPLETE, MAIL_TRANSPORT: "pigeon" })).toContain("MAIL_TRANSPORT:");
    expect(refusal({ NODE_ENV: "development", MAIL_TRANSPORT: "smtp" })).toContain("SMTP_URL: required with MAIL_TRANSPORT=smtp");
  });
});

describe("the configuration outside production", () => {
  it("needs nothing: localhost, the embedded database, mail as files, the demo operator", () => {
    for (const env of [{}, { NODE_ENV: "development" }, { NODE_ENV: "test" }]) {
      expect(missingProductionSettings(env)).toEqual([]);
      const config = loadConfig(env);
      expect(config).toMatchObject({ production: false, origin: "http://localhost:3000", databaseUrl: undefined, mailTransport: "file", smtpUrl: undefined });
      expect(config.operator.name).toContain("(demo)");
    }
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" })).toMatchObject({ mailTransport: "smtp", smtpUrl: "smtp://127.0.0.1:2525" });
  });
});

describe("the stop's durations", () => {
  it("default to a 5 s grace and 10 s for the requests in flight, and take whole milliseconds", () => {
    expect(loadConfig({})).toMatchObject({ shutdownGraceMs: 5_000, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "0", SHUTDOWN_TIMEOUT_MS: " 2500 " })).toMatchObject({ shutdownGraceMs: 0, shutdownTimeoutMs: 2_500 });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "", SHUTDOWN_TIMEOUT_MS: "600000" })).toMatchObject({ shutdownGraceMs: 5_000, shutdownTimeoutMs: 600_000 });
  });

  it("refuse what is not a whole number of milliseconds up to 10 minutes, saying what is expected", () => {
    for (const value of ["5s", "-1", "1.5", "600001", "ten"]) {
      const message = refusal({ SHUTDOWN_GRACE_MS: value, SHUTDOWN_TIMEOUT_MS: value });
      expect(message, value).toContain(`SHUTDOWN_GRACE_MS: a whole number of milliseconds from 0 to 600000 (10 minutes), e.g. 5000; got "${value}"`);
      expect(message, value).toContain(`SHUTDOWN_TIMEOUT_MS: a whole number of milliseconds from 0 to 600000 (10 minutes), e.g. 10000; got "${value}"`);
    }
  });

  it("refuse the old SHUTDOWN_GRACE_SECONDS, naming the settings that replaced it and the value to carry over", () => {
    const message = refusal({ SHUTDOWN_GRACE_SECONDS: "30" });
    expect(message).toMatch(/^ {2}SHUTDOWN_GRACE_SECONDS: no longer read: replaced by SHUTDOWN_GRACE_MS \(.*\) and SHUTDOWN_TIMEOUT_MS \(.*\)/m);
    expect(message).toContain("remove it and set SHUTDOWN_TIMEOUT_MS=30000");
    // Even empty: the line is still in the environment file, and means to say something.
    expect(refusal({ SHUTDOWN_GRACE_SECONDS: "" })).toContain("SHUTDOWN_GRACE_SECONDS: no longer read: replaced by SHUTDOWN_GRACE_MS");
    // Together with the production settings' lines, all at once.
    const production = refusal({ ...COMPLETE, SHUTDOWN_GRACE_SECONDS: "10" });
    expect(production).toContain("SHUTDOWN_TIMEOUT_MS=10000");
  });
});

describe("the metrics token", () => {
  it("is unset by default and when empty: there is no /metrics", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "  " }).metricsToken).toBeUndefined();
  });

  it("takes a token of at least 32 characters, and refuses a short one or one with characters a bearer token cannot hold", () => {
    const token = "0123456789abcdef0123456789abcdef";
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ METRICS_TOKEN: "A-._~+/=".repeat(4) }).metricsToken).toBe("A-._~+/=".repeat(4));
    expect(refusal({ METRICS_TOKEN: token.slice(1) })).toContain("METRICS_TOKEN: at least 32 characters");
    expect(refusal({ METRICS_TOKEN: `${token} x` })).toContain("METRICS_TOKEN:");
    expect(refusal({ METRICS_TOKEN: `${token}é` })).toContain("METRICS_TOKEN:");
  });
});
