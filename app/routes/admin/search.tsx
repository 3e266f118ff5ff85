// /admin/search (Ricerca): the warehouses and the quote requests around a place. The form (the
// location with its autocomplete, more than 3 characters after 750 ms; the radius in km, 10 when
// empty; Cerca) is a GET form, so the search lives in the URL
// (?location=&radius=&tab=warehouses|requests&page=): a reload or a shared link shows the same
// results, rendered by the server. The loader geocodes the location (the gazetteer works
// offline) and reads both counts and the open tab's page (20 warehouses nearest first, 8
// requests newest first) through the same service as GET /api/admin/location-search-*. A
// place that cannot be found shows no results and the form again, with a quiet hint
// (no error message). Each tab exports its selection (GET /api/admin/export-location-search-*).
import { useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/search";
import { pageLoader } from "../../server/http/page.ts";
import { geocoderFor } from "../../server/geo/geocoder.service.ts";
import {
  searchLocationRequests,
  searchLocationWarehouses,
  type LocationRequestRow,
  type LocationWarehouseRow,
} from "../../server/admin-search/location-search.service.ts";
import { radiusKm } from "../../schemas/admin-location-search.ts";
import {
  isRadiusText,
  LOCATION_REQUESTS_PAGE_SIZE,
  LOCATION_SEARCH_DEFAULT_RADIUS_KM,
  LOCATION_WAREHOUSES_PAGE_SIZE,
} from "../../lib/admin-location-search.ts";
import { LOCATION_MAX } from "../../lib/search-form.ts";
import { m } from "../../paraglide/messages.js";
import {
  decimalText,
  excerpt,
  formatArea,
  formatDate,
  formatKm,
  formatNumber,
  formatNumberInput,
  requestNumber,
  settledNumberText,
  stkId,
} from "../../lib/format.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass, inputClass, labelClass, linkClass } from "../../components/ui/styles.ts";
import { HubBadge } from "../../components/warehouse/HubBadge.tsx";
import { WarehouseStatus } from "../../components/warehouse-manage/WarehouseStatus.tsx";
import { AdminTable, CardFact } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { LocationField } from "../../components/search/LocationField.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";

type Tab = "warehouses" | "requests";

type SearchForm = { location: string; radius: string };

export type SearchPageData =
  | { state: "prompt"; form: SearchForm; errors: Record<string, string> }
  | { state: "not_found"; form: SearchForm; errors: Record<string, string> }
  | {
      state: "results";
      form: SearchForm;
      errors: Record<string, string>;
      tab: Tab;
      page: number;
      /** The place found, its centre and the radius used (km). */
      place: string;
      lat: number;
      lng: number;
      radius: number;
      warehouses: LocationWarehouseRow[];
      warehouses_count: number;
      warehouse_requests: LocationRequestRow[];
      warehouse_requests_count: number;
      pages: number;
    };

export const loader = pageLoader({ access: ["admin"] }, async ({ actor, url, services }): Promise<SearchPageData> => {
  const form: SearchForm = {
    // Control characters (a NUL among them, which PostgreSQL refuses) are no part of a place name.
    location: (url.searchParams.get("location") ?? "")
      // eslint-disable-next-line no-control-regex -- the control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, LOCATION_MAX),
    radius: (url.searchParams.get("radius") ?? "").trim().slice(0, 20),
  };
  if (!form.location) return { state: "prompt", form, errors: {} };
  // The field shows and takes Italian notation ("12,5"); sent without JavaScript, the address carries it.
  const radius = radiusKm.safeParse(decimalText(form.radius));
  if (!radius.success) return { state: "prompt", form, errors: { radius: "invalid" } };
  const place = await geocoderFor(services).locate(form.location, "it");
  if (!place) return { state: "not_found", form, errors: {} };
  const tab: Tab = url.searchParams.get("tab") === "requests" ? "requests" : "warehouses";
  const page = pageParam(url.searchParams.get("page"));
  const circle = { lat: place.lat, lng: place.lng, radiusKm: radius.data };
  // Both counts head the tabs; only the open tab is paged (the other shows its first page's count).
  const [wh, wr] = await Promise.all([
    searchLocationWarehouses(services.db, actor, { circle, limit: LOCATION_WAREHOUSES_PAGE_SIZE, page: tab === "warehouses" ? page - 1 : 0 }),
    searchLocationRequests(services.db, actor, { circle, limit: LOCATION_REQUESTS_PAGE_SIZE, page: tab === "requests" ? page - 1 : 0 }),
  ]);
  const pages =
    tab === "warehouses" ? pageCount(wh.warehouses_count, LOCATION_WAREHOUSES_PAGE_SIZE) : pageCount(wr.warehouse_requests_count, LOCATION_REQUESTS_PAGE_SIZE);
  return { state: "results", form, errors: {}, tab, page, place: place.description, lat: place.lat, lng: place.lng, radius: radius.data, ...wh, ...wr, pages };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admsrch_title() }) }, { name: "robots", content: "noindex" }];
}

