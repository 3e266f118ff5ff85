// When the database is away: the errors that say the connection was lost or could not be
// made (the server restarting or killed, a managed database's failover, an operator's
// pg_terminate_backend, the pool waiting too long for a connection). A request that meets
// one answers 503 "service_unavailable" (app/server/http/respond.ts), never 500: nothing is
// wrong with the request or the code, and the same request works once the database is back.

/** PostgreSQL's codes for a lost or refused connection: class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** What node-postgres and its pool say when the connection ends or cannot be had. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // "Client has encountered a connection error and is not queryable"
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * True when `err`, as node-postgres or its pool raised it, says the database could not be
 * reached or the connection was lost. Errors are taken as thrown (pg and Kysely wrap none):
 * a `cause` is not followed, so another service's failure (a fetch's cause) is not taken for
 * the database's.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  if (code === undefined && typeof message === "string" && DRIVER_MESSAGES.some((re) => re.test(message))) return true;
  // A connection to a name with several addresses fails with one error per address.
  return err instanceof AggregateError && Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e));
}
