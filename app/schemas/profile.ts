// The profile calls of the three areas: POST /api/{area}/profile/update-profile-data and
// …/update-credentials, and the same two forms of the {prefix}/data page (the page action
// validates with these schemas too, and the popups check them before sending).
//
// Profile data: first_name, last_name and telephone are required for every
// role; company, market_id and website are optional. The text rules are the registration's
// (app/schemas/auth.ts, app/schemas/common.ts), so a value accepted there is accepted here.
//
// Credentials: `email` (the address, new or the current one) and `password` (the NEW
// password). The spec's client sends both; an empty or missing password means "keep the
// current one", so the e-mail can change alone. `current_password` is required by the server
// whenever something changes (the service decides, since only it knows the current address);
// the forms always ask for it.
import { z } from "zod";
import { numberFromText, optionalText, telephoneText, websiteText } from "./common.ts";
import { linkToken, newPassword, PASSWORD_MAX, requiredEmail } from "./auth.ts";
import type { AreaRole } from "../lib/area-paths.ts";

/** The fields each role must fill in (the same three for every role). */
export const PROFILE_REQUIRED: Record<AreaRole, readonly ProfileField[]> = {
  stocker: ["first_name", "last_name", "telephone"],
  referent: ["first_name", "last_name", "telephone"],
  stock_hunter: ["first_name", "last_name", "telephone"],
};

export const PROFILE_FIELDS = ["first_name", "last_name", "telephone", "company", "market_id", "website"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A market id from a select or JSON (number or digits); blank or 0 means none. */
const optionalMarketId = z.preprocess(
  (v) => (v === "" || v === undefined || v === 0 || v === "0" ? null : numberFromText(v)),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
);

/** Names are bounded like the registration's (100 characters). */
const NAME_MAX = 100;

export function profileDataSchema(role: AreaRole) {
  const required = new Set<ProfileField>(PROFILE_REQUIRED[role]);
  // Each field says "required" on its own (an object-level refinement would wait until every
  // other field is valid, hiding a blank one behind a wrong one).
  const need = <T>(field: ProfileField, schema: z.ZodType<T | null>) =>
    required.has(field) ? schema.refine((v) => v !== null && v !== undefined, "required") : schema;
  return z.object({
    first_name: need("first_name", optionalText(NAME_MAX)),
    last_name: need("last_name", optionalText(NAME_MAX)),
    telephone: need("telephone", telephoneText),
    company: need("company", optionalText(255)),
    market_id: need("market_id", optionalMarketId),
    website: need("website", websiteText),
  });
}

export type ProfileDataInput = z.infer<ReturnType<typeof profileDataSchema>>;

/** A password typed to prove who you are: anything non-empty, bounded (like the login's). */
const typedPassword = z.string().max(PASSWORD_MAX * 4);

export const credentialsSchema = z.object({
  email: requiredEmail,
  /** The new password; blank or absent keeps the current one. */
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), newPassword.optional()),
  /** Required by the service whenever the address or the password changes. */
  current_password: z.preprocess((v) => (v === "" || v === null ? undefined : v), typedPassword.optional()),
});

export type CredentialsInput = z.infer<typeof credentialsSchema>;

/** The page action behind the e-mail change link: the token of the link (43 base64url characters). */
export const confirmEmailSchema = z.object({ token: linkToken });
