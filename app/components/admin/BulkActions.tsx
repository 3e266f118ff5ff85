// Acting on many rows of a back-office list at once: the rows picked (a checkbox each, one for
// the whole page: AdminTable's `selection`), or every row the list's filters match (their ids
// read from the list's GET …/ids with the same query); the bar that shows how many are picked
// and the actions; the confirmation that names what an action will do before it is done; the
// report of each row's result; and the notice after a switch that offers "Annulla" for 10 s
// (the inverse bulk call on exactly the rows that changed). Italian only, as the back office.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useRevalidator } from "react-router";
import { m } from "../../paraglide/messages.js";
import { getJson, postJson } from "../../lib/api-client.ts";
import { formatNumber } from "../../lib/format.ts";
import { listQueryFromUrl } from "../../lib/admin-lists.ts";
import type { BulkResponse, BulkResult, MatchingIds } from "../../schemas/admin-bulk.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";

/** How long a switch can be taken back from its notice. */
export const UNDO_SECONDS = 10;

export type ListSelection = {
  selected: ReadonlySet<number>;
  /** The ids of the rows this page shows, in order. */
  pageIds: readonly number[];
  toggle: (id: number, on: boolean) => void;
  togglePage: (on: boolean) => void;
  clear: () => void;
  /** Every row the filters match was picked: how many match (the ids are capped at BULK_MAX_IDS). */
  allMatching: { total: number } | null;
  /** How many rows the list's filters match (the list's count). */
  total: number;
  selectAllMatching: () => void;
  loadingAll: boolean;
  error: string | null;
  /** The accessible name of a row's checkbox. */
  rowLabel: (id: number) => string;
};

/**
 * The rows picked in one list. A new page, search or filter (the URL changes) starts again with
 * none: what was picked is always what the operator sees or said ("all N matching").
 */
export function useListSelection(args: {
  pageIds: readonly number[];
  total: number;
  idsUrl: string;
  urlNames: Record<string, string>;
  rowLabel: (id: number) => string;
}): ListSelection {
  const location = useLocation();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState<{ total: number } | null>(null);
  const [loadingAll, setLoadingAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pageKey = args.pageIds.join(",");
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(null);
    setError(null);
  }, [location.search, pageKey]);

  const toggle = (id: number, on: boolean) => {
    setAllMatching(null);
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const togglePage = (on: boolean) => {
    setAllMatching(null);
    setSelected(on ? new Set(args.pageIds) : new Set());
  };
  const clear = () => {
    setAllMatching(null);
    setSelected(new Set());
  };
  const selectAllMatching = () => {
    setLoadingAll(true);
    setError(null);
    void getJson<MatchingIds>(args.idsUrl, listQueryFromUrl(location.search, args.urlNames)).then((res) => {
      setLoadingAll(false);
      if (!res.ok || !Array.isArray(res.data.ids)) {
        setError(m.admbulk_error_ids());
        return;
      }
      setSelected(new Set(res.data.ids));
      setAllMatching({ total: res.data.total });
    });
  };
  return {
    selected,
    pageIds: args.pageIds,
    toggle,
    togglePage,
    clear,
    allMatching,
    total: args.total,
    selectAllMatching,
    loadingAll,
    error,
    rowLabel: args.rowLabel,
  };
}

const SelectionContext = createContext<ListSelection | null>(null);
export const SelectionProvider = SelectionContext.Provider;

// 44 px to press around a 20 px box (the padding given back by the negative margin).
const boxClass =
  "h-5 w-5 cursor-pointer rounded border-slate-400 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The header's checkbox: every row of this page, checked when all are, mixed when some are. */
