// What the areas' notifications pages ({prefix}/notifications) load and do, in the area owner's
// name: a page of the owner's notifications (?page=N, 8 to a page) with their messages as safe
// HTML, and the one opened (?selected=id, which must be the owner's: another's is a 404, as a
// missing one); the "read" action marks it read when its own user opens it, and does nothing
// in an administrator's view (an administrator reading it is not the user reading it).
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { getNotification, listNotifications, markNotificationRead, type NotificationItem } from "../../server/notifications/notifications.service.ts";
import { isSitePath, messageText, safeMessageHtml } from "../../server/notifications/safe-markup.ts";
import { notificationReadFormSchema, notificationsQuery } from "../../schemas/notifications.ts";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationRead, type NotificationView } from "../../lib/area-notifications.ts";
import { areaBase, type AreaRole } from "../../lib/area-paths.ts";
import { switchLocalePath } from "../../lib/paths.ts";
import { pageCount } from "../../lib/pagination.ts";
import { excerpt } from "../../lib/format.ts";
import { areaFrame, type AreaPage, optionalId } from "./area-pages.server.ts";

const OWN_AREA = /^\/(?:it|en)\/(stocker|referent|stock-hunter)\/profile(?=[/?#]|$)(.*)$/;

/**
 * A link stored with a notification, as this page may show it: a path on this site only. A link
 * into the owner's own area follows the area's base (the page's language, or the administrator's
 * /admin/… prefix); another public page is shown in the page's language; a link into another
 * role's area is dropped.
 */
export function notificationLink(url: unknown, page: Pick<AreaPage, "base" | "locale" | "owner">): string | null {
  if (!isSitePath(url)) return null;
  const own = OWN_AREA.exec(url);
  if (own) {
    const ownSegment = areaBase(page.owner.role, "it").split("/")[2];
    return own[1] === ownSegment ? `${page.base}${own[2] ?? ""}` : null;
  }
  const parsed = new URL(url, "http://site.invalid");
  if (/^\/(it|en)(\/|$)/.test(parsed.pathname)) return switchLocalePath(page.locale, parsed.pathname, parsed.search, parsed.hash);
  return url;
}

function view(n: NotificationItem, page: AreaPage): NotificationView {
  // The review and report pages are for the user to write in; an administrator does not write in their name.
  const feedbackLink = (raw: unknown) => (page.asAdmin ? null : notificationLink(raw, page));
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    html: safeMessageHtml(n.message),
    preview: excerpt(messageText(n.message)),
    created_at: n.created_at,
    read_at: n.read_at,
    url: notificationLink(n.data.url, page),
    review_url: feedbackLink(n.data.review_url),
    report_url: feedbackLink(n.data.report_url),
  };
}

/** {prefix}/notifications: a page of the owner's notifications (?page=N, the JSON twin's offset) and the selected one. */
export const notificationsPageLoader = (role: AreaRole) =>
  pageLoader({ access: { area: role }, query: notificationsQuery, urlNames: { page: "offset" } }, async ({ area, url, query, services: { db } }) => {
    const selectedId = optionalId(url.searchParams.get("selected"));
    const [list, selected] = await Promise.all([
      listNotifications(db, area.owner.id, { page: query.offset, limit: NOTIFICATIONS_PAGE_SIZE, locale: area.locale }),
      selectedId === null ? null : getNotification(db, area.owner.id, selectedId, area.locale),
    ]);
    return {
      notifications: list.notifications.map((n) => view(n, area)),
      notifications_count: list.notifications_count,
      page: query.offset + 1,
      pages: pageCount(list.notifications_count, NOTIFICATIONS_PAGE_SIZE),
      selected: selected ? view(selected, area) : null,
      frame: areaFrame(area),
      locale: area.locale,
    };
  });

/** The page's action: intent "read" and id. Another user's notification is not found, like a missing one. */
export const notificationsPageAction = (role: AreaRole) =>
  pageAction({ access: { area: role }, body: notificationReadFormSchema }, async ({ area, body, services }): Promise<NotificationRead> => {
    const { notification_id } = await markNotificationRead(services.db, area, body.id, { foreign: "not_found" });
    return { ok: true, notification_id };
  });
