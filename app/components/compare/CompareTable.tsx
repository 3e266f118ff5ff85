// The comparison as a table: a column per warehouse (photo with a remove link, then the name
// linking to its sheet as the column's header) and aligned rows of facts, spaces and
// specifications (by category, each collapsible, ✓ / — per warehouse); the highest value of each
// numeric row stands out, and the "only differences" view leaves out the rows where every
// warehouse says the same. The row labels stay in view (a sticky first column) while the table
// scrolls sideways inside its frame, a named, focusable region so a keyboard can scroll it too;
// where the table fits the screen (up to 5 warehouses on a wide one) the names stay in view
// while the rows scroll, and elsewhere a bar of the names does (StickyNames).
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatNumber, keepHouseNumber } from "../../lib/format.ts";
import type { CompareWarehouse } from "../../lib/compare.ts";
import type { Locale } from "../../lib/locale.ts";
import type { SpecificationGroup } from "../../lib/specifications.ts";
import { buttonClass } from "../ui/styles.ts";
import { CheckIcon, WarehouseIcon } from "../ui/icons.tsx";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { OpeningStatus } from "../warehouse/OpeningStatus.tsx";
import { scheduleRuns, type ScheduleDay, type Weekday } from "../../lib/opening-hours.ts";
import { RatingSummary, ratingOf } from "../warehouse/RatingSummary.tsx";
import { AnswerFacts, VerifiedBadge } from "../warehouse/TrustFacts.tsx";
import { FreeSpacesCell } from "../warehouse/FreeSpaces.tsx";
import { bestIndexes, rowDiffers } from "./compare-rows.ts";
import { ScrollRegion } from "../ui/ScrollRegion.tsx";

export type CompareTableProps = {
  locale: Locale;
  warehouses: CompareWarehouse[];
  specificationGroups: SpecificationGroup[];
  /** Leave out the rows where every warehouse says the same. */
  onlyDifferences: boolean;
  /** The comparison's address without one warehouse (a plain link: works before hydration). */
  removeHref: (id: number) => string;
};

type Row = {
  id: string;
  label: string;
  cells: ReactNode[];
  /** One comparable key per cell: the row differs when they are not all equal. */
  keys: string[];
  /** For numeric rows: the numbers whose highest stands out. */
  numbers?: (number | null)[];
  /** A ✓ / — row: drawn tighter, there are many. */
  compact?: boolean;
};

type Section = { id: string; title: string; rows: Row[]; cat?: { id: number; total: number; counts: number[] } };

export function sheetHref(locale: Locale, id: number): string {
  return `/${locale}/warehouses/${id}`;
}

function Missing({ text }: { text?: string }) {
  return (
    <span className="text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{text ?? m.compare_not_given()}</span>
    </span>
  );
}

function YesNo({ yes }: { yes: boolean }) {
  return yes ? (
    <span className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200 ring-inset">
      <CheckIcon className="h-3.5 w-3.5" />
      <span className="sr-only">{m.compare_yes()}</span>
    </span>
  ) : (
    <span className="inline-flex h-6 w-6 items-center justify-center text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{m.compare_no()}</span>
    </span>
  );
}

/** A site's address as shown in a narrow column: without "www.", and free to wrap after its dots, hyphens and slashes. */
function BreakableHost({ label }: { label: string }) {
  const parts = label.replace(/^www\./i, "").split(/(?<=[.\-/])/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </>
  );
}

/** A weekday in three letters, for a narrow column ("lun", "Mon"). */
function shortDay(day: Weekday): string {
  switch (day) {
    case "mon":
      return m.compare_day_mon();
    case "tue":
      return m.compare_day_tue();
    case "wed":
      return m.compare_day_wed();
    case "thu":
      return m.compare_day_thu();
    case "fri":
      return m.compare_day_fri();
    case "sat":
      return m.compare_day_sat();
    case "sun":
      return m.compare_day_sun();
  }
}