export function PageCheckbox({ selection, withText = false }: { selection: ListSelection; withText?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const picked = selection.pageIds.filter((id) => selection.selected.has(id)).length;
  const all = picked > 0 && picked === selection.pageIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = picked > 0 && !all;
  }, [picked, all]);
  return (
    <label className={withText ? "-my-3 inline-flex items-center gap-3 py-3 text-sm font-medium text-slate-700" : "-m-3 inline-flex p-3"}>
      <input
        ref={ref}
        type="checkbox"
        className={boxClass}
        checked={all}
        onChange={(event) => selection.togglePage(event.currentTarget.checked)}
        aria-label={withText ? undefined : m.admbulk_select_page()}
        data-testid={withText ? "select-page-text" : "select-page"}
      />
      {withText && m.admbulk_select_page()}
    </label>
  );
}

/** A row's checkbox, in its own cell (the table's) or placed by a card (`selection` given then). */
export function RowCheckbox({ id, selection: given, cell = true }: { id: number; selection?: ListSelection; cell?: boolean }) {
  const fromTable = useContext(SelectionContext);
  const selection = given ?? fromTable;
  if (!selection) return null;
  const box = (
    <label className="relative z-10 -m-3 inline-flex p-3">
      <input
        type="checkbox"
        className={boxClass}
        checked={selection.selected.has(id)}
        onChange={(event) => selection.toggle(id, event.currentTarget.checked)}
        aria-label={selection.rowLabel(id)}
        data-testid={`select-row-${id}`}
      />
    </label>
  );
  return cell ? <td className="w-px px-4 py-3 align-top">{box}</td> : box;
}

