// The forms of VisitorFollowUp (app/components/deal/VisitorFollowUp.tsx) on a request's personal
// page, /{locale}/requests/{token}: the page's action hands them here with the path's token.
// - "renew": the link is revoked and a new one mailed to the request's contact address (the
//   service of POST /api/requests/{token}/renew); the page this link opened is gone, so the
//   browser goes to the page that says where the new link went.
// - "attach": a logged-in stock hunter adds the request to their account (the personal link is
//   revoked), then goes to the request's page in their area.
// - "register": the browser keeps which personal link asked (visitor-takeover-cookie.ts) and the
//   personal page opens the stock hunter's registration (?shrr); confirming that account moves
//   the request into it (POST /confirm-code).
// Failures are thrown as the service's errors (404 a link that opens nothing, 409 a request
// already in an account, 429 too many renewals, 422 an unknown intent); the page's pageAction
// turns them into its form's failure. Mounted in the personal page's action:
//
//   if (intent && VISITOR_INTENTS.includes(intent))
//     return handleVisitorIntent(args.services.db, params.token, { intent }, visitorIntentContext(args));
import { redirect } from "react-router";
import type { Database } from "../../server/db/database.ts";
import type { Actor, AppServices, RequestInfo } from "../../server/context.ts";
import type { Locale } from "../../lib/locale.ts";
import { ForbiddenError, UnauthorizedError, ValidationError } from "../../server/errors.ts";
import { pendingRegistrationCookie } from "../../server/http/cookies.ts";
import { attachRequest, renewPersonalLink, takeoverAccessId } from "../../server/deal/visitor-follow-up.service.ts";
import { signTakeover, TAKEOVER_COOKIE, TAKEOVER_TTL_SECONDS } from "../../server/deal/visitor-takeover-cookie.ts";
import { requestAccessPath } from "../../server/deal/request-access.service.ts";
import { visitorIntentSchema } from "../../schemas/visitor-follow-up.ts";
import { linkSentPath } from "../../lib/visitor-follow-up.ts";

export type VisitorIntentContext = {
  actor: Actor | null;
  locale: Locale;
  origin: string;
  ip: string;
  supportEmail: string;
  /** The app secret (signs the registration's takeover cookie). */
  secret: string;
  /** Whether the site runs on HTTPS (the cookie's Secure flag). */
  secure: boolean;
};

/** The intents VisitorFollowUp posts: the personal page's action hands these to handleVisitorIntent. */
export const VISITOR_INTENTS: readonly string[] = visitorIntentSchema.shape.intent.options;

/** The context of handleVisitorIntent, from a pageAction's arguments. */
export function visitorIntentContext(args: { actor: Actor | null; locale: Locale; services: AppServices; info: RequestInfo }): VisitorIntentContext {
  const { actor, locale, services, info } = args;
  return {
    actor,
    locale,
    origin: services.config.origin,
    ip: info.ip,
    supportEmail: services.config.supportEmail,
    secret: services.secret,
    secure: info.secure,
  };
}

/**
 * Handles one of VisitorFollowUp's intents for the personal link `token`. Every success is a
 * redirect (thrown, as React Router takes it); `body` is the posted form as pageAction read it.
 */
export async function handleVisitorIntent(db: Database, token: string, body: unknown, ctx: VisitorIntentContext): Promise<never> {
  const parsed = visitorIntentSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError({ intent: "invalid" });
  const followUp = { origin: ctx.origin, ip: ctx.ip, locale: ctx.locale, supportEmail: ctx.supportEmail };
  switch (parsed.data.intent) {
    case "renew": {
      await renewPersonalLink(db, token, followUp);
      throw redirect(linkSentPath(ctx.locale, true));
    }
    case "attach": {
      if (!ctx.actor) throw new UnauthorizedError();
      const { path } = await attachRequest(db, ctx.actor, token, followUp);
      throw redirect(path);
    }
    case "register": {
      if (ctx.actor) throw new ForbiddenError("already_logged_in");
      const accessId = await takeoverAccessId(db, token);
      const cookie = pendingRegistrationCookie(TAKEOVER_COOKIE, signTakeover(ctx.secret, accessId), {
        maxAgeSeconds: TAKEOVER_TTL_SECONDS,
        secure: ctx.secure,
      });
      throw redirect(`${requestAccessPath(ctx.locale, token)}?shrr=1`, { headers: { "Set-Cookie": cookie } });
    }
  }
}