/** The week in a few lines: "lun–ven 08:00–18:00", "sab 08:00–12:00", "dom chiuso"; a week open around the clock in one. */
function WeekHours({ schedule }: { schedule: ScheduleDay[] }) {
  const runs = scheduleRuns(schedule);
  return (
    <ul className="space-y-1">
      {runs.map((run) => {
        const days =
          run.from === "mon" && run.to === "sun"
            ? m.compare_every_day()
            : run.from === run.to
              ? shortDay(run.from)
              : `${shortDay(run.from)}–${shortDay(run.to)}`;
        const hours = run.allDay ? m.compare_hours_all_day() : run.open ? `${run.open}–${run.close}` : m.compare_hours_closed();
        return (
          <li key={run.from} className="flex flex-wrap gap-x-1.5">
            <span className="text-slate-600">{days}</span>
            <span className={run.open || run.allDay ? "text-slate-800 tabular-nums" : "text-slate-500"}>{hours}</span>
          </li>
        );
      })}
    </ul>
  );
}

function numberRow(id: string, label: string, warehouses: CompareWarehouse[], pick: (w: CompareWarehouse) => number | null, show: (n: number) => string): Row {
  const numbers = warehouses.map(pick);
  return {
    id,
    label,
    numbers,
    keys: numbers.map((n) => (n === null ? "" : String(n))),
    cells: numbers.map((n) => (n === null ? <Missing /> : <span className="tabular-nums">{show(n)}</span>)),
  };
}