/** The bar over a list once rows are picked: how many, "all N matching", the actions, and clearing. */
export function BulkBar({ selection, children }: { selection: ListSelection; children: ReactNode }) {
  const count = selection.selected.size;
  if (count === 0 && !selection.error) return null;
  const allOnPage = selection.pageIds.length > 0 && selection.pageIds.every((id) => selection.selected.has(id));
  const canWiden = allOnPage && !selection.allMatching && selection.total > selection.pageIds.length;
  return (
    <section
      aria-label={m.admbulk_bar_label()}
      className="sticky bottom-3 z-20 mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-3 shadow-md sm:p-4"
      data-testid="bulk-bar"
    >
      {selection.error && <FormMessage tone="error">{selection.error}</FormMessage>}
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-sm font-semibold text-slate-900" data-testid="bulk-count">
            {selection.allMatching
              ? m.admbulk_selected_all({ count: formatNumber(selection.allMatching.total) })
              : m.admbulk_selected({ count: formatNumber(count) })}
          </p>
          {selection.allMatching && selection.allMatching.total > count && (
            <p className="text-sm text-amber-800">{m.admbulk_selected_capped({ count: formatNumber(count) })}</p>
          )}
          {canWiden && (
            <button
              type="button"
              className={buttonClass("ghost", "sm", "underline")}
              onClick={selection.selectAllMatching}
              disabled={selection.loadingAll}
              aria-busy={selection.loadingAll}
              data-testid="select-all-matching"
            >
              {selection.loadingAll ? m.admbulk_loading_all() : m.admbulk_select_all_matching({ count: formatNumber(selection.total) })}
            </button>
          )}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {children}
            <button type="button" className={buttonClass("secondary", "sm")} onClick={selection.clear}>
              {m.admbulk_clear()}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** A popup that says what an action will do, with how many rows, before it is done. */
export function ConfirmDialog({
  id,
  isOpen,
  title,
  text,
  confirmLabel,
  danger = false,
  pending = false,
  error,
  onConfirm,
  onClose,
  children,
}: {
  id: string;
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <PopupDialog id={id} title={title} isOpen={isOpen} onClose={onClose}>
      <form
        className="space-y-4"
        data-testid={`${id}-form`}
        onSubmit={(event) => {
          // A popup opened from inside another form (a row's switch): its submit is its own.
          event.preventDefault();
          event.stopPropagation();
          if (!pending) onConfirm();
        }}
      >
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <p className="text-sm text-slate-700">{text}</p>
        {children}
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
            {m.admbulk_cancel()}
          </button>
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending}
            className={buttonClass(danger ? "danger" : "primary", "md")}
            data-testid={`${id}-confirm`}
          >
            {pending ? m.form_sending() : confirmLabel}
          </button>
        </div>
      </form>
    </PopupDialog>
  );
}

/** What a bulk call answered, or why it could not run (bad input, the network). */
export type BulkOutcome = { ok: true; results: BulkResult[] } | { ok: false };

export async function runBulk(url: string, body: Record<string, unknown>): Promise<BulkOutcome> {
  const res = await postJson<BulkResponse>(url, body);
  return res.ok && Array.isArray(res.data.results) ? { ok: true, results: res.data.results } : { ok: false };
}

export function changedIds(results: readonly BulkResult[]): number[] {
  return results.filter((r) => r.ok && r.changed).map((r) => r.id);
}

function reason(code: string): string {
  if (code === "not_found") return m.admbulk_reason_not_found();
  if (code === "not_waiting") return m.admbulk_reason_not_waiting();
  return m.admbulk_reason_other();
}

/** A notice: a message, the rows that failed and why, and (for a switch) "Annulla" for UNDO_SECONDS. */
export type Notice = {
  tone: "success" | "error";
  message: string;
  failures?: { id: number; name: string; reason: string }[];
  /** Takes the change back; offered for UNDO_SECONDS. */
  undo?: () => Promise<boolean>;
};

/** The report of a bulk call: how many were done, how many already were, which failed and why. */
export function bulkNotice(outcome: BulkOutcome, doneText: (count: string) => string, nameOf: (id: number) => string): Notice {
  if (!outcome.ok) return { tone: "error", message: m.admbulk_error() };
  const done = outcome.results.filter((r) => r.ok);
  const changed = done.filter((r) => r.ok && r.changed).length;
  const failed = outcome.results.filter((r): r is Extract<BulkResult, { ok: false }> => !r.ok);
  let message = `${doneText(formatNumber(changed))} ${m.admbulk_done({ done: formatNumber(done.length), count: formatNumber(outcome.results.length) })}`;
  if (done.length > changed) message += ` ${m.admbulk_unchanged({ count: formatNumber(done.length - changed) })}`;
  return {
    tone: failed.length ? "error" : "success",
    message,
    failures: failed.map((r) => ({ id: r.id, name: nameOf(r.id), reason: reason(r.error) })),
  };
}

/**
 * The page's one notice, after a single switch or a bulk action. It is announced (aria-live)
 * and takes the focus (the bar or the popup that had it is gone); "Annulla" stays UNDO_SECONDS.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [undoOpen, setUndoOpen] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const revalidator = useRevalidator();
  const show = useCallback((next: Notice) => {
    setNotice(next);
    setUndoOpen(Boolean(next.undo));
    // After the popup closes and gives the focus back to its opener.
    setTimeout(() => ref.current?.focus(), 50);
  }, []);
  useEffect(() => {
    if (!undoOpen) return;
    const timer = setTimeout(() => setUndoOpen(false), UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undoOpen, notice]);

  const undo = async () => {
    if (!notice?.undo) return;
    setUndoing(true);
    const ok = await notice.undo();
    setUndoing(false);
    setUndoOpen(false);
    setNotice({ tone: ok ? "success" : "error", message: ok ? m.admbulk_undone() : m.admbulk_undo_failed() });
    void revalidator.revalidate();
  };

  const element = (
    <div ref={ref} tabIndex={-1} aria-live="polite" className={notice ? "mt-6 outline-none" : "outline-none"} data-testid="bulk-notice">
      {notice && (
        <div
          className={`flex flex-wrap items-start gap-3 rounded-lg border px-3 py-2.5 text-sm ${notice.tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-800"}`}
        >
          <div className="min-w-0 flex-1">
            <p>{notice.message}</p>
            {notice.failures && notice.failures.length > 0 && (
              <>
                <p className="mt-1 font-semibold">{m.admbulk_failed_title({ count: formatNumber(notice.failures.length) })}</p>
                <ul className="mt-1 list-disc pl-5" data-testid="bulk-failures">
                  {notice.failures.slice(0, 50).map((f) => (
                    <li key={f.id}>
                      {f.name} (#{f.id}): {f.reason}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          {notice.undo && undoOpen && (
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() => void undo()}
              disabled={undoing}
              aria-busy={undoing}
              data-testid="bulk-undo"
            >
              {m.admbulk_undo()}
            </button>
          )}
          <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setNotice(null)} aria-label={m.admbulk_dismiss()}>
            ×
          </button>
        </div>
      )}
    </div>
  );
  return { show, element };
}

/** The words of a list's on/off actions, with the count (a formatted number). */
export type ToggleTexts = {
  on: string;
  off: string;
  onTitle: (count: string) => string;
  onText: (count: string) => string;
  offTitle: (count: string) => string;
  offText: (count: string) => string;
  onDone: (count: string) => string;
  offDone: (count: string) => string;
};

/**
 * A list's "Attiva" and "Disattiva" for the rows picked: each asks first with the count, runs the
 * bulk call, reports each row, and offers to take back exactly the rows that changed.
 */
export function BulkToggleActions({
  selection,
  url,
  body,
  texts,
  nameOf,
  showNotice,
}: {
  selection: ListSelection;
  url: string;
  /** The bulk call's body for these ids switched on (true) or off. */
  body: (ids: number[], on: boolean) => Record<string, unknown>;
  texts: ToggleTexts;
  nameOf: (id: number) => string;
  showNotice: (notice: Notice) => void;
}) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const count = formatNumber(selection.selected.size);
  const open = (on: boolean) => {
    setError(null);
    setAsked(on);
  };
  const run = async () => {
    if (asked === null) return;
    const on = asked;
    setPending(true);
    const outcome = await runBulk(url, body([...selection.selected], on));
    setPending(false);
    if (!outcome.ok) {
      setError(m.admbulk_error());
      return;
    }
    setAsked(null);
    selection.clear();
    const changed = changedIds(outcome.results);
    showNotice({
      ...bulkNotice(outcome, on ? texts.onDone : texts.offDone, nameOf),
      undo: changed.length ? () => runBulk(url, body(changed, !on)).then((o) => o.ok) : undefined,
    });
    void revalidator.revalidate();
  };
  return (
    <>
      <button type="button" className={buttonClass("secondary", "sm")} onClick={() => open(true)} data-testid="bulk-on">
        {texts.on}
      </button>
      <button type="button" className={buttonClass("danger", "sm")} onClick={() => open(false)} data-testid="bulk-off">
        {texts.off}
      </button>
      <ConfirmDialog
        id="bulk-toggle"
        isOpen={asked !== null}
        title={asked ? texts.onTitle(count) : texts.offTitle(count)}
        text={asked ? texts.onText(count) : texts.offText(count)}
        confirmLabel={asked ? texts.onTitle(count) : texts.offTitle(count)}
        danger={asked === false}
        pending={pending}
        error={error}
        onConfirm={() => void run()}
        onClose={() => setAsked(null)}
      />
    </>
  );
}

/** The single switch's notice: what it did, and "Annulla" (the bulk call's inverse on that one row). */
export function toggledNotice(args: {
  id: number;
  on: boolean;
  message: string;
  url: string;
  body: (ids: number[], on: boolean) => Record<string, unknown>;
}): Notice {
  return { tone: "success", message: args.message, undo: () => runBulk(args.url, args.body([args.id], !args.on)).then((o) => o.ok) };
}

export const WAREHOUSES_BULK_URL = "/api/admin/warehouses/bulk-toggle-deactivated";
export const USERS_BULK_URL = "/api/admin/users/bulk-toggle-active";
export const warehousesBody = (ids: number[], on: boolean) => ({ ids, deactivated: !on });
export const usersBody = (ids: number[], on: boolean) => ({ ids, active: on });
