// The areas' start pages: the stocker's dashboard and the referent's profile (the same page:
// who you are, your warehouses, the latest requests) and the stock hunter's profile (who you
// are, favourite warehouses, your latest requests), plus the hunter's favourites grid.
import { useState, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatNumber, requestNumber } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import type { FavouriteCard, HunterProfile, OwnerDashboard, UserSummary } from "../../lib/area-pages.ts";
import { STATE_STYLES, stateLabel } from "./RequestState.tsx";
import { WarehouseCards } from "../warehouse-manage/WarehouseCards.tsx";
import { WarehouseIllustration } from "../warehouse/WarehouseIllustration.tsx";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { LatestRequests } from "./LatestRequests.tsx";
import { PageHeading, EmptyState } from "../ui/PageParts.tsx";
import { buttonClass, standaloneLinkClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { WarehouseSheetLink } from "./WarehouseSheetLink.tsx";
import { QuoteRequestDialog } from "../quote/QuoteRequestDialog.tsx";
import { FavouriteDropped, FavouriteToggle, toggleFavouriteCall, useFavouriteFailure } from "../warehouse/FavouriteToggle.tsx";
import { EmailText } from "../ui/EmailText.tsx";
import { displayName, fullName } from "../../lib/person-name.ts";

/** Who the area belongs to: name, business, contacts, member since. */
export function UserCard({ user, dataHref, extra }: { user: UserSummary; dataHref: string; extra?: ReactNode }) {
  const rows: [string, string][] = [
    [m.area_user_email(), user.email],
    [m.area_user_telephone(), user.telephone || m.wm_detail_not_given()],
    [m.area_user_since(), formatDate(user.created_at)],
  ];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="user-card-title">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="user-card-title" className="text-lg font-semibold break-words text-slate-900">
            {displayName(user)}
          </h2>
          {user.company && fullName(user) && <p className="text-sm break-words text-slate-600">{fullName(user)}</p>}
        </div>
        <Link to={dataHref} className={`${standaloneTextLinkClass} shrink-0 text-sm`}>
          {m.area_user_edit()}
        </Link>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 truncate text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {extra}
    </section>
  );
}

/** A figure with its label, linking to where it comes from. */
function Figure({ value, label, href }: { value: number; label: string; href: string }) {
  return (
    <Link
      to={href}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="block text-3xl font-bold text-slate-900">{formatNumber(value)}</span>
      <span className="mt-1 block text-sm text-slate-600">{label}</span>
    </Link>
  );
}

function SectionTitle({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="flex flex-wrap gap-4 text-sm">{children}</div>
    </div>
  );
}

/**
 * The stocker's warehouses that the search shows anonymised, because no active subscription
 * covers them: what that costs them, and the way to the subscription.
 */
function AnonymisedNotice({ count, billingHref }: { count: number; billingHref: string }) {
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby="anonymised-title"
      data-testid="anonymised-notice"
    >
      <div>
        <h2 id="anonymised-title" className="font-semibold text-amber-950">
          {count === 1 ? m.area_anonymised_title_one() : m.area_anonymised_title({ count: formatNumber(count) })}
        </h2>
        <p className="mt-1 text-sm text-amber-900">{m.area_anonymised_text()}</p>
      </div>
      <Link to={billingHref} className={buttonClass("primary", "sm", "shrink-0 sm:min-h-9")}>
        {m.wm_detail_anonymised_billing()}
      </Link>
    </section>
  );
}

/** The stocker's dashboard, or the referent's profile. */
export function OwnerStartPage({ data, base, role, asAdmin }: { data: OwnerDashboard; base: string; role: "stocker" | "referent"; asAdmin: boolean }) {
  const paths = areaPaths(base);
  const stocker = role === "stocker";
  const name = data.user.first_name || data.user.company || "";
  return (
    <div className="space-y-8">
      <PageHeading title={name ? m.area_welcome({ name }) : m.area_welcome_anonymous()} intro={stocker ? m.area_dashboard_intro() : m.area_referent_intro()} />
      <UserCard user={data.user} dataHref={paths.data} />
      {stocker && data.anonymised_warehouses_count > 0 && <AnonymisedNotice count={data.anonymised_warehouses_count} billingHref={paths.billing} />}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure value={data.warehouses_count} label={m.area_figure_warehouses()} href={paths.warehouses} />
        <Figure value={data.pending_requests_count} label={m.area_figure_pending()} href={`${paths.messages}?state=pending`} />
        {stocker && <Figure value={data.user.invite_count} label={m.area_figure_invites()} href={paths.invite} />}
      </div>
      <section aria-labelledby="dash-warehouses">
        <SectionTitle id="dash-warehouses" title={stocker ? m.wm_list_title() : m.wm_list_title_referent()}>
          {data.warehouses_count > 0 && (
            <Link to={paths.warehouses} className={standaloneTextLinkClass}>
              {m.area_see_all({ count: data.warehouses_count })}
            </Link>
          )}
          {stocker && !asAdmin && (
            <Link to={paths.warehouseNew} className={standaloneTextLinkClass}>
              {m.area_add_warehouse()}
            </Link>
          )}
        </SectionTitle>
        <WarehouseCards
          warehouses={data.warehouses}
          detailHref={paths.warehouse}
          // A stocker without warehouses starts with the register card, as on the list page.
          createHref={stocker && !asAdmin && data.warehouses_count === 0 ? paths.warehouseNew : undefined}
          emptyText={stocker ? (asAdmin ? m.area_warehouses_empty_admin() : m.area_warehouses_empty_stocker()) : m.wm_list_empty_referent()}
        />
      </section>
      <section aria-labelledby="dash-requests">
        <SectionTitle id="dash-requests" title={m.area_latest_requests()}>
          <Link to={paths.messages} className={standaloneTextLinkClass}>
            {m.area_all_requests()}
          </Link>
        </SectionTitle>
        <LatestRequests requests={data.latest_requests} />
      </section>
    </div>
  );
}

