// Page forms with Conform and the same Zod schemas as the JSON endpoints. The page's route
// action parses the posted form with parseForm (so the form works before hydration, and
// the server has the last word); in the browser Conform runs the same parse on submit and
// as the user corrects a field. Errors are our field codes (required, email, too_long…),
// which the form turns into messages in the user's language.
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodIssue, $ZodType } from "zod/v4/core";
import { issueCode } from "./field-codes.ts";

export function parseForm<Schema extends $ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, {
    schema,
    // Conform turns blank inputs into undefined, so a type error means "missing".
    formatError: (issues: $ZodIssue[]) => [issueCode(issues[0]!, issues[0]!.code === "invalid_type" ? undefined : true)],
  });
}

/** The first error code of a Conform field, if any. */
export function firstCode(errors: string[] | undefined): string | undefined {
  return errors?.[0];
}
