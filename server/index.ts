// The Node entry: `npm start` (production build) and `npm run dev` (Vite in middleware mode).
import { loadConfig, type Config } from "../app/server/config.ts";
import { createLogger, startApp } from "./start.ts";

const dev = process.argv.includes("--dev");
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // Every setting that is wrong or missing, one a line (production refuses to start without its settings).
  console.error(`could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const log = createLogger(config);

try {
  const app = await startApp(config, { dev, log });
  // SIGTERM (a supervisor) or SIGINT (Ctrl-C): drain (app.close(): ready answers 503 at once,
  // new connections are taken for SHUTDOWN_GRACE_MS, then the requests in flight get
  // SHUTDOWN_TIMEOUT_MS to finish), close the database, exit 0.
  let stopAsked = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopAsked) {
      // The same stop often comes twice at once: a supervisor signals the whole process group
      // and npm passes the signal on too. Only a person's second Ctrl-C, a moment later, stops now.
      if (signal === "SIGINT" && Date.now() - stopAsked > 1000) process.exit(1);
      return;
    }
    stopAsked = Date.now();
    log.info({ signal }, "signal received");
    app.close().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
} catch (err) {
  // The reason on the first line (a port in use, another app on DATA_DIR…), the stack below it.
  log.fatal({ err }, `could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
