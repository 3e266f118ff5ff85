// What every area's data page ({prefix}/data) loads and does: the owner's profile, the market
// list for the select, the address change waiting for its link, and the action behind the two
// popups (intent "profile" or "credentials"), with the same schemas and services as the JSON
// calls. In an administrator's view the profile popup works (audited by the service) and the
// credentials are read-only: the service refuses them (403 page for a forged post).
import { data } from "react-router";
import { servicesContext } from "../../server/context.ts";
import { errorMessage, fieldErrors, pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { ConflictError, DomainError, RateLimitError, ValidationError } from "../../server/errors.ts";
import { findProfile } from "../../server/accounts/accounts.queries.ts";
import { pendingEmailChange, updateCredentials, updateProfileData } from "../../server/accounts/profile.service.ts";
import { listMarkets } from "../../server/markets/markets.queries.ts";
import { profileBilling } from "../../server/billing/billing-views.service.ts";
import { credentialsSchema, PROFILE_FIELDS, PROFILE_REQUIRED, profileDataSchema } from "../../schemas/profile.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import type { Locale } from "../../lib/locale.ts";
import type { DataActionResult, DataIntent, ProfilePageData } from "../../components/area/ProfileData.tsx";
import { areaAction, areaFrame, areaPage, type AreaArgs } from "./area-pages.server.ts";

/** {prefix}/data: the owner's profile and what the popups need. */
export async function loadDataPage(args: AreaArgs, role: AreaRole) {
  const page = await areaPage(args, role);
  const { db, config } = args.context.get(servicesContext);
  const [profile, markets, pending, billing] = await Promise.all([
    findProfile(db, { id: page.owner.id }),
    listMarkets(db),
    pendingEmailChange(db, page.owner.id),
    // The stocker's subscription and payment-method blocks (decision 009).
    role === "stocker" ? profileBilling(db, page.owner.id, config) : null,
  ]);
  if (!profile) throw data({ code: "not_found" }, { status: 404 });
  const view: ProfilePageData = {
    profile: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      company: profile.company,
      /** The business a stocker named when registering (shown when there is no company). */
      business_name: profile.request_business_name,
      email: profile.email,
      telephone: profile.telephone,
      market_id: profile.market_id,
      market: profile.market_id ? (page.locale === "en" ? profile.market_label_en : profile.market_label) : null,
      website: profile.website,
      created_at: profile.created_at,
    },
    markets,
    pendingEmail: pending ? { email: pending.newEmail, expires_at: pending.expiresAt } : null,
    required: PROFILE_REQUIRED[role],
    billing,
  };
  return { ...view, frame: areaFrame(page), locale: page.locale };
}

function failure(intent: DataIntent | null, code: string, locale: Locale, errors: Record<string, string> = {}, status = 422): DataActionResult {
  return { ok: false, intent, errors, error: code, message: errorMessage(code, locale, status) };
}

/** Only the form's own fields (missing ones stay undefined, as in a JSON body). */
function pick(form: FormData, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = form.get(key);
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

export type { DataActionResult };

/** The popups of {prefix}/data post here: intent "profile" (profile data) or "credentials". */
export async function dataAction(args: AreaArgs, role: AreaRole): Promise<DataActionResult> {
  const page = await areaAction(args, role);
  const services = args.context.get(servicesContext);
  const form = await pageWork(() => readFormData(args.request));
  const intent = form.get("intent");
  if (intent !== "profile" && intent !== "credentials") return failure(null, "invalid", page.locale, { intent: "invalid" });
  const access = { actor: page.actor, owner: { id: page.owner.id, role }, asAdmin: page.asAdmin };
  try {
    if (intent === "profile") {
      const input = pick(form, PROFILE_FIELDS);
      const parsed = profileDataSchema(role).safeParse(input);
      if (!parsed.success) return failure(intent, "invalid", page.locale, fieldErrors(parsed.error, input));
      await updateProfileData(services.db, access, parsed.data);
      return { ok: true, intent };
    }
    const input = pick(form, ["email", "password", "current_password"]);
    const parsed = credentialsSchema.safeParse(input);
    if (!parsed.success) return failure(intent, "invalid", page.locale, fieldErrors(parsed.error, input));
    const result = await updateCredentials(services.db, access, parsed.data, {
      origin: services.config.origin,
      supportEmail: services.config.supportEmail,
      currentSessionId: page.actor.sessionId,
    });
    return { ok: true, intent, email_change_pending: result.email_change_pending };
  } catch (err) {
    if (err instanceof ValidationError) return failure(intent, err.code, page.locale, err.errors);
    if (err instanceof RateLimitError) return failure(intent, err.code, page.locale, {}, 429);
    if (err instanceof ConflictError) return failure(intent, err.code, page.locale, {}, 409);
    // Forbidden (an administrator's forged credentials post, another user) and not found: the error page.
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
}
