// A warehouse's page in the stocker's and the referent's areas: its name (with the hub badge)
// and status, its data, its free space (the availability panel, saved by the page's action), its referent (with the change-referent popup) and its latest quote
// requests coloured by state, with links back to the list, to edit it and to all requests.
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { postJson } from "../../lib/api-client.ts";
import { m } from "../../paraglide/messages.js";
import { formatArea } from "../../lib/format.ts";
import type { WarehouseDetailData } from "../../lib/warehouse-pages.ts";
import type { WarehouseAreaPaths } from "../../lib/paths.ts";
import { buttonClass, linkClass, backLinkClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { WarehouseStatus } from "./WarehouseStatus.tsx";
import { ReferentCard } from "./ReferentCard.tsx";
import { RequestStateLegend } from "../area/RequestState.tsx";
import { LatestRequests } from "../area/LatestRequests.tsx";
import { AvailabilityPanel } from "./AvailabilityPanel.tsx";

function websiteHref(raw: string): string | null {
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * `billingHref`: the subscription's page, in the stocker's area (the referent does not pay), where
 * an owner makes an anonymised warehouse public (the link ticks this warehouse there).
 * `ownerMailApi`: in the stocker's area, the call that sets whether the owner receives by e-mail
 * the requests its referent handles (null in an administrator's view: the choice is only shown).
 */
export function WarehouseDetailView({
  detail,
  paths,
  billingHref,
  ownerMailApi,
}: {
  detail: WarehouseDetailData;
  paths: WarehouseAreaPaths;
  billingHref?: string;
  ownerMailApi?: string | null;
}) {
  const { warehouse: w, referent, referents, requests } = detail;
  const website = w.website ? websiteHref(w.website) : null;
  // Sent for a new check from here: once the page data says pending, the focus goes to that note
  // (the button that had it is gone).
  const [resubmitted, setResubmitted] = useState(false);
  const pendingNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (resubmitted && w.status === "pending") pendingNote.current?.focus();
  }, [resubmitted, w.status]);
  const facts: [string, React.ReactNode][] = [
    [m.wm_detail_address(), w.address],
    [m.wm_detail_city(), `${w.city} (${w.province})`],
    [m.wm_detail_cap(), w.cap],
    [m.wm_detail_telephone(), w.telephone || m.wm_detail_not_given()],
    [
      m.wm_detail_website(),
      website ? (
        <a href={website} target="_blank" rel="noopener noreferrer" className={`${standaloneTextLinkClass} break-all`}>
          {w.website}
        </a>
      ) : (
        m.wm_detail_not_given()
      ),
    ],
    [m.wm_detail_total_m2(), w.total_m2 ? formatArea(w.total_m2) : m.wm_detail_not_given()],
  ];
  return (
    <div>
      <Link to={paths.list} className={backLinkClass}>
        ← {m.wm_back_to_list()}
      </Link>
      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{w.name}</h1>
            {w.is_hub && <HubBadge />}
          </div>
          <div className="mt-2">
            <WarehouseStatus status={w.status} deactivated={w.deactivated} />
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to={paths.edit(w.id)} className={buttonClass("primary", "md")}>
            {m.wm_detail_edit()}
          </Link>
          <Link to={paths.messages} className={buttonClass("secondary", "md")}>
            {m.wm_detail_messages()}
          </Link>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="facts-title">
            <h2 id="facts-title" className="text-lg font-semibold text-slate-900">
              {m.wm_detail_facts()}
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-0.5 text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {w.public_sheet_url && (
              <p className="mt-4 text-sm">
                <a href={w.public_sheet_url} target="_blank" rel="noopener" className={linkClass} data-testid="warehouse-public-sheet">
                  {m.wm_detail_public_sheet()}
                  <span className="sr-only"> {m.opens_new_tab()}</span>
                </a>
              </p>
            )}
            {w.status === "pending" && (
              <p
                ref={pendingNote}
                tabIndex={-1}
                className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset outline-none"
                data-testid="warehouse-pending-note"
              >
                {resubmitted && <span className="font-semibold">{m.wm_detail_resubmitted()} </span>}
                {m.wm_detail_pending()}
              </p>
            )}
            {w.status === "refused" && (
              <div className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset" data-testid="warehouse-refused-note">
                <p>{m.wm_detail_refused()}</p>
                {w.refusal_note && <p className="mt-1 font-medium break-words whitespace-pre-line">{m.wm_detail_refused_reason({ note: w.refusal_note })}</p>}
                {w.can_resubmit ? (
                  <ResubmitWarehouse api={`${paths.api}/${w.id}/resubmit`} editHref={paths.edit(w.id)} onSent={() => setResubmitted(true)} />
                ) : (
                  <p className="mt-1">{m.wm_detail_refused_referent()}</p>
                )}
              </div>
            )}
            {w.anonymised_in_search && (
              <p
                className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
                data-testid="warehouse-anonymised-note"
              >
                {m.wm_detail_anonymised()}
                {billingHref && (
                  <>
                    {" "}
                    <Link to={`${billingHref}?w=${w.id}`} className="font-semibold underline underline-offset-2" data-testid="warehouse-anonymised-billing">
                      {m.wm_detail_anonymised_billing()}
                    </Link>
                  </>
                )}
              </p>
            )}
          </section>

          <AvailabilityPanel spaces={detail.spaces} updatedAt={w.spaces_updated_at} />

          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="requests-title">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="requests-title" className="text-lg font-semibold text-slate-900">
                {m.wm_requests_title()}
              </h2>
              <RequestStateLegend />
            </div>
            <div className="mt-4">
              <LatestRequests requests={requests} emptyText={m.wm_requests_empty()} testId="latest-requests" />
            </div>
          </section>
        </div>
        <div>
          <ReferentCard
            warehouse={{ id: w.id, name: w.name }}
            referent={referent}
            referents={referents}
            api={paths.api}
            ownerMail={ownerMailApi === undefined ? undefined : { enabled: w.owner_request_emails, api: ownerMailApi }}
          />
        </div>
      </div>
    </div>
  );
}

/** A refused warehouse's owner asks for a new check (after editing it, as the reason asks). */
function ResubmitWarehouse({ api, editHref, onSent }: { api: string; editHref: string; onSent: () => void }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    if (pending) return;
    setPending(true);
    setError(null);
    const res = await postJson(api);
    setPending(false);
    if (!res.ok) return setError(res.data.message || m.wm_detail_resubmit_error());
    onSent();
    void revalidator.revalidate();
  }
  return (
    <div className="mt-3 border-t border-red-200 pt-3">
      <p>{m.wm_detail_resubmit_text()}</p>
      {error && (
        <p role="alert" className="mt-2 font-medium">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void send()}
          disabled={pending}
          aria-busy={pending}
          className={buttonClass("primary", "sm")}
          data-testid="warehouse-resubmit"
        >
          {pending ? m.form_sending() : m.wm_detail_resubmit()}
        </button>
        <Link to={editHref} className={buttonClass("secondary", "sm")}>
          {m.wm_detail_edit()}
        </Link>
      </div>
    </div>
  );
}
