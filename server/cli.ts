// Maintenance commands:
//   npm run db:migrate                       apply pending migrations
//   npm run db:seed                          load the demo data into an empty database
//   npm run admin:create -- --email a@b.it [--password …] [--first-name …] [--last-name …]
//   npm run alerts:run                       match the pending warehouse changes against the saved searches
//                                            and queue every alert due today, whatever ALERT_HOUR says
// They use DATABASE_URL when set, else the embedded server under DATA_DIR.
import { parseArgs } from "node:util";
import { loadConfig } from "../app/server/config.ts";
import { openDatabase } from "../app/server/db/database.ts";
import { migrateToLatest } from "../app/server/db/migrate.ts";
import { seedDemoData } from "../app/server/seed/seed.ts";
import { createAdmin } from "../app/server/accounts/admin-accounts.ts";
import { ValidationError } from "../app/server/errors.ts";
import { runSavedSearchAlerts } from "../app/server/saved-searches/alerts.service.ts";

const [command, ...rest] = process.argv.slice(2);
const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };

async function readPasswordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    process.stdout.write("Password (min. 8 characters): ");
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && String(chunk).includes("\n")) break;
  }
  return Buffer.concat(chunks).toString("utf8").split("\n")[0]!.trim();
}

async function main() {
  if (!command || !["migrate", "seed", "create-admin", "alerts-run"].includes(command)) {
    console.error("usage: node server/cli.ts migrate | seed | create-admin --email EMAIL [--password PASSWORD] | alerts-run");
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2, log });
  try {
    const applied = await migrateToLatest(database.db, { warn: (m) => console.warn(m) });
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database schema is up to date");
    if (command === "seed") {
      const users = await database.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(users.n) > 0) {
        console.error("the database already has users: demo data is only loaded into an empty database");
        process.exitCode = 1;
        return;
      }
      await seedDemoData(database.db, { uploadsDir: config.uploadsDir, warehouses: config.seedWarehouses, log });
      console.log("demo data loaded");
    }
    if (command === "create-admin") {
      const { values } = parseArgs({
        args: rest,
        options: { email: { type: "string" }, password: { type: "string" }, "first-name": { type: "string" }, "last-name": { type: "string" } },
      });
      if (!values.email) throw new Error("--email is required");
      const password = values.password ?? (await readPasswordFromStdin());
      const id = await createAdmin(database.db, {
        email: values.email,
        password,
        firstName: values["first-name"] ?? null,
        lastName: values["last-name"] ?? null,
      });
      console.log(`administrator ${values.email} ready (user id ${id})`);
    }
    if (command === "alerts-run") {
      // The same rules as the worker's (once a day per search, never the same warehouse twice), at any hour.
      const { matching, alerts } = await runSavedSearchAlerts(database.db, { origin: config.origin, alertHour: config.alertHour }, { force: true });
      console.log(`matching: ${matching.changes} changed warehouses read in ${matching.batches} batches, ${matching.matches} new matches of saved searches`);
      console.log(
        `alerts: ${alerts?.emails ?? 0} e-mails queued for ${alerts?.warehouses ?? 0} warehouses` +
          `, ${alerts?.skipped ?? 0} searches told nothing (address opted out or account switched off)` +
          `, ${alerts?.dropped ?? 0} matches dropped (no longer matching)`,
      );
      console.log("the queued e-mails leave through the outbox, sent by the app's mail worker");
    }
  } finally {
    await database.close();
  }
}

const HINTS: Record<string, string> = {
  "email:email": "--email is not a valid e-mail address",
  "password:too_short": "the password needs 8 to 128 characters",
};

main().catch((err) => {
  if (err instanceof ValidationError) {
    for (const [field, code] of Object.entries(err.errors)) console.error(HINTS[`${field}:${code}`] ?? `${field}: ${code}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
