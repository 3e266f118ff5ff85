// What the areas' data page action (app/routes/shared/profile-pages.server.ts, dataPageAction)
// answers its two popups (app/components/area/ProfilePopups.tsx) and its e-mail preferences form
// (app/components/area/EmailPreferences.tsx): here, next to the action's shared piece, so the
// components need no server module.
import type { PageActionResult, PageActionUnreachable } from "./page-action.ts";

export type DataIntent = "profile" | "credentials";

/** A save that went through. */
export type DataSaved =
  | { ok: true; intent: "profile" }
  | { ok: true; intent: "credentials"; email_change_pending: boolean }
  | { ok: true; intent: "email_preferences" }
  // The back office's tools on the account (components/admin/AdminAccountTools.tsx).
  | { ok: true; intent: "admin_email" | "admin_account_type" }
  | { ok: true; intent: "admin_password_reset"; sent: "reset_link" | "invitation" }
  | { ok: true; intent: "admin_end_sessions"; ended: number }
  | { ok: true; intent: "admin_erase" };

/** What the popups receive: the page action's answer, or the route's clientAction's when the action could not be reached. */
export type DataActionResult = PageActionResult<DataSaved> | PageActionUnreachable;

/** A session of the account as the back office lists it (GET /api/admin/users/{id}/sessions). */
export type UserSessionRow = {
  /** The stored id (the token's hash: it opens nothing), to end this one session. */
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  remember: boolean;
  /** As stored when the session started. */
  ip: string | null;
  user_agent: string | null;
};

/** What the back office's tools on a user's data page show (admin-user-account.service.ts, adminAccountView). */
export type AdminAccountView = {
  role: string;
  account_type: 0 | 1 | null;
  /** Whether the account type may change (a stocker approved, or created by an administrator). */
  account_type_editable: boolean;
  active: boolean;
  /** When the account was erased on a GDPR request (decision 048); null while it is not. */
  erased_at: Date | null;
  /** The account's id, for the GDPR export's address. */
  user_id: number;
  sessions: UserSessionRow[];
};
