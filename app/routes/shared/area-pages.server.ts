// What every page of the three logged-in areas shares: its loader and action name the area
// (`pageLoader({ access: { area: role } }, …)`, server/http/page.ts), which opens it (the role,
// or for an administrator's view the user of the /admin/{area}/{userId} prefix) and hands the
// handler its base path, so its links stay inside the same prefix.
import { pageLoader } from "../../server/http/page.ts";
import type { AreaPage } from "../../server/areas/area-access.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import type { AreaShellData } from "../../components/area/AreaShell.tsx";
import { countUnreadNotifications } from "../../server/notifications/notifications.queries.ts";
import { displayName } from "../../lib/person-name.ts";

export type { AreaPage };

/** An optional id of the query string (?selected=…, ?warehouse=…): a whole number, else null. */
export function optionalId(raw: string | null | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** What an area's pages hand their components about the area itself. */
export function areaFrame(page: AreaPage) {
  return { base: page.base, asAdmin: page.asAdmin, role: page.owner.role, ownerId: page.owner.id };
}
export type AreaFrame = ReturnType<typeof areaFrame>;

/** The area layout's loader: whose area, its base, the unread notifications' count (not a page view of its own). */
export const areaLayoutLoader = (role: AreaRole) =>
  pageLoader({ access: { area: role, view: false } }, async ({ area, services }): Promise<AreaShellData> => {
    const o = area.owner;
    const unread = await countUnreadNotifications(services.db, { userId: o.id });
    return {
      role,
      base: area.base,
      asAdmin: area.asAdmin,
      ownerId: o.id,
      ownerName: displayName({ company: o.company, first_name: o.firstName, last_name: o.lastName, email: o.email }),
      ownerEmail: o.email,
      accountType: o.accountType,
      unread,
    };
  });
