// Page forms drawn with Conform (the review and report pages). The route's action is a
// pageAction (server/http/page.ts): it parses the posted form with the JSON call's schema, so the
// form works before hydration and the server has the last word; its failure (a
// PageActionFailure: field codes, the error's code and what was typed) is handed to Conform
// as its last result with conformReply. Errors are our field codes (required, email,
// too_long…), which the form turns into messages in the user's language.
import type { SubmissionResult } from "@conform-to/react";
import type { PageActionFailure } from "./page-action.ts";

/**
 * A page action's answer as Conform's last result: each field's code, the failure's own code as
 * the form's error when no field is named (already_reviewed, not_found…), and what was typed.
 */
export function conformReply(answer: PageActionFailure | { ok: true } | undefined): SubmissionResult | undefined {
  if (!answer || answer.ok) return undefined;
  const error: Record<string, string[]> = {};
  for (const [field, code] of Object.entries(answer.errors)) error[field] = [code];
  if (Object.keys(error).length === 0) error[""] = [answer.error];
  return { status: "error", initialValue: answer.values ?? null, error };
}

/** The first error code of a Conform field, if any. */
export function firstCode(errors: string[] | undefined): string | undefined {
  return errors?.[0];
}
