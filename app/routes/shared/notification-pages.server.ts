// What the areas' notifications pages ({prefix}/notifications) load and do, in the area owner's
// name: a page of the owner's notifications (?page=N, 8 to a page) with their messages as safe
// HTML, and the one opened (?selected=id, which must be the owner's: another's is a 404, as a
// missing one); the "read" action marks it read when its own user opens it, and does nothing
// in an administrator's view (an administrator reading it is not the user reading it).
import { data } from "react-router";
import { servicesContext } from "../../server/context.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { getNotification, listNotifications, markNotificationRead, type NotificationItem } from "../../server/notifications/notifications.service.ts";
import { isSitePath, messageText, safeMessageHtml } from "../../server/notifications/safe-markup.ts";
import { notificationReadFormSchema } from "../../schemas/notifications.ts";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationView } from "../../lib/area-notifications.ts";
import { areaBase, type AreaRole } from "../../lib/area-paths.ts";
import { switchLocalePath } from "../../lib/paths.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { excerpt } from "../../lib/format.ts";
import { areaAction, areaFrame, areaPage, type AreaArgs, type AreaPage, optionalId } from "./area-pages.server.ts";

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

/** {prefix}/notifications: a page of the owner's notifications and the selected one. */
export async function loadNotificationsPage(args: AreaArgs, role: AreaRole) {
  const page = await areaPage(args, role);
  const db = args.context.get(servicesContext).db;
  const url = new URL(args.request.url);
  const current = pageParam(url.searchParams.get("page"));
  const selectedId = optionalId(url.searchParams.get("selected"));
  const [list, selected] = await pageWork(() =>
    Promise.all([
      listNotifications(db, page.owner.id, { page: current - 1, limit: NOTIFICATIONS_PAGE_SIZE, locale: page.locale }),
      selectedId === null ? null : getNotification(db, page.owner.id, selectedId, page.locale),
    ]),
  );
  return {
    notifications: list.notifications.map((n) => view(n, page)),
    notifications_count: list.notifications_count,
    page: current,
    pages: pageCount(list.notifications_count, NOTIFICATIONS_PAGE_SIZE),
    selected: selected ? view(selected, page) : null,
    frame: areaFrame(page),
    locale: page.locale,
  };
}

export type NotificationsActionResult = { ok: true; notification_id: number } | { ok: false; errors: Record<string, string> };

/** The page's action: intent "read" and id (bad input: 422 with field codes). Another user's notification is a 404, like a missing one. */
export async function notificationsAction(args: AreaArgs, role: AreaRole) {
  const page = await areaAction(args, role);
  const db = args.context.get(servicesContext).db;
  const form = await pageWork(() => readFormData(args.request));
  const parsed = notificationReadFormSchema.safeParse({ intent: form.get("intent") ?? undefined, id: form.get("id") ?? undefined });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "body")] ??= "invalid";
    return data<NotificationsActionResult>({ ok: false, errors }, { status: 422 });
  }
  const { notification_id } = await pageWork(() => markNotificationRead(db, page, parsed.data.id, { foreign: "not_found" }));
  return data<NotificationsActionResult>({ ok: true, notification_id });
}