const km = (value: number) => m.admsrch_km({ km: formatKm(value) });

/** The query of an export: the same selection as the page's (filters, lat, lng). */
function exportHref(kind: Tab, data: { form: SearchForm; lat: number; lng: number; radius: number }): string {
  const q = new URLSearchParams();
  q.set("filters[location]", data.form.location);
  q.set("filters[radius]", String(data.radius));
  q.set("lat", String(data.lat));
  q.set("lng", String(data.lng));
  return `/api/admin/export-location-search-${kind}?${q}`;
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const data = loaderData as SearchPageData;
  const navigation = useNavigation();
  // Busy while this page loads a new search, a tab or a page (not while leaving for another screen).
  const busy = navigation.state !== "idle" && navigation.location?.pathname === "/admin/search";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading title={m.admsrch_title()} intro={m.admsrch_intro()} />
      <SearchFormPanel
        key={`${data.form.location}|${data.form.radius}`}
        form={data.form}
        errors={data.errors}
        busy={busy}
        notFound={data.state === "not_found"}
      />
      {data.state === "prompt" && !data.errors.radius && (
        <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600" data-testid="search-prompt">
          {m.admsrch_prompt()}
        </p>
      )}
      {data.state === "results" && (
        <div className={`mt-8 transition-opacity ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
          <p className="text-sm text-slate-600" data-testid="search-summary">
            {m.admsrch_summary({ radius: formatKm(data.radius), place: data.place })}
          </p>
          <ResultTabs tab={data.tab} warehouses={data.warehouses_count} requests={data.warehouse_requests_count} exportHref={exportHref(data.tab, data)} />
          <div id="search-results" className="mt-2">
            {data.tab === "warehouses" ? <WarehouseResults rows={data.warehouses} /> : <RequestResults rows={data.warehouse_requests} />}
          </div>
          <Pagination page={data.page} pages={data.pages} />
        </div>
      )}
    </div>
  );
}

function SearchFormPanel({ form, errors, busy, notFound }: { form: SearchForm; errors: Record<string, string>; busy: boolean; notFound: boolean }) {
  const submit = useSubmit();
  const [location, setLocation] = useState(form.location);
  const [radius, setRadius] = useState(formatNumberInput(form.radius) || form.radius);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [radiusError, setRadiusError] = useState<string | null>(errors.radius ?? null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Once hydrated: check here, and leave an empty radius out of the URL (it means 10 km).
    event.preventDefault();
    const text = location.trim();
    const radiusOk = isRadiusText(radius);
    setLocationError(text ? null : "required");
    setRadiusError(radiusOk ? null : "invalid");
    if (!text) {
      event.currentTarget.querySelector<HTMLElement>("[data-testid=search-location]")?.focus();
      return;
    }
    if (!radiusOk) {
      event.currentTarget.querySelector<HTMLElement>("#admin-search-radius")?.focus();
      return;
    }
    const params = new URLSearchParams({ location: text });
    if (radius.trim()) params.set("radius", decimalText(radius));
    void submit(params, { method: "get" });
  }

  return (
    <Form
      method="get"
      role="search"
      aria-label={m.admsrch_form_label()}
      noValidate
      onSubmit={onSubmit}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="admin-search-form"
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_11rem_auto] md:items-start">
        <LocationField
          value={location}
          onChange={(text) => {
            setLocation(text);
            if (locationError) setLocationError(null);
          }}
          error={locationError}
        />
        <div>
          <label htmlFor="admin-search-radius" className={labelClass}>
            {m.admsrch_radius_label()}
          </label>
          <input
            id="admin-search-radius"
            name="radius"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(LOCATION_SEARCH_DEFAULT_RADIUS_KM)}
            value={radius}
            onChange={(e) => {
              setRadius(e.target.value);
              if (radiusError) setRadiusError(null);
            }}
            onBlur={() => setRadius(settledNumberText(radius))}
            aria-invalid={radiusError ? true : undefined}
            aria-describedby="admin-search-radius-hint"
            className={inputClass}
            data-testid="search-radius"
          />
          {radiusError ? (
            <p id="admin-search-radius-hint" className="mt-1 text-sm font-medium text-red-700" data-testid="search-radius-error">
              {m.admsrch_radius_error()}
            </p>
          ) : (
            <p id="admin-search-radius-hint" className="mt-1 text-xs text-slate-500">
              {m.admsrch_radius_hint()}
            </p>
          )}
        </div>
        <div className="md:pt-7">
          <button type="submit" className={buttonClass("primary", "md", "w-full md:w-auto")} disabled={busy} data-testid="search-submit">
            {busy ? m.admsrch_searching() : m.admsrch_submit()}
          </button>
        </div>
      </div>
      {notFound && (
        <p role="status" className="mt-3 text-sm text-slate-600" data-testid="search-not-found">
          {m.admsrch_not_found()}
        </p>
      )}
    </Form>
  );
}

/**
 * The two tabs with their counts, as links (the tab lives in the URL, the page starts again):
 * reachable with Tab and opened with Enter, before hydration too.
 */
function ResultTabs({ tab, warehouses, requests, exportHref: href }: { tab: Tab; warehouses: number; requests: number; exportHref: string }) {
  const { search } = useLocation();
  const hrefFor = (t: Tab) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    if (t === "warehouses") params.delete("tab");
    else params.set("tab", t);
    return `?${params}`;
  };
  const tabs: { id: Tab; label: string; count: number }[] = [
    { id: "warehouses", label: m.admsrch_tab_warehouses(), count: warehouses },
    { id: "requests", label: m.admsrch_tab_requests(), count: requests },
  ];
  return (
    <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-b border-slate-200">
      <nav aria-label={m.admsrch_tabs_label()} data-testid="search-tabs">
        <ul className="-mb-px flex gap-1">
          {tabs.map((t) => {
            const current = t.id === tab;
            return (
              <li key={t.id}>
                <Link
                  to={hrefFor(t.id)}
                  aria-current={current ? "page" : undefined}
                  preventScrollReset
                  data-testid={`search-tab-${t.id}`}
                  className={`flex items-center gap-2 rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    current ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {t.label}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${current ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700"}`}
                    data-testid={`search-count-${t.id}`}
                  >
                    {formatNumber(t.count)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mb-2 flex gap-2">
        {(["csv", "xlsx"] as const).map((format) => {
          const name = format.toUpperCase();
          return (
            <a
              key={format}
              href={format === "csv" ? href : `${href}&format=xlsx`}
              download
              className={buttonClass("secondary", "sm")}
              aria-label={tab === "warehouses" ? m.admsrch_export_warehouses_label({ format: name }) : m.admsrch_export_requests_label({ format: name })}
              data-testid={format === "csv" ? `search-export-${tab}` : `search-export-${tab}-xlsx`}
            >
              {m.admsrch_export({ format: name })}
            </a>
          );
        })}
      </div>
    </div>
  );
}

function WarehouseResults({ rows }: { rows: LocationWarehouseRow[] }) {
  const navigate = useNavigate();
  const paths = warehouseAreaPaths("admin", "it");
  if (rows.length === 0) return <EmptyState title={m.admsrch_empty_warehouses()} testId="search-warehouses-empty" className="mt-8" />;
  return (
    <AdminTable
      testId="search-warehouses"
      className="mt-4"
      columns={[
        { label: m.admsrch_col_warehouse() },
        { label: m.admsrch_col_address() },
        { label: m.admsrch_col_distance(), className: "text-right" },
        { label: m.admsrch_col_area(), className: "text-right" },
        { label: m.admsrch_col_owner() },
        { label: m.admsrch_col_state() },
      ]}
    >
      {rows.map((w) => (
        <tr
          key={w.id}
          className="cursor-pointer align-top hover:bg-slate-50"
          data-testid={`search-warehouse-${w.id}`}
          // The whole row opens the edit page; the name is its link for the keyboard.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest("a, button")) return;
            void navigate(paths.edit(w.id));
          }}
        >
          <td data-label={m.admsrch_col_warehouse()} className="px-4 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={paths.edit(w.id)} className="font-semibold text-brand-700 hover:underline" aria-label={m.admsrch_open_edit({ name: w.name })}>
                {w.name}
              </Link>
              {w.is_hub && <HubBadge />}
            </div>
            <div className="mt-0.5 font-mono text-xs text-slate-500">{stkId(w.id)}</div>
          </td>
          <td data-label={m.admsrch_col_address()} className="px-4 py-3 text-slate-700">
            <div>{w.address}</div>
            <div className="text-slate-600">
              {w.cap} {w.city} ({w.province})
            </div>
          </td>
          <td data-label={m.admsrch_col_distance()} className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
            {km(w.distance_km)}
          </td>
          <td data-label={m.admsrch_col_area()} className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
            {w.total_m2 === null ? "—" : formatArea(w.total_m2)}
          </td>
          <td data-label={m.admsrch_col_owner()} className="px-4 py-3 text-slate-700">
            {w.owner ? (
              <>
                {w.owner.role === "stocker" ? (
                  <Link to={areaBase("stocker", "it", w.owner.id)} className="font-medium text-brand-700 hover:underline" title={m.admin_open_owner_area()}>
                    {w.owner.name}
                  </Link>
                ) : (
                  <span className="font-medium">{w.owner.name}</span>
                )}
                <div className="text-slate-600">
                  <EmailText email={w.owner.email} />
                </div>
              </>
            ) : (
              <span className="text-slate-500">{m.admin_not_claimed()}</span>
            )}
          </td>
          <td data-label={m.admsrch_col_state()} data-wide className="px-4 py-3">
            <div className="flex flex-col items-start gap-1">
              <WarehouseStatus status={w.status} deactivated={w.deactivated} />
              {w.redeemed && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{m.admsrch_redeemed()}</span>}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function space(r: LocationRequestRow): string {
  if (r.m2_value === null) return m.wm_detail_not_given();
  return r.m2_type === "pallet" ? `${formatNumber(r.m2_value)} ${m.areq_unit_pallets()}` : formatArea(r.m2_value);
}

function period(r: LocationRequestRow): string {
  if (r.start_date && r.end_date) return `${formatDate(r.start_date)} – ${formatDate(r.end_date)}`;
  if (r.start_date) return m.areq_period_from({ date: formatDate(r.start_date) });
  if (r.end_date) return m.areq_period_until({ date: formatDate(r.end_date) });
  return m.wm_detail_not_given();
}

function RequestResults({ rows }: { rows: LocationRequestRow[] }) {
  if (rows.length === 0) return <EmptyState title={m.admsrch_empty_requests()} testId="search-requests-empty" className="mt-8" />;
  return (
    <ul className="mt-4 grid gap-3 lg:grid-cols-2" data-testid="search-requests">
      {rows.map((r) => (
        <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid={`search-request-${r.id}`}>
          {/* The name takes the room and wraps within it; the date and distance keep the right edge, below the name only on a phone. */}
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-mono text-xs text-slate-500">{m.admsrch_request_number({ number: requestNumber(r.id) })}</p>
              <h3 className="text-base font-semibold break-words text-slate-900">{r.business_name}</h3>
            </div>
            <div className="shrink-0 text-xs text-slate-600 sm:text-right">
              <p>{m.admsrch_request_created({ date: formatDate(r.created_at) })}</p>
              <p>{m.admsrch_request_distance({ km: formatKm(r.distance_km) })}</p>
            </div>
          </div>
          <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-2">
            <Fact label={m.areq_field_referent()}>{r.referent}</Fact>
            <Fact label={m.areq_field_contact()}>
              <a href={`mailto:${r.contact}`} className={linkClass}>
                <EmailText email={r.contact} />
              </a>
              {r.telephone && <span className="block text-slate-700">{r.telephone}</span>}
            </Fact>
            <Fact label={m.areq_field_location()}>{m.areq_location_radius({ location: r.location, radius: formatKm(r.radius) })}</Fact>
            <Fact label={m.areq_field_space()}>{space(r)}</Fact>
            <Fact label={m.areq_field_period()}>{period(r)}</Fact>
            <Fact label={m.admsrch_tab_warehouses()}>
              {r.warehouses_count === 1 ? m.admsrch_request_sent_to_one() : m.admsrch_request_sent_to({ count: formatNumber(r.warehouses_count) })}
            </Fact>
          </dl>
          <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 break-words text-slate-700" title={r.message}>
            {excerpt(r.message, 160)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <CardFact label={label} valueClassName="mt-0.5 text-slate-900">
      {children}
    </CardFact>
  );
}
