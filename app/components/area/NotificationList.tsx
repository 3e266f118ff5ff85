// The notifications of an area ({prefix}/notifications): the list on the left (unread ones in
// bold with a dot), the selected one's detail on the right. Selecting is a link (?selected=id,
// the page kept), so it works before hydration and survives a reload; once the detail shows, an
// unread notification is marked read through the page's action (not in an administrator's view,
// where reading is not the user reading). On a phone the detail replaces the list, with a way back.
import { ListDetail, withSelected } from "./ListDetail.tsx";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDateTime } from "../../lib/format.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { NotificationView } from "../../lib/area-notifications.ts";
import { EmptyState } from "../ui/PageParts.tsx";
import { buttonClass } from "../ui/styles.ts";

type Props = {
  notifications: NotificationView[];
  page: number;
  pages: number;
  selected: NotificationView | null;
  asAdmin: boolean;
};

/** The list's URL with `selected` set (or removed), every other parameter (?page) kept. */
// The sanitized message's elements, styled (the HTML comes from the server's allow-list only).
const messageClass =
  "text-sm leading-relaxed text-slate-700 break-words [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_p:last-child]:mb-0 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5";

export function NotificationList({ notifications, page, pages, selected, asAdmin }: Props) {
  const { search } = useLocation();
  const { csrfToken } = useRootData();
  const fetcher = useFetcher();
  const sent = useRef<number | null>(null);

  // The one being marked counts as read at once; the list's next load confirms it.
  const pendingId = fetcher.formData ? Number(fetcher.formData.get("id")) : null;
  const isRead = (n: NotificationView) => n.read_at !== null || n.id === pendingId;

  useEffect(() => {
    if (!selected || selected.read_at !== null || asAdmin || sent.current === selected.id) return;
    sent.current = selected.id;
    fetcher.submit({ intent: "read", id: String(selected.id), [XSRF_FIELD_NAME]: csrfToken }, { method: "post" });
    // Once per selection: the effect runs again only when another notification is opened.
  }, [selected, asAdmin, csrfToken, fetcher]);

  if (notifications.length === 0 && !selected) {
    return (
      <EmptyState title={m.anotif_empty_title()}>
        <p>{m.anotif_empty_text()}</p>
      </EmptyState>
    );
  }

  return (
    <div data-testid="notifications">
      <ListDetail
        label={m.anotif_list_label()}
        columns="lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
        page={page}
        pages={pages}
        hint={m.anotif_select_hint()}
        back={{ search, label: m.anotif_back() }}
        detailTestId="notification-detail"
        list={
          <>
            {notifications.length === 0 ? (
              <EmptyState title={m.anotif_empty_title()} />
            ) : (
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
                {notifications.map((n) => {
                  const read = isRead(n);
                  const current = selected?.id === n.id;
                  return (
                    <li key={n.id}>
                      <Link
                        to={withSelected(search, n.id)}
                        preventScrollReset
                        aria-current={current ? "true" : undefined}
                        className={`flex items-start gap-3 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset ${
                          current ? "bg-brand-50" : "hover:bg-slate-50"
                        }`}
                        data-testid="notification-item"
                        data-read={read}
                      >
                        <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${read ? "bg-transparent" : "bg-brand-600"}`} />
                        <span className="min-w-0 flex-1">
                          <span className={`block truncate text-sm ${read ? "font-normal text-slate-700" : "font-bold text-slate-900"}`}>{n.title}</span>
                          {n.preview && <span className="mt-0.5 block truncate text-sm text-slate-600">{n.preview}</span>}
                          <span className="mt-0.5 block text-xs text-slate-500">
                            <time dateTime={new Date(n.created_at).toISOString()}>{formatDateTime(n.created_at)}</time>
                            {!read && <span className="sr-only">, {m.anotif_unread()}</span>}
                          </span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        }
        detail={
          selected && (
            <>
              <h2 className="text-lg font-bold text-slate-900">{selected.title}</h2>
              <p className="mt-1 text-xs text-slate-500">
                <time dateTime={new Date(selected.created_at).toISOString()}>{m.anotif_received_at({ date: formatDateTime(selected.created_at) })}</time>
              </p>
              {/* Sanitized on the server (app/server/notifications/safe-markup.ts): allowed tags and safe links only. */}
              <div className={`mt-4 ${messageClass}`} dangerouslySetInnerHTML={{ __html: selected.html }} />
              {(selected.url || selected.review_url || selected.report_url) && (
                <div className="mt-5 flex flex-wrap gap-2">
                  {selected.url && (
                    <Link to={selected.url} className={buttonClass("primary", "sm")}>
                      {m.anotif_open_link()}
                    </Link>
                  )}
                  {selected.review_url && (
                    <Link to={selected.review_url} className={buttonClass("secondary", "sm")}>
                      {m.anotif_review_link()}
                    </Link>
                  )}
                  {selected.report_url && (
                    <Link to={selected.report_url} className={buttonClass("ghost", "sm")}>
                      {m.anotif_report_link()}
                    </Link>
                  )}
                </div>
              )}
              {asAdmin ? (
                <p className="mt-5 text-xs text-slate-500">{m.anotif_admin_not_marked()}</p>
              ) : (
                !isRead(selected) && (
                  // Before hydration (or without JavaScript) the reader marks it read with this button.
                  <fetcher.Form method="post" className="mt-5">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={selected.id} />
                    <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
                    <button type="submit" className={buttonClass("secondary", "sm")}>
                      {m.anotif_mark_read()}
                    </button>
                  </fetcher.Form>
                )
              )}
            </>
          )
        }
      />
    </div>
  );
}
