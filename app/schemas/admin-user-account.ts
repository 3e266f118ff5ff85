// The back office's corrections to a user's account: POST /api/admin/users/{id}/update-profile
// (the whole form: names, telephone and the login e-mail required, company optional, the
// account type only for stockers) and POST /api/admin/users/{id}/sessions/end ({ session_id }
// for one session, nothing for all), and the same corrections one at a time from the user's data
// page in the back office. The text rules are the areas' own (app/schemas/profile.ts),
// so what a user may type on their data page the administrator may type too.
import { z } from "zod";
import { numeric, optionalText, telephoneText } from "./common.ts";
import { requiredEmail } from "./auth.ts";

const NAME_MAX = 100;
const required = <T>(schema: z.ZodType<T | null>) => schema.refine((v) => v !== null && v !== undefined, "required");

export const adminProfileBody = z.object({
  user_data: z.object({
    first_name: required(optionalText(NAME_MAX)),
    last_name: required(optionalText(NAME_MAX)),
    telephone: required(telephoneText),
    company: optionalText(255),
    email: requiredEmail,
    /** 0 stocker, 1 stock keeper; absent (or blank) leaves it as it is. */
    account_type: z.preprocess((v) => (v === "" ? undefined : v), numeric(z.union([z.literal(0), z.literal(1)])).optional()),
  }),
});

/** The back office's data page: the e-mail alone (its owner confirms it). */
export const adminEmailForm = z.object({ email: requiredEmail });

/** The back office's data page: a stocker's account type alone. */
export const adminAccountTypeForm = z.object({ account_type: numeric(z.union([z.literal(0), z.literal(1)])) });

export type AdminProfileInput = z.infer<typeof adminProfileBody>["user_data"];

/** A session's id as the sessions list shows it; absent: every session of the user. */
export const endSessionsBody = z.object({
  session_id: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).max(128).optional()),
});
