// What the areas' data page action (app/routes/shared/profile-pages.server.ts, dataPageAction)
// answers its two popups (app/components/area/ProfilePopups.tsx) and its e-mail preferences form
// (app/components/area/EmailPreferences.tsx): here, next to the action's shared piece, so the
// components need no server module.
import type { PageActionResult, PageActionUnreachable } from "./page-action.ts";

export type DataIntent = "profile" | "credentials";

/** A save that went through. */
export type DataSaved =
  { ok: true; intent: "profile" } | { ok: true; intent: "credentials"; email_change_pending: boolean } | { ok: true; intent: "email_preferences" };

/** What the popups receive: the page action's answer, or the route's clientAction's when the action could not be reached. */
export type DataActionResult = PageActionResult<DataSaved> | PageActionUnreachable;
