// The profile calls of the three areas, built once: /api/{stocker|referent|stock-hunter}/
// profile/update-profile-data, …/update-credentials and …/email-preferences differ only in who
// may call and which fields that role must fill in; the services decide the rest
// (app/server/accounts/profile.service.ts, app/server/mail/email-preferences.service.ts).
// Each route file is one line. The caller changes their own profile: an administrator edits a
// user's profile from the user's area page ({prefix}/data), not through these calls.
import { apiAction, apiLoader } from "../../../server/http/api.ts";
import { updateCredentials, updateProfileData } from "../../../server/accounts/profile.service.ts";
import { emailPreferences, updateEmailPreferences } from "../../../server/mail/email-preferences.service.ts";
import { credentialsSchema, profileDataSchema } from "../../../schemas/profile.ts";
import { emailPreferencesSchema } from "../../../schemas/email-preferences.ts";
import { credentialsAnswer, emailPreferencesAnswer, emailPreferencesSavedAnswer } from "../../../schemas/area-answers.ts";
import { userIdAnswer } from "../../../schemas/answer-parts.ts";
import type { AreaRole } from "../../../lib/area-paths.ts";

/** POST /api/{area}/profile/update-profile-data (first_name, last_name, telephone, company, market_id, website) → { user_id }. */
export const updateProfileDataEndpoint = (role: AreaRole) =>
  apiAction({ access: [role], body: profileDataSchema(role), response: userIdAnswer }, ({ actor, body, services }) =>
    updateProfileData(services.db, { actor, owner: { id: actor.id, role }, asAdmin: false }, body),
  );

/**
 * POST /api/{area}/profile/update-credentials (email, password, current_password) →
 * { user_id, email_change_pending }. A blank password keeps the current one; a new address
 * waits for the link sent to it.
 */
export const updateCredentialsEndpoint = (role: AreaRole) =>
  apiAction({ access: [role], body: credentialsSchema, sessionOnly: true, response: credentialsAnswer }, ({ actor, body, services }) =>
    updateCredentials(services.db, { actor, owner: { id: actor.id, role }, asAdmin: false }, body, {
      origin: services.config.origin,
      supportEmail: services.config.supportEmail,
      currentSessionId: actor.sessionId,
    }),
  );

/**
 * GET /api/{area}/profile/email-preferences → { email, email_preferences: { requests, deal,
 * reminders, alerts, news } }: the notification kinds the caller's address gets (one unsubscribed
 * by one click is off). Always the caller's own: the path names nobody.
 */
export const emailPreferencesEndpoint = (role: AreaRole) =>
  apiLoader({ access: [role], response: emailPreferencesAnswer }, ({ actor, services }) => emailPreferences(services.db, actor.id));

/**
 * POST /api/{area}/profile/email-preferences { email_preferences: { requests, deal, reminders,
 * alerts, news } } → { user_id, email_preferences }: the whole choice (a kind left out is off),
 * for the caller's own address.
 */
export const updateEmailPreferencesEndpoint = (role: AreaRole) =>
  apiAction({ access: [role], body: emailPreferencesSchema, response: emailPreferencesSavedAnswer }, ({ actor, body, services }) =>
    updateEmailPreferences(services.db, { actor, ownerId: actor.id, asAdmin: false }, body.email_preferences),
  );
