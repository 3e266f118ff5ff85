// Personal access tokens (decision 059): what the server and the tokens page share.

/** Every token starts with it, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "ssp_";
export const API_TOKEN_SCOPES = ["read", "read_write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** The lifetimes offered, in days; every token expires. */
export const API_TOKEN_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_NAME_MAX = 60;
/** Live tokens (neither revoked nor expired) one account may hold. */
export const API_TOKENS_PER_OWNER = 10;

/** A token as its owner's list shows it: never the token, only its last four characters. */
export type ApiTokenItem = {
  id: number;
  name: string;
  scope: ApiTokenScope;
  token_hint: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  state: "active" | "expired" | "revoked";
};

/** The tokens page's data (app/routes/shared/api-token-pages.server.ts). */
export type ApiTokensView = {
  tokens: ApiTokenItem[];
  /** False in an administrator's view of another's area: the list and the revocations only. */
  canCreate: boolean;
  /** A call the owner's role may make, for the example under a new token. */
  exampleUrl: string;
  locale: "it" | "en";
};

/** What the tokens page's action answers: a token made (shown this once) or revoked. */
export type ApiTokenChanged =
  { ok: true; intent: "create"; token: string; item: ApiTokenItem } | { ok: true; intent: "revoke"; id: number; already_revoked: boolean };