function factSections(warehouses: CompareWarehouse[], groups: SpecificationGroup[]): Section[] {
  const overview: Row[] = [
    {
      id: "address",
      label: m.compare_address(),
      keys: warehouses.map((w) => `${w.address}|${w.cap}|${w.city}`),
      cells: warehouses.map((w) => (
        <span className="text-slate-800">
          {keepHouseNumber(w.address)}
          <br />
          <span className="text-slate-600">
            {w.cap} {w.city} ({w.province})
          </span>
        </span>
      )),
    },
    {
      id: "website",
      label: m.compare_website(),
      keys: warehouses.map((w) => w.website?.href ?? ""),
      cells: warehouses.map((w) =>
        w.website ? (
          <a
            href={w.website.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            title={w.website.label}
            className="-my-3 block py-3 font-medium break-words text-brand-700 hover:underline sm:my-0 sm:inline sm:py-0"
          >
            <BreakableHost label={w.website.label} />
            <span className="sr-only"> {m.opens_new_tab()}</span>
          </a>
        ) : (
          <Missing />
        ),
      ),
    },
    {
      id: "open",
      label: m.compare_row_open_now(),
      keys: warehouses.map((w) => JSON.stringify(w.opening)),
      cells: warehouses.map((w) => (w.opening ? <OpeningStatus status={w.opening} /> : <Missing text={m.compare_no_hours()} />)),
    },
    {
      id: "hours",
      label: m.sheet_hours_title(),
      keys: warehouses.map((w) => JSON.stringify(w.schedule)),
      cells: warehouses.map((w) => (w.schedule ? <WeekHours schedule={w.schedule} /> : <Missing text={m.compare_no_hours()} />)),
    },
    {
      id: "rating",
      label: m.afb_rating_label(),
      numbers: warehouses.map((w) => ratingOf(w)?.avg_value ?? null),
      keys: warehouses.map((w) => (ratingOf(w) ? `${w.rating_avg}/${w.review_count}` : "")),
      cells: warehouses.map((w) => {
        const rating = ratingOf(w);
        return rating ? <RatingSummary rating={rating} /> : <span className="text-slate-500">{m.compare_no_reviews()}</span>;
      }),
    },
    {
      id: "answers",
      label: m.compare_row_answers(),
      keys: warehouses.map((w) => (w.answer_hours === null ? "" : `${w.answer_hours}/${w.answer_rate}`)),
      cells: warehouses.map((w) =>
        w.answer_hours === null ? <span className="text-slate-500">{m.compare_few_answers()}</span> : <AnswerFacts trust={w} className="text-sm" />,
      ),
    },
    {
      id: "verified",
      label: m.compare_row_verified(),
      keys: warehouses.map((w) => String(w.verified)),
      cells: warehouses.map((w) => (w.verified ? <VerifiedBadge /> : <YesNo yes={false} />)),
    },
    {
      id: "hub",
      label: m.compare_row_hub(),
      keys: warehouses.map((w) => String(w.is_hub)),
      cells: warehouses.map((w) => <YesNo yes={w.is_hub} />),
    },
  ];
  const spaces: Row[] = [
    {
      id: "free_space",
      label: m.sp_sheet_title(),
      keys: warehouses.map((w) => JSON.stringify(w.spaces)),
      cells: warehouses.map((w) => <FreeSpacesCell spaces={w.spaces} />),
    },
    numberRow("total_m2", m.sheet_total_m2(), warehouses, (w) => w.total_m2, formatArea),
    numberRow("m2", m.sheet_internal_m2(), warehouses, (w) => w.m2, formatArea),
    numberRow("m2_external", m.sheet_external_m2(), warehouses, (w) => w.m2_external, formatArea),
    numberRow("m2_office", m.sheet_office_m2(), warehouses, (w) => w.m2_office, formatArea),
    numberRow(
      "height",
      m.sheet_height(),
      warehouses,
      (w) => w.height,
      (n) => `${formatNumber(n)} m`,
    ),
    numberRow(
      "bays_number",
      m.sheet_bays(),
      warehouses,
      (w) => w.bays_number,
      (n) => formatNumber(n),
    ),
  ];
  const main: Row = {
    id: "main_specifications",
    label: m.compare_row_main_specs(),
    keys: warehouses.map((w) => w.specifications.map((s) => s.id).join(",")),
    cells: warehouses.map((w) =>
      w.specifications.length ? (
        <ul className="space-y-1.5">
          {w.specifications.map((spec) => (
            <li key={spec.id} className="flex items-start gap-1.5 text-slate-800">
              <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <span className="min-w-0">{spec.value}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Missing />
      ),
    ),
  };
  const sections: Section[] = [
    { id: "overview", title: m.compare_section_overview(), rows: overview },
    { id: "spaces", title: m.compare_section_spaces(), rows: spaces },
    { id: "specifications", title: m.compare_section_specs(), rows: [main] },
  ];
  for (const group of groups) {
    const has = warehouses.map((w) => new Set(w.specification_ids));
    sections.push({
      id: `cat-${group.cat_id}`,
      title: group.category,
      cat: { id: group.cat_id, total: group.values.length, counts: has.map((set) => group.values.filter((v) => set.has(v.id)).length) },
      rows: group.values.map((spec) => ({
        id: `spec-${spec.id}`,
        label: spec.value,
        keys: has.map((set) => String(set.has(spec.id))),
        cells: has.map((set) => <YesNo yes={set.has(spec.id)} />),
        compact: true,
      })),
    });
  }
  return sections;
}

/** How many columns fit a wide screen (xl) without scrolling sideways. */
const WIDE_COLUMNS = 5;

/** The sticky first column's cell: the labels stay in view while the table scrolls sideways. */
const stickyCell = "sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-slate-200)]";
const cellPad = "px-3 py-3 sm:px-4";

function PhotoCell({ warehouse, removeHref }: { warehouse: CompareWarehouse; removeHref: string }) {
  return (
    <td className="px-3 pt-3 align-top sm:px-4">
      <div className="relative">
        {warehouse.photo ? (
          <img
            src={warehouse.photo.src}
            alt=""
            loading="lazy"
            decoding="async"
            width={warehouse.photo.width ?? undefined}
            height={warehouse.photo.height ?? undefined}
            className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center rounded-xl bg-gradient-to-br from-slate-200 to-slate-100 text-slate-400">
            <WarehouseIcon className="h-9 w-9" />
          </div>
        )}
        <Link
          to={removeHref}
          preventScrollReset
          aria-label={m.compare_remove({ name: warehouse.name })}
          title={m.compare_remove({ name: warehouse.name })}
          className="absolute top-1.5 right-1.5 flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-sm ring-1 ring-slate-900/10 transition-colors sm:h-8 sm:w-8 sm:after:absolute sm:after:-inset-1.5 sm:after:content-[''] hover:bg-white hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          data-testid="compare-remove"
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </Link>
      </div>
    </td>
  );
}

/** The column's header: the name (to the sheet), the hub badge and the town; it stays in view where the page allows it. */
function NameCell({ locale, warehouse, stuck }: { locale: Locale; warehouse: CompareWarehouse; stuck: string }) {
  return (
    <th
      scope="col"
      className={`${stuck} border-b border-slate-200 bg-white px-3 pt-3 pb-3 text-left align-top font-normal sm:px-4`}
      data-testid="compare-column"
      data-warehouse-id={warehouse.id}
    >
      <Link
        to={sheetHref(locale, warehouse.id)}
        className="block text-sm leading-snug font-semibold text-slate-900 hover:text-brand-700 hover:underline"
        data-testid="compare-name"
      >
        {warehouse.name}
      </Link>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        {warehouse.is_hub && <HubBadge />}
        <span>{warehouse.city}</span>
      </div>
    </th>
  );
}

function SectionHead({ section, columns, collapsed, onToggle }: { section: Section; columns: number; collapsed: boolean; onToggle?: () => void }) {
  const bodyId = `compare-${section.id}`;
  if (!section.cat) {
    return (
      <tr>
        <th scope="colgroup" colSpan={columns + 1} className="border-b border-slate-200 bg-slate-50 p-0 text-left">
          <span className="sticky left-0 inline-block px-3 pt-5 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:px-4">
            {section.title}
          </span>
        </th>
      </tr>
    );
  }
  const cat = section.cat;
  return (
    <tr className="bg-slate-50" data-testid="compare-category">
      <th scope="row" className={`${stickyCell} border-b border-slate-200 bg-slate-50 p-0 text-left`}>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          className="flex min-h-11 w-full items-center gap-1 px-2 py-2 text-left text-[13px] font-semibold sm:text-sm text-slate-800 hover:text-brand-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:gap-1.5 sm:px-4"
        >
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={`h-4 w-4 shrink-0 text-slate-500 transition-transform ${collapsed ? "-rotate-90" : ""}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 7.5l5 5 5-5" />
          </svg>
          {/* A group's one long word ("Certificazioni") is wider than a phone's label column: it breaks, hyphenated where the browser can, instead of running into the counts. */}
          <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{section.title}</span>
        </button>
      </th>
      {cat.counts.map((count, i) => (
        <td
          key={i}
          className={`${cellPad} border-b border-slate-200 align-middle text-xs tabular-nums ${count > 0 ? "font-medium text-slate-700" : "text-slate-500"}`}
        >
          {m.compare_category_count({ count, total: cat.total })}
        </td>
      ))}
    </tr>
  );
}

function BodyRow({ row, hidden }: { row: Row; hidden?: boolean }) {
  const best = new Set(row.numbers ? bestIndexes(row.numbers) : []);
  const pad = row.compact ? "px-3 py-2 sm:px-4" : cellPad;
  return (
    <tr hidden={hidden} className="group" data-testid="compare-row" data-row={row.id}>
      <th
        scope="row"
        className={`${stickyCell} ${pad} border-b border-slate-100 bg-white text-left ${row.compact ? "align-middle" : "align-top"} text-xs font-medium text-slate-600 group-hover:bg-slate-50 sm:text-sm`}
      >
        {row.label}
      </th>
      {row.cells.map((cell, i) => (
        <td
          key={i}
          className={`${pad} border-b border-slate-100 text-sm ${row.compact ? "align-middle" : "align-top"} ${best.has(i) ? "bg-emerald-50 group-hover:bg-emerald-100/70" : "group-hover:bg-slate-50"}`}
          data-best={best.has(i) || undefined}
        >
          {best.has(i) ? (
            <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1 font-semibold text-emerald-800">
              {cell}
              <BestMark />
            </span>
          ) : (
            cell
          )}
        </td>
      ))}
    </tr>
  );
}

/** The mark beside a row's highest value (also the legend's sample). */
export function BestMark() {
  return (
    <span className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white" title={m.compare_best()}>
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        className="h-3 w-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M10 15.5v-11M5 9l5-5 5 5" />
      </svg>
      <span className="sr-only">{m.compare_best()}</span>
    </span>
  );
}

/** Where the site's sticky header ends (h-16 and its border). */
const HEADER_BOTTOM = 65;

/**
 * The warehouses' names over their columns once the table's own name row has scrolled away,
 * where that row cannot stick itself (a frame that scrolls sideways is the only thing a sticky
 * cell inside it can stick to): on a phone, 40 rows of ✓ and — down and a column or two across,
 * nothing else says whose column is whose. It follows the frame's sideways scroll and takes
 * its columns' widths from the table, so each name stays over its column. A picture of the
 * table's header for the eyes only: the table's own header cells still name every cell.
 */
function StickyNames({
  warehouses,
  frameRef,
  namesRowRef,
  wrapperRef,
  hiddenOnWide,
}: {
  warehouses: CompareWarehouse[];
  frameRef: RefObject<HTMLDivElement | null>;
  namesRowRef: RefObject<HTMLTableRowElement | null>;
  wrapperRef: RefObject<HTMLDivElement | null>;
  hiddenOnWide: boolean;
}) {
  const [shown, setShown] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const frame = frameRef.current;
    const row = namesRowRef.current;
    const wrapper = wrapperRef.current;
    if (!frame || !row || !wrapper) return;
    const follow = () => {
      if (track.current) track.current.style.transform = `translateX(${-frame.scrollLeft}px)`;
    };
    const measure = () => {
      const [corner, ...names] = [...row.children] as HTMLElement[];
      if (!corner || !spacer.current || !track.current) return;
      spacer.current.style.width = `${corner.getBoundingClientRect().width}px`;
      [...track.current.children].forEach((cell, i) => ((cell as HTMLElement).style.width = `${names[i]?.getBoundingClientRect().width ?? 0}px`));
      follow();
    };
    let frameRequest = 0;
    const place = () => {
      cancelAnimationFrame(frameRequest);
      frameRequest = requestAnimationFrame(() => {
        // Shown from when the name row has gone under the site's header until the table's end comes up to the bar.
        const barHeight = bar.current?.offsetHeight ?? 0;
        setShown(row.getBoundingClientRect().bottom < HEADER_BOTTOM && wrapper.getBoundingClientRect().bottom > HEADER_BOTTOM + barHeight + 24);
      });
    };
    measure();
    place();
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    frame.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      cancelAnimationFrame(frameRequest);
      resized.disconnect();
      frame.removeEventListener("scroll", follow);
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [frameRef, namesRowRef, wrapperRef, warehouses]);

  return (
    <div aria-hidden="true" className={`pointer-events-none sticky top-[65px] z-30 h-0 ${hiddenOnWide ? "xl:hidden" : ""}`}>
      <div
        ref={bar}
        className={`flex overflow-hidden rounded-b-xl border border-t-0 border-slate-200 bg-white shadow-md transition-[opacity,visibility] duration-150 ${shown ? "visible opacity-100" : "invisible opacity-0"}`}
        data-testid="compare-sticky-names"
        data-shown={shown}
      >
        <div ref={spacer} className="w-[8.75rem] shrink-0 border-r border-slate-200 sm:w-44 lg:w-52" />
        <div className="min-w-0 flex-1 overflow-hidden">
          <div ref={track} className="flex will-change-transform">
            {warehouses.map((w) => (
              <div key={w.id} className="w-[9.75rem] shrink-0 px-3 py-2 sm:px-4" data-warehouse-id={w.id}>
                <span className="line-clamp-2 text-xs leading-snug font-semibold text-slate-900">{w.name}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

export function CompareTable({ locale, warehouses, specificationGroups, onlyDifferences, removeHref }: CompareTableProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const wrapper = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const namesRow = useRef<HTMLTableRowElement>(null);
  const sections = factSections(warehouses, specificationGroups);
  const columns = warehouses.length;
  // Up to 5 columns fit a wide screen without scrolling sideways: there the frame lets the table
  // overflow (it does not), so the names' row can stay under the site's header while the rows scroll.
  const fitsWide = columns <= WIDE_COLUMNS;
  // 65px: under the site's sticky header (h-16 and its border).
  const stuck = fitsWide ? "xl:sticky xl:top-[65px] xl:z-20" : "";
  let hiddenRows = 0;
  const shown = sections.flatMap((section) => {
    const rows = onlyDifferences ? section.rows.filter((r) => rowDiffers(r.keys)) : section.rows;
    hiddenRows += section.rows.length - rows.length;
    return rows.length ? [{ ...section, rows }] : [];
  });
  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div ref={wrapper}>
      {onlyDifferences && (
        <p className="mb-3 text-sm text-slate-600" role="status" data-testid="compare-hidden-rows">
          {hiddenRows === 0 ? m.compare_hidden_none() : hiddenRows === 1 ? m.compare_hidden_same_one() : m.compare_hidden_same({ count: hiddenRows })}
        </p>
      )}
      <StickyNames warehouses={warehouses} frameRef={frame} namesRowRef={namesRow} wrapperRef={wrapper} hiddenOnWide={fitsWide} />
      <ScrollRegion
        frameRef={frame}
        label={m.compare_table_region()}
        className={`scroll-pl-[8.75rem] overscroll-x-contain rounded-2xl sm:scroll-pl-44 lg:scroll-pl-52 ${fitsWide ? "xl:overflow-x-visible" : ""} border border-slate-200 bg-white shadow-sm`}
        testId="compare-table"
      >
        <table
          className="w-full min-w-[calc(8.75rem+var(--compare-columns)*9.75rem)] table-fixed border-separate border-spacing-0 sm:min-w-[calc(11rem+var(--compare-columns)*12rem)] lg:min-w-[calc(13rem+var(--compare-columns)*12rem)]"
          style={{ "--compare-columns": columns } as CSSProperties}
        >
          <caption className="sr-only">{m.compare_table_caption({ count: columns })}</caption>
          <colgroup>
            <col className="w-[8.75rem] sm:w-44 lg:w-52" />
            {warehouses.map((w) => (
              <col key={w.id} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td className={`${stickyCell} rounded-tl-2xl bg-white px-3 pt-3 align-bottom sm:px-4`}>
                {/* Where the table may be wider than the screen, the empty corner says it goes on sideways. */}
                {columns > 1 && (
                  <p className={`flex items-end gap-1 text-xs leading-snug text-slate-500 ${fitsWide ? "xl:hidden" : ""}`} aria-hidden="true">
                    {m.compare_scroll_hint()} <span className="text-base leading-none">→</span>
                  </p>
                )}
              </td>
              {warehouses.map((w) => (
                <PhotoCell key={w.id} warehouse={w} removeHref={removeHref(w.id)} />
              ))}
            </tr>
            <tr ref={namesRow}>
              <td className={`${stickyCell} ${stuck} z-30 border-b border-slate-200 bg-white`} />
              {warehouses.map((w) => (
                <NameCell key={w.id} locale={locale} warehouse={w} stuck={stuck} />
              ))}
            </tr>
          </thead>
          {shown.map((section) => {
            const isCollapsed = section.cat ? collapsed.has(section.cat.id) : false;
            return (
              <tbody key={section.id} id={`compare-${section.id}`} data-testid={`compare-section-${section.id}`}>
                <SectionHead section={section} columns={columns} collapsed={isCollapsed} onToggle={section.cat ? () => toggle(section.cat!.id) : undefined} />
                {section.rows.map((row) => (
                  <BodyRow key={row.id} row={row} hidden={isCollapsed} />
                ))}
              </tbody>
            );
          })}
          <tfoot>
            <tr>
              <td className={`${stickyCell} rounded-bl-2xl bg-white`} />
              {warehouses.map((w) => (
                <td key={w.id} className={`${cellPad} align-top`}>
                  <Link to={sheetHref(locale, w.id)} className={buttonClass("secondary", "sm", "w-full text-center sm:min-h-9")}>
                    {m.compare_view_sheet()}
                    <span className="sr-only">: {w.name}</span>
                  </Link>
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </div>
  );
}
