// The pieces the areas' request lists share: what a quote request says (contacts, area,
// space, period, message, requirements), the filters form (sent as a GET, so the filters live
// in the URL like the page number) with the count above the list, and the empty state of a list.
import { useState, type ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatDateTime, formatKm, formatNumber } from "../../lib/format.ts";
import type { RequestDetails, RequestSpecification } from "../../lib/area-requests.ts";
import type { SpecificationGroup } from "../../lib/specifications.ts";
import { REQUEST_STATES } from "../../lib/warehouse-pages.ts";
import { DateInput } from "../ui/DateInput.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { buttonClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { SpecificationGroups } from "../warehouse/SpecificationGroups.tsx";
import { EmptyState } from "../ui/PageParts.tsx";
import { RequestStateLegend, stateLabel } from "./RequestState.tsx";
import { EmailText } from "../ui/EmailText.tsx";

function space(r: Pick<RequestDetails, "m2_type" | "m2_value">): string {
  if (r.m2_value === null) return m.wm_detail_not_given();
  return r.m2_type === "pallet" ? `${formatNumber(r.m2_value)} ${m.areq_unit_pallets()}` : formatArea(r.m2_value);
}

function period(r: Pick<RequestDetails, "start_date" | "end_date">): string {
  if (r.start_date && r.end_date) return `${formatDate(r.start_date)} – ${formatDate(r.end_date)}`;
  if (r.start_date) return m.areq_period_from({ date: formatDate(r.start_date) });
  if (r.end_date) return m.areq_period_until({ date: formatDate(r.end_date) });
  return m.wm_detail_not_given();
}

/** The requested specifications by category, as the warehouse sheet shows them (the first 5 of a long list, with show all). */
function Specifications({ list, headingLevel }: { list: RequestSpecification[]; headingLevel: 4 | 5 }) {
  if (list.length === 0) return <p className="text-slate-600">{m.areq_no_specifications()}</p>;
  const groups: SpecificationGroup[] = [];
  for (const s of list) {
    const last = groups.at(-1);
    const value = { id: s.id, value: s.value, description: null };
    if (last && last.cat_id === s.cat_id) last.values.push(value);
    else groups.push({ cat_id: s.cat_id, category: s.category, values: [value] });
  }
  return <SpecificationGroups groups={groups} headingLevel={headingLevel} />;
}

/**
 * What a request says. `dateLabel` names its date (received, for a handler; sent, for the hunter).
 * `headingLevel`: its parts' headings (message, specifications), one under the heading it sits
 * under: 4 under a "details" heading of a card, 3 right under a card's own heading.
 */
export function RequestDetailsList({
  request: r,
  date,
  dateLabel,
  extra,
  headingLevel = 4,
}: {
  request: RequestDetails;
  date: Date | string;
  dateLabel: string;
  extra?: ReactNode;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const facts: [string, ReactNode][] = [
    [m.areq_field_referent(), r.referent],
    [
      m.areq_field_contact(),
      <a key="mail" href={`mailto:${r.contact}`} className={standaloneTextLinkClass}>
        <EmailText email={r.contact} />
      </a>,
    ],
    [
      m.areq_field_telephone(),
      r.telephone ? (
        <a key="tel" href={`tel:${r.telephone.replace(/[^\d+]/g, "")}`} className={standaloneTextLinkClass}>
          {r.telephone}
        </a>
      ) : (
        m.wm_detail_not_given()
      ),
    ],
    [m.areq_field_location(), r.location ? m.areq_location_radius({ location: r.location, radius: formatKm(r.radius) }) : m.wm_detail_not_given()],
    [m.areq_field_space(), space(r)],
    [m.areq_field_period(), period(r)],
    [dateLabel, formatDateTime(date)],
  ];
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 text-slate-900">{value}</dd>
          </div>
        ))}
        {extra}
      </dl>
      <div>
        <Heading className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_field_message()}</Heading>
        <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-line text-slate-800">{r.message}</p>
      </div>
      <div>
        <Heading className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_field_specifications()}</Heading>
        <Specifications list={r.specifications} headingLevel={headingLevel === 3 ? 4 : 5} />
      </div>
    </div>
  );
}

function filterError(code: string | undefined): string | null {
  if (!code) return null;
  return code === "after_end" || code === "before_start" ? m.areq_filter_error_range() : m.areq_filter_error_invalid();
}

/**
 * The filters of a request list, sent as a GET to the same page (so they stay in the URL and
 * the page number starts again). The warehouse select is the handlers' only.
 */