/**
 * A favourite warehouse's card: anonymised unless redeemed; a redeemed one shows its referent and
 * links to its public sheet (while it has one). `onRequest`: the hunter asks it for a quote from
 * here, while it takes requests. `heart`: the hunter's switch to drop it (and take it back) from
 * the favourites; absent in an administrator's view.
 */
function FavouriteCardView({
  w,
  detailHref,
  onRequest,
  heart,
  headingLevel,
}: {
  w: FavouriteCard;
  detailHref: string;
  onRequest: (() => void) | null;
  heart: ReactNode;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[16/9] overflow-hidden bg-slate-100">
        {w.img ? <img src={w.img} alt="" loading="lazy" className="h-full w-full object-cover" /> : <WarehouseIllustration className="h-full w-full" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="font-semibold text-slate-900">
              <Link to={detailHref} className={`${standaloneLinkClass} hover:underline`}>
                {w.name}
              </Link>
            </Heading>
            {w.is_hub && <HubBadge />}
          </div>
          {heart}
        </div>
        <p className="text-sm text-slate-600">{w.address ? `${w.address}, ${w.city} (${w.province})` : `${w.city} (${w.province})`}</p>
        {w.total_m2 ? <p className="text-sm text-slate-600">{formatArea(w.total_m2)}</p> : null}
        {w.referent ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">{w.referent.name || m.area_referent()}</span>
            {" · "}
            <a href={`mailto:${w.referent.email}`} className={standaloneTextLinkClass}>
              <EmailText email={w.referent.email} />
            </a>
          </p>
        ) : (
          <p className="text-sm text-slate-500">{m.area_favourite_not_redeemed()}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-2 text-sm">
          {onRequest && (
            <button type="button" onClick={onRequest} className={buttonClass("primary", "sm", "sm:min-h-9")} data-testid={`favourite-quote-${w.id}`}>
              {m.sheet_request_quote()}
            </button>
          )}
          <Link to={detailHref} className={standaloneTextLinkClass}>
            {m.area_favourite_history()}
          </Link>
          {w.detail_url && <WarehouseSheetLink href={w.detail_url} />}
        </div>
      </div>
    </li>
  );
}

/**
 * The hunter's favourites as cards. Each one that takes requests has the sheet's quote popup
 * (source "sheet", the hunter's details filled in); not in an administrator's view of the area,
 * who does not write in the hunter's name.
 */
export function FavouritesGrid({
  favourites,
  base,
  asAdmin,
  emptyAction,
  headingLevel = 3,
}: {
  favourites: FavouriteCard[];
  base: string;
  asAdmin: boolean;
  emptyAction?: ReactNode;
  /** The cards' headings: 3 in the profile's favourites section, 2 right under the favourites page's title. */
  headingLevel?: 2 | 3;
}) {
  const paths = areaPaths(base);
  // The card last asked (kept while the popup closes), and whether the popup is open.
  const [asking, setAsking] = useState<FavouriteCard | null>(null);
  const [quoteOpen, setQuoteOpen] = useState(false);
  const revalidator = useRevalidator();
  const ask = (w: FavouriteCard) => {
    setAsking(w);
    setQuoteOpen(true);
  };
  // The cards the hunter dropped here: each keeps its card (an empty heart) until the page is
  // loaded again, so a slip is undone with one more tap (an anonymised warehouse cannot be chosen
  // again: its card just says it was dropped). Every other card is a favourite: the page lists them.
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  const [savePending, setSavePending] = useState(false);
  const { failureFor, setFailure } = useFavouriteFailure();
  async function toggleFavourite(id: number) {
    setSavePending(true);
    setFailure(null);
    const result = await toggleFavouriteCall(id);
    setSavePending(false);
    if (!("ids" in result)) return setFailure({ id, kind: result.failure });
    const { ids } = result;
    setDropped((current) => (ids.includes(id) ? new Set([...current].filter((d) => d !== id)) : new Set(current).add(id)));
  }
  if (favourites.length === 0) return <EmptyState title={m.area_favourites_empty()}>{emptyAction}</EmptyState>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="favourites">
        {favourites.map((w) => (
          <FavouriteCardView
            key={w.id}
            w={w}
            detailHref={paths.warehouse(w.id)}
            headingLevel={headingLevel}
            onRequest={!asAdmin && w.quote_position ? () => ask(w) : null}
            heart={
              asAdmin ? null : !dropped.has(w.id) || w.redeemed ? (
                <FavouriteToggle
                  favourite={!dropped.has(w.id)}
                  pending={savePending}
                  failure={failureFor(w.id)}
                  onToggle={() => void toggleFavourite(w.id)}
                  testId={`favourite-toggle-${w.id}`}
                />
              ) : (
                // Only a warehouse with a public identity can become a favourite again.
                <FavouriteDropped testId={`favourite-dropped-${w.id}`} />
              )
            }
          />
        ))}
      </ul>
      {asking?.quote_position && (
        <QuoteRequestDialog
          isOpen={quoteOpen}
          onClose={() => setQuoteOpen(false)}
          source="sheet"
          warehouses={[{ id: asking.id, name: asking.name, city: asking.city, address: asking.address }]}
          search={{ location: asking.city, lat: asking.quote_position.lat, lng: asking.quote_position.lng }}
          // The profile's latest requests show the new one.
          onSent={() => void revalidator.revalidate()}
        />
      )}
    </>
  );
}

/** The stock hunter's profile. */
export function HunterStartPage({ data, base, locale, asAdmin }: { data: HunterProfile; base: string; locale: string; asAdmin: boolean }) {
  const paths = areaPaths(base);
  const name = data.user.first_name || data.user.company || "";
  const search = (
    <Link to={`/${locale}/stocks`} className={buttonClass("primary", "sm", "mt-3")}>
      {m.area_search_warehouses()}
    </Link>
  );
  return (
    <div className="space-y-8">
      <PageHeading title={name ? m.area_welcome({ name }) : m.area_welcome_anonymous()} intro={m.area_hunter_intro()} />
      <UserCard user={data.user} dataHref={paths.data} />
      <section aria-labelledby="hunter-favourites">
        <SectionTitle id="hunter-favourites" title={m.area_nav_favourites()}>
          {data.favourites_count > 0 && (
            <Link to={paths.warehouses} className={standaloneTextLinkClass}>
              {m.area_see_all({ count: data.favourites_count })}
            </Link>
          )}
        </SectionTitle>
        <FavouritesGrid favourites={data.favourites} base={base} asAdmin={asAdmin} emptyAction={search} />
      </section>
      <section aria-labelledby="hunter-requests">
        <SectionTitle id="hunter-requests" title={m.area_your_requests()}>
          {data.requests_count > 0 && (
            <Link to={paths.messages} className={standaloneTextLinkClass}>
              {m.area_see_all({ count: data.requests_count })}
            </Link>
          )}
        </SectionTitle>
        {data.requests.length === 0 ? (
          <EmptyState title={m.area_requests_empty()}>{search}</EmptyState>
        ) : (
          <ul className="space-y-3" data-testid="hunter-latest-requests">
            {data.requests.map((r) => (
              <li key={r.id}>
                <details className="group rounded-xl border border-slate-200 bg-white shadow-sm">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 rounded-xl px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                    <span className="font-semibold text-slate-900">{m.wm_request_reference({ number: requestNumber(r.id) })}</span>
                    <span className="flex items-center gap-3 text-sm text-slate-600">
                      <span>{r.location}</span>
                      <span>{formatDate(r.created_at)}</span>
                      <span className="text-slate-400 transition-transform group-open:rotate-180" aria-hidden="true">
                        ▾
                      </span>
                    </span>
                  </summary>
                  <ul className="space-y-1 border-t border-slate-100 px-4 py-3 text-sm">
                    {r.warehouses.map((w, i) => (
                      <li key={i} className="flex items-center justify-between gap-3">
                        <span className="truncate text-slate-800">{w.name}</span>
                        <span className="inline-flex shrink-0 items-center gap-1.5 text-slate-700">
                          <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${STATE_STYLES[w.state].dot}`} />
                          {stateLabel(w.state)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
