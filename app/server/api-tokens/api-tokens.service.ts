// Personal access tokens (decision 059). A stocker, a referent or an administrator makes tokens
// for scripts and integrations: a name, read or read-write, a lifetime. The token is shown once,
// in the answer that makes it; the database keeps its SHA-256 (like a session's). A call with
// `Authorization: Bearer` acts as the token's owner with exactly the owner's permissions, and a
// read token only reads; the token itself cannot make, list or revoke tokens, nor change the
// password (those need the person's session), so a leaked token cannot outlive its revocation.
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from "../errors.ts";
import { actorOf, hashToken } from "../accounts/sessions.service.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { hit, type Limit } from "../security/rate-limit.ts";
import { API_TOKEN_PREFIX, API_TOKENS_PER_OWNER, type ApiTokenItem } from "../../lib/api-tokens.ts";
import type { CreateApiTokenBody } from "../../schemas/api-tokens.ts";
import * as q from "./api-tokens.queries.ts";

/** The roles that may hold tokens: those who run warehouses or the marketplace. */
export const TOKEN_ROLES: readonly Actor["role"][] = ["stocker", "referent", "admin"];
/** Calls per token and minute: a busy integration's pace, not a scraper's. */
export const API_TOKEN_CALLS: Limit = { name: "api_token_calls", max: 300, windowSeconds: 60 };
/** Tokens one account may make in an hour: making and revoking in a loop cannot grow the table. */
export const API_TOKEN_CREATIONS: Limit = { name: "api_token_create", max: 20, windowSeconds: 3600 };
/** The list shows at most this many, newest first (revoked and expired ones included). */
const LIST_MAX = 100;
/** last_used_at is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;
const MAX_TOKEN_LENGTH = 100;
const DAY_MS = 24 * 3600 * 1000;

type TokenRow = Awaited<ReturnType<typeof q.listOwnerTokens>>[number];

function itemOf(row: TokenRow, now = Date.now()): ApiTokenItem {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    token_hint: row.token_hint,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    state: row.revoked_at ? "revoked" : row.expires_at.getTime() <= now ? "expired" : "active",
  };
}

/** Tokens are managed in the person's own session: a call made with a token is refused. */
function refuseTokenCall(actor: Actor): void {
  if (actor.token) throw new ForbiddenError("token_not_allowed");
}

/**
 * Whose tokens the actor may see and revoke: their own, or, for an administrator, those of a
 * stocker or referent (the back office's view of an account, to stop a leaked token).
 */
async function checkOwner(db: Database, actor: Actor, ownerId: number): Promise<void> {
  refuseTokenCall(actor);
  if (actor.id === ownerId) {
    if (!TOKEN_ROLES.includes(actor.role)) throw new ForbiddenError();
    return;
  }
  if (actor.role !== "admin") throw new NotFoundError();
  const owner = await q.findUserRole(db, { id: ownerId });
  if (!owner || !TOKEN_ROLES.includes(owner.role as Actor["role"]) || owner.role === "admin") throw new NotFoundError();
}

/** Makes a token for the actor; the answer is the only place the token ever appears. */
export async function createApiToken(db: Database, actor: Actor, input: CreateApiTokenBody): Promise<{ token: string; item: ApiTokenItem }> {
  await checkOwner(db, actor, actor.id);
  await hit(db, API_TOKEN_CREATIONS, [String(actor.id)]);
  const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return db.transaction().execute(async (trx) => {
    await q.lockTokenOwner(trx, actor.id);
    if ((await q.countLiveTokens(trx, { userId: actor.id })) >= API_TOKENS_PER_OWNER) throw new ConflictError("api_token_limit");
    const row = await q.insertToken(trx, {
      userId: actor.id,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      hint: token.slice(-4),
      expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
    });
    await auditAdminAction(trx, actor, {
      action: "api_token.create",
      entityType: "user",
      entityId: actor.id,
      details: { token_id: row.id, token_name: row.name, token_scope: row.scope, expires_at: row.expires_at.toISOString() },
    });
    return { token, item: itemOf(row) };
  });
}

/** The owner's tokens, newest first. */
export async function listApiTokens(db: Database, actor: Actor, ownerId: number): Promise<ApiTokenItem[]> {
  await checkOwner(db, actor, ownerId);
  const now = Date.now();
  return (await q.listOwnerTokens(db, { userId: ownerId, limit: LIST_MAX })).map((row) => itemOf(row, now));
}

/** Revokes one of the owner's tokens at once; revoking it again changes nothing. Another's token is a 404. */
export async function revokeApiToken(db: Database, actor: Actor, ownerId: number, tokenId: number): Promise<{ id: number; already_revoked: boolean }> {
  await checkOwner(db, actor, ownerId);
  return db.transaction().execute(async (trx) => {
    const row = await q.findOwnerToken(trx, { userId: ownerId, id: tokenId });
    if (!row) throw new NotFoundError();
    if (row.revoked_at) return { id: row.id, already_revoked: true };
    await q.revokeToken(trx, { id: row.id });
    await auditAdminAction(trx, actor, {
      action: "api_token.revoke",
      entityType: "user",
      entityId: ownerId,
      details: { token_id: row.id, token_name: row.name, token_scope: row.scope },
    });
    return { id: row.id, already_revoked: false };
  });
}

/** The bearer token of a request, or null when it has none (another scheme is not ours to read). */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  // "Bearer" with nothing after it is a bearer call with an empty token (401), not a cookie's.
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  return match ? (match[1] ?? "") : null;
}

/**
 * The actor behind a bearer token, for a call under /api: its owner, with the token's scope.
 * A token that is unknown, revoked, expired, or whose owner is deactivated is a 401
 * (`invalid_token`); a read token's write is a 403; each token's calls are limited per minute;
 * an administrator's token leaves a row in the audit log for every call.
 */
export async function actorOfBearer(db: Database, token: string, request: { method: string; path: string; ip: string }): Promise<Actor> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH) throw new UnauthorizedError("invalid_token");
  const row = await q.findLiveTokenUser(db, { tokenHash: hashToken(token) });
  if (!row || !TOKEN_ROLES.includes(row.role as Actor["role"])) throw new UnauthorizedError("invalid_token");
  await hit(db, API_TOKEN_CALLS, [`token:${row.token_id}`]);
  const writes = request.method !== "GET" && request.method !== "HEAD";
  if (writes && row.scope !== "read_write") throw new ForbiddenError("token_read_only");
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > TOUCH_EVERY_MS) await q.touchToken(db, { id: row.token_id, ip: request.ip });
  const actor: Actor = { ...actorOf(row, `token:${row.token_id}`), token: { id: row.token_id, scope: row.scope } };
  await auditAdminAction(db, actor, {
    action: "api_token.use",
    entityType: "user",
    entityId: actor.id,
    details: { token_id: row.token_id, token_name: row.token_name, method: request.method, path: request.path.slice(0, 300) },
  });
  return actor;
}