export function RequestFilters({
  values,
  errors,
  filtered,
  warehouses,
  showState = true,
  keep,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  filtered: boolean;
  warehouses?: { id: number; name: string; city: string }[];
  /** The state select (the back office's request list filters by dates only). */
  showState?: boolean;
  /** Other URL parameters the filters and their clearing keep (a search box's text); null or "" ones are left out. */
  keep?: Record<string, string | null>;
}) {
  const { pathname } = useLocation();
  const kept = Object.fromEntries(Object.entries(keep ?? {}).filter((e): e is [string, string] => !!e[1]));
  const keptQuery = new URLSearchParams(kept).toString();
  // Remounted whenever the URL's filters change (a clear, a back button): the fields show the URL.
  return (
    <FiltersForm
      key={JSON.stringify(values)}
      values={values}
      errors={errors}
      filtered={filtered}
      warehouses={warehouses}
      showState={showState}
      kept={kept}
      clearHref={keptQuery ? `${pathname}?${keptQuery}` : pathname}
    />
  );
}

function FiltersForm({
  values,
  errors,
  filtered,
  warehouses,
  showState,
  kept,
  clearHref,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  filtered: boolean;
  warehouses?: { id: number; name: string; city: string }[];
  showState: boolean;
  kept: Record<string, string>;
  clearHref: string;
}) {
  const submit = useSubmit();
  const [warehouse, setWarehouse] = useState(errors.warehouse_id ? "" : (values.warehouse_id ?? ""));
  // The dates as typed, even when ignored, so a reversed range can be corrected in place.
  const [from, setFrom] = useState(values.from ?? "");
  const [to, setTo] = useState(values.to ?? "");
  const [state, setState] = useState(errors.state ? "" : (values.state ?? ""));
  // A reversed range is reported once, on its end.
  const rangeError = errors.from === "after_end" || errors.to === "before_start";
  return (
    <Form
      method="get"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={m.areq_filters_label()}
      data-testid="request-filters"
      onSubmit={(event) => {
        // Once hydrated, leave the empty fields out of the URL (before, the browser sends them all).
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value !== "") params.set(key, value);
        submit(params, { method: "get" });
      }}
    >
      {Object.entries(kept).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <div className={`grid gap-4 sm:grid-cols-2 ${warehouses && showState ? "lg:grid-cols-4" : warehouses || showState ? "lg:grid-cols-3" : ""}`}>
        {warehouses && (
          <SelectInput
            name="warehouse_id"
            label={m.areq_filter_warehouse()}
            value={warehouse}
            onChange={setWarehouse}
            placeholder={m.areq_filter_all_warehouses()}
            options={warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${w.city})` }))}
            error={filterError(errors.warehouse_id)}
          />
        )}
        <DateInput
          name="from"
          label={m.areq_filter_from()}
          value={from}
          onChange={setFrom}
          max={to || undefined}
          error={rangeError ? null : filterError(errors.from)}
        />
        <DateInput
          name="to"
          label={m.areq_filter_to()}
          value={to}
          onChange={setTo}
          min={from || undefined}
          error={rangeError ? m.areq_filter_error_range() : filterError(errors.to)}
        />
        {showState && (
          <SelectInput
            name="state"
            label={m.areq_filter_state()}
            value={state}
            onChange={setState}
            placeholder={m.areq_filter_all_states()}
            options={REQUEST_STATES.map((s) => ({ value: s, label: stateLabel(s) }))}
            error={filterError(errors.state)}
          />
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass("primary", "sm")}>
          {m.areq_filter_apply()}
        </button>
        {(filtered || Object.keys(errors).length > 0) && (
          <Link to={clearHref} className={buttonClass("ghost", "sm")}>
            {m.areq_filter_clear()}
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * The top of an area's request list: the filters, then the count and the states' legend. Left
 * out while there is no request at all and no filter in play: nothing to filter, and the empty
 * state below says what to do.
 */
export function RequestListTop({
  filters,
  count,
  warehouses,
}: {
  filters: { values: Record<string, string>; errors: Record<string, string>; filtered: boolean };
  count: number;
  warehouses?: { id: number; name: string; city: string }[];
}) {
  if (count === 0 && !filters.filtered && Object.keys(filters.errors).length === 0) return null;
  return (
    <>
      <RequestFilters values={filters.values} errors={filters.errors} filtered={filters.filtered} warehouses={warehouses} />
      <div className="mt-5 mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700" data-testid="requests-count">
          {m.areq_count({ count })}
        </p>
        <RequestStateLegend />
      </div>
    </>
  );
}

/** A list with nothing to show: none at all, none matching the filters, or a page past the end. */
export function RequestsEmpty({ count, filtered, title, hint }: { count: number; filtered: boolean; title: string; hint: ReactNode }) {
  const { pathname, search } = useLocation();
  if (count > 0) {
    const params = new URLSearchParams(search);
    params.delete("page");
    const first = params.toString();
    return (
      <EmptyState title={m.areq_page_empty()}>
        <Link to={`${pathname}${first ? `?${first}` : ""}`} className={standaloneTextLinkClass}>
          {m.areq_first_page()}
        </Link>
      </EmptyState>
    );
  }
  if (filtered) {
    return (
      <EmptyState title={m.areq_filtered_empty()}>
        <Link to={pathname} className={standaloneTextLinkClass}>
          {m.areq_filter_clear()}
        </Link>
      </EmptyState>
    );
  }
  return <EmptyState title={title}>{hint}</EmptyState>;
}
