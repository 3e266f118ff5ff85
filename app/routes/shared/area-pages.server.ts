// What every page of the three logged-in areas does first, in its own loader or action: open
// the area (role, and for an administrator's view the user of the /admin/{area}/{id} prefix)
// and know its base path, so its links stay inside the same prefix.
import { data, type RouterContextProvider } from "react-router";
import { actorContext, afterShownContext, localeContext, requestMethodContext, servicesContext } from "../../server/context.ts";
import { pageWork } from "../../server/http/respond.ts";
import { auditAreaView, openArea, type AreaAccess } from "../../server/areas/area-access.ts";
import { areaBase, type AreaRole } from "../../lib/area-paths.ts";
import type { Locale } from "../../lib/locale.ts";
import type { AreaShellData } from "../../components/area/AreaShell.tsx";
import { countUnreadNotifications } from "../../server/notifications/notifications.queries.ts";
import { displayName } from "../../lib/person-name.ts";

type Context = Readonly<RouterContextProvider>;
export type AreaArgs = { params: Record<string, string | undefined>; context: Context; request: Request };

export type AreaPage = AreaAccess & {
  /** The area's base path: /{locale}/{area}/profile, or /admin/{area}/{id}. */
  base: string;
  /** The page's language (the back office is Italian). */
  locale: Locale;
};

/** A whole number from the path; anything else is a 404. */
export function idParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw data({ code: "not_found" }, { status: 404 });
  return Number(raw);
}

/** An optional id of the query string (?selected=…, ?warehouse=…): a whole number, else null. */
export function optionalId(raw: string | null | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** The area of a page's action: who acts and whose area it is. */
export async function areaAction({ params, context }: AreaArgs, role: AreaRole): Promise<AreaPage> {
  const viewedUserId = params.userId === undefined ? null : idParam(params.userId);
  const access = await pageWork(() => openArea(context.get(servicesContext).db, context.get(actorContext), role, viewedUserId));
  const locale: Locale = viewedUserId === null ? context.get(localeContext) : "it";
  return { ...access, base: areaBase(role, locale, viewedUserId), locale };
}

/**
 * The area of a page's loader; an administrator's view of the page is written to the audit log
 * when the administrator opens it (GET), once the page is shown (afterShownContext): a page
 * that then refuses (404) writes nothing. The page drawn again with a submission's answer is not
 * another view: a submission that changes something writes its own row, and one refused writes
 * nothing.
 */
export async function areaPage(args: AreaArgs, role: AreaRole): Promise<AreaPage> {
  const page = await areaAction(args, role);
  if (page.asAdmin && args.context.get(requestMethodContext) === "GET") {
    // A client-side navigation asks for the page's data at "{path}.data" (React Router's single fetch).
    const path = new URL(args.request.url).pathname.replace(/\.data$/, "");
    const db = args.context.get(servicesContext).db;
    args.context.get(afterShownContext).push(() => auditAreaView(db, page, path.slice(page.base.length) || "/"));
  }
  return page;
}

/** What an area's pages hand their components about the area itself. */
export function areaFrame(page: AreaPage) {
  return { base: page.base, asAdmin: page.asAdmin, role: page.owner.role, ownerId: page.owner.id };
}
export type AreaFrame = ReturnType<typeof areaFrame>;

/** The area layout's data: whose area, its base, the unread notifications' count. */
export async function loadAreaLayout(args: AreaArgs, role: AreaRole): Promise<AreaShellData> {
  const page = await areaAction(args, role);
  const o = page.owner;
  const unread = await countUnreadNotifications(args.context.get(servicesContext).db, { userId: o.id });
  return {
    role,
    base: page.base,
    asAdmin: page.asAdmin,
    ownerId: o.id,
    ownerName: displayName({ company: o.company, first_name: o.firstName, last_name: o.lastName, email: o.email }),
    ownerEmail: o.email,
    accountType: o.accountType,
    unread,
  };
}
