// Who a logged-in area belongs to, and who is looking at it. Every page and page action of the
// three areas starts here, in its own loader or action:
//
// - the user's own area (/{locale}/{area}/profile/…): the actor must have the area's role, and
//   the area is theirs;
// - an administrator's view (/admin/{stocker|stock-hunter}/{id}/…): the actor must be an
//   administrator and user {id} must have the area's role (any other id is a 404). The
//   administrator sees what the user sees; each page opened this way and each change made
//   there is written to the audit log.
//
// Services then take the area's owner for what to show, and the actor for who acts.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { AccountType } from "../db/types.ts";
import type { Locale } from "../../lib/locale.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { ADMIN_VIEWABLE } from "../../lib/area-paths.ts";
import { requireRole } from "../http/guard.ts";
import { NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { findAreaOwner } from "./area-access.queries.ts";
import { areaBase } from "../../lib/area-paths.ts";

/** The user whose area it is. */
export type AreaOwner = {
  id: number;
  role: AreaRole;
  accountType: AccountType | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  telephone: string | null;
  lang: Locale;
};

export type AreaAccess = {
  owner: AreaOwner;
  /** Who is acting: the owner, or the administrator looking at the owner's area. */
  actor: Actor;
  asAdmin: boolean;
};

/**
 * Opens an area for the request's actor. `viewedUserId` is the {id} of an /admin/… prefix, or
 * null for the user's own area. Throws 401/403 for the wrong role and 404 for an id that is
 * not a user of that role.
 */
export async function openArea(db: Database, actor: Actor | null, role: AreaRole, viewedUserId: number | null): Promise<AreaAccess> {
  if (viewedUserId === null) {
    const who = requireRole(actor, role);
    return { owner: ownerFromActor(who, role), actor: who, asAdmin: false };
  }
  const admin = requireRole(actor, "admin");
  if (!ADMIN_VIEWABLE.includes(role)) throw new NotFoundError();
  const user = await findAreaOwner(db, { id: viewedUserId, role });
  if (!user) throw new NotFoundError();
  return {
    owner: {
      id: user.id,
      role,
      accountType: user.account_type,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      company: user.company,
      telephone: user.telephone,
      lang: user.lang,
    },
    actor: admin,
    asAdmin: true,
  };
}

function ownerFromActor(actor: Actor, role: AreaRole): AreaOwner {
  return {
    id: actor.id,
    role,
    accountType: actor.accountType,
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    company: actor.company,
    telephone: actor.telephone,
    lang: actor.lang,
  };
}

/**
 * The owner as the acting user, for reading what the owner sees through services written for
 * actors (the warehouse pages of decision 007). Never used to change anything: changes are made by
 * the real actor, so an administrator's are audited.
 */
export function ownerAsReader(access: AreaAccess): Actor {
  if (!access.asAdmin) return access.actor;
  const o = access.owner;
  return {
    id: o.id,
    role: o.role,
    accountType: o.accountType,
    email: o.email,
    firstName: o.firstName,
    lastName: o.lastName,
    company: o.company,
    telephone: o.telephone,
    lang: o.lang,
    sessionId: "",
  };
}

/** An administrator opened a page of a user's area: the audit log records who looked at what. */
export async function auditAreaView(db: Database, access: AreaAccess, page: string): Promise<void> {
  if (!access.asAdmin) return;
  await auditAdminAction(db, access.actor, {
    action: "user.area_view",
    entityType: "user",
    entityId: access.owner.id,
    details: { area: access.owner.role, page },
  });
}

/** An area as a page sees it: who acts, whose area, its base path and the page's language. */
export type AreaPage = AreaAccess & {
  /** The area's base path: /{locale}/{area}/profile, or /admin/{area}/{id}. */
  base: string;
  /** The page's language (the back office is Italian). */
  locale: Locale;
};

/**
 * Opens an area for a page: `viewedUserId` is the {userId} of an /admin/… prefix (a path segment
 * that is not a whole number is a 404, like a user that does not exist), absent for the user's own.
 */
export async function openAreaPage(db: Database, actor: Actor | null, role: AreaRole, viewedUserId: string | undefined, locale: Locale): Promise<AreaPage> {
  if (viewedUserId !== undefined && !/^\d{1,15}$/.test(viewedUserId)) {
    requireRole(actor, "admin");
    throw new NotFoundError();
  }
  const id = viewedUserId === undefined ? null : Number(viewedUserId);
  const access = await openArea(db, actor, role, id);
  const pageLocale: Locale = id === null ? locale : "it";
  return { ...access, base: areaBase(role, pageLocale, id), locale: pageLocale };
}
