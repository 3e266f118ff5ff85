// {stock_hunter_prefix}/notifications: the list of the owner's notifications (?page=N) and the
// selected one's detail (?selected=id), marked read when its user opens it
// (app/routes/shared/notification-pages.server.ts).
import type { Route } from "./+types/notifications";
import { m } from "../../paraglide/messages.js";
import { notificationsPageAction, notificationsPageLoader } from "../shared/notification-pages.server.ts";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { NotificationList } from "../../components/area/NotificationList.tsx";

export const loader = notificationsPageLoader("stock_hunter");
export const action = notificationsPageAction("stock_hunter");

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_notifications() }) }, { name: "robots", content: "noindex" }];
}

export default function HunterNotifications({ loaderData: { notifications, page, pages, selected, frame } }: Route.ComponentProps) {
  return (
    <div>
      <PageHeading title={m.area_nav_notifications()} intro={m.anotif_intro()} />
      <NotificationList notifications={notifications} page={page} pages={pages} selected={selected} asAdmin={frame.asAdmin} />
    </div>
  );
}
