// What every area's data page ({prefix}/data) loads and does: the owner's profile, the market
// list for the select, the address change waiting for its link, the e-mail preferences, and the
// action behind the two popups (intent "profile" or "credentials") and the preferences' form
// (intent "email_preferences"), with the same schemas and services as the JSON calls. In an
// administrator's view the profile popup works (audited by the service) and the credentials and
// e-mail preferences are read-only: the services refuse them (403 page for a forged post). The
// administrator also gets the back office's tools on the account (AdminAccountTools.tsx): a new
// e-mail for its owner to confirm, a stocker's account type, a password-reset e-mail, the
// sessions ended, the account erased on a GDPR request (intents admin_email, admin_account_type,
// admin_password_reset, admin_end_sessions, admin_erase; the services refuse them to anyone but
// an administrator).
import { z } from "zod";
import { data } from "react-router";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { findProfile } from "../../server/accounts/accounts.queries.ts";
import { pendingEmailChange, updateCredentials, updateProfileData } from "../../server/accounts/profile.service.ts";
import { emailPreferences, updateEmailPreferences } from "../../server/mail/email-preferences.service.ts";
import { emailPreferencesForm } from "../../schemas/email-preferences.ts";
import { listMarkets } from "../../server/markets/markets.queries.ts";
import { profileBilling } from "../../server/billing/billing-views.service.ts";
import { credentialsSchema, PROFILE_REQUIRED, profileDataSchema } from "../../schemas/profile.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import type { DataSaved } from "../../lib/profile-page.ts";
import type { ProfilePageData } from "../../components/area/ProfileData.tsx";
import { areaFrame } from "./area-pages.server.ts";
import { adminAccountView, endUserSessions, sendUserPasswordReset, updateUserProfile } from "../../server/accounts/admin-user-account.service.ts";
import { adminAccountTypeForm, adminEmailForm, endSessionsBody } from "../../schemas/admin-user-account.ts";
import { eraseUser } from "../../server/accounts/user-data.service.ts";
import { gdprEraseBody } from "../../schemas/gdpr.ts";

/** {prefix}/data: the owner's profile and what the popups need. */
export const dataPageLoader = (role: AreaRole) =>
  pageLoader({ access: { area: role } }, async ({ area, services: { db, config } }) => {
    const [profile, markets, pending, billing, mail, adminAccount] = await Promise.all([
      findProfile(db, { id: area.owner.id }),
      listMarkets(db),
      pendingEmailChange(db, area.owner.id),
      // The stocker's subscription and payment-method blocks (decision 009).
      role === "stocker" ? profileBilling(db, area.owner.id, config) : null,
      emailPreferences(db, area.owner.id),
      area.asAdmin ? adminAccountView(db, area.actor, area.owner.id) : null,
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
        market: profile.market_id ? (area.locale === "en" ? profile.market_label_en : profile.market_label) : null,
        website: profile.website,
        created_at: profile.created_at,
      },
      markets,
      pendingEmail: pending ? { email: pending.newEmail, expires_at: pending.expiresAt } : null,
      required: PROFILE_REQUIRED[role],
      billing,
      emailPreferences: mail.email_preferences,
      adminAccount,
    };
    return { ...view, frame: areaFrame(area), locale: area.locale };
  });

/**
 * The popups of {prefix}/data post here: intent "profile" (the body of …/update-profile-data) or
 * "credentials" (the body of …/update-credentials); so does the preferences' form, intent
 * "email_preferences" (the body of …/email-preferences, its boxes as posted: none ticked, all
 * off). Bad input, a taken address, a wrong current password, too many tries come back to the
 * popup or form; forbidden (an administrator's forged credentials or preferences post) is the
 * error page.
 */
export const dataPageAction = (role: AreaRole) =>
  pageAction(
    {
      access: { area: role },
      body: z.discriminatedUnion("intent", [
        profileDataSchema(role).extend({ intent: z.literal("profile") }),
        credentialsSchema.extend({ intent: z.literal("credentials") }),
        emailPreferencesForm.extend({ intent: z.literal("email_preferences") }),
        adminEmailForm.extend({ intent: z.literal("admin_email") }),
        adminAccountTypeForm.extend({ intent: z.literal("admin_account_type") }),
        z.object({ intent: z.literal("admin_password_reset") }),
        endSessionsBody.extend({ intent: z.literal("admin_end_sessions") }),
        gdprEraseBody.extend({ intent: z.literal("admin_erase") }),
      ]),
    },
    async ({ area, body: { intent, ...fields }, services }): Promise<DataSaved> => {
      const access = { actor: area.actor, owner: { id: area.owner.id, role }, asAdmin: area.asAdmin };
      const mailCtx = { origin: services.config.origin, supportEmail: services.config.supportEmail, secret: services.secret };
      switch (intent) {
        case "admin_email": {
          const { email } = fields as z.infer<typeof adminEmailForm>;
          await updateUserProfile(services.db, area.actor, area.owner.id, { email }, mailCtx);
          return { ok: true, intent };
        }
        case "admin_account_type": {
          const { account_type } = fields as z.infer<typeof adminAccountTypeForm>;
          await updateUserProfile(services.db, area.actor, area.owner.id, { account_type }, mailCtx);
          return { ok: true, intent };
        }
        case "admin_password_reset": {
          const { sent } = await sendUserPasswordReset(services.db, area.actor, area.owner.id, mailCtx);
          return { ok: true, intent, sent };
        }
        case "admin_end_sessions": {
          const { ended } = await endUserSessions(services.db, area.actor, area.owner.id, (fields as z.infer<typeof endSessionsBody>).session_id);
          return { ok: true, intent, ended };
        }
        case "admin_erase": {
          await eraseUser(services.db, area.actor, area.owner.id, { reason: (fields as z.infer<typeof gdprEraseBody>).reason });
          return { ok: true, intent };
        }
      }
      if (intent === "email_preferences") {
        const { email_preferences } = fields as z.infer<typeof emailPreferencesForm>;
        await updateEmailPreferences(services.db, { actor: area.actor, ownerId: area.owner.id, asAdmin: area.asAdmin }, email_preferences);
        return { ok: true, intent };
      }
      if (intent === "profile") {
        await updateProfileData(services.db, access, fields as z.infer<ReturnType<typeof profileDataSchema>>);
        return { ok: true, intent };
      }
      const result = await updateCredentials(services.db, access, fields as z.infer<typeof credentialsSchema>, {
        origin: services.config.origin,
        supportEmail: services.config.supportEmail,
        currentSessionId: area.actor.sessionId,
      });
      return { ok: true, intent, email_change_pending: result.email_change_pending };
    },
  );
