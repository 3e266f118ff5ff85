// The "Aggiungi magazzini" popup of a quote request: a search box (GET
// /api/admin/warehouse-requests/{id}/warehouses/search with the ids already picked, 750 ms after
// typing), the results, a pick moving a warehouse to the selection (chips, each removable) and
// holding the search for 900 ms (so the list does not change under the pointer right after
// a pick), and "Conferma", which posts the ids to the page's action (intent add_warehouses).
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatKm, requestNumber } from "../../lib/format.ts";
import { prepositionA } from "../../lib/italian.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { PageActionFailure, PageActionResult } from "../../lib/page-action.ts";
import { PICK_LOCK_MS, type RequestWarehouseCandidate } from "../../lib/admin-requests.ts";
import { PopupDialog, CloseIcon } from "../ui/PopupDialog.tsx";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { useWarehouseSearch } from "../../lib/warehouse-search.ts";
import { SEARCH_DELAY_MS } from "./SearchBox.tsx";
import { WarehouseSearchInput } from "./WarehouseSearchInput.tsx";
import { WarehouseNameId } from "./WarehouseNameId.tsx";

/** What the page's action answers the popup (its own type is AddWarehousesResult, with the action in routes/admin/requests.tsx). */
type Added = PageActionResult<{ ok: true; added: number }>;

export type DialogRequest = { id: number; business_name: string; location: string; radius: number };

/** The sentence for warehouses not added, from the codes POST …/add-warehouses answers. */
function errorText(failure: PageActionFailure): string {
  if (failure.error === "not_found") return m.admreq_error_not_found();
  if (failure.errors.ids === "unavailable") return m.admreq_error_unavailable();
  if (failure.error === "invalid") return m.admreq_error_required();
  return m.admreq_error_general();
}

export function AddWarehousesDialog({ request, onClose, onDone }: { request: DialogRequest | null; onClose: () => void; onDone: (added: number) => void }) {
  const fetcher = useFetcher<Added>();
  const { csrfToken } = useRootData();
  // The request stays shown while the popup closes.
  const [shown, setShown] = useState<DialogRequest | null>(request);
  const [selected, setSelected] = useState<RequestWarehouseCandidate[]>([]);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef<Added | null>(null);

  useEffect(() => {
    if (!request) return;
    setShown(request);
    setSelected([]);
    setError(null);
    handled.current = fetcher.data ?? null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the popup opens: the answer the fetcher holds then is the last request's
  }, [request]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) onDone(fetcher.data.added);
    else setError(errorText(fetcher.data));
  }, [fetcher.state, fetcher.data, onDone]);

  const pending = fetcher.state !== "idle";
  return (
    <PopupDialog
      id="add-warehouses"
      title={m.admreq_add()}
      subtitle={shown ? m.admreq_dialog_subtitle({ number: requestNumber(shown.id), business_name: shown.business_name }) : undefined}
      isOpen={request !== null}
      onClose={onClose}
      size="lg"
    >
      {shown && (
        <fetcher.Form
          method="post"
          className="space-y-4"
          data-testid="add-warehouses-form"
          onSubmit={(event) => {
            if (selected.length === 0) {
              event.preventDefault();
              setError(m.admreq_error_required());
            }
          }}
        >
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="add_warehouses" />
          <input type="hidden" name="request_id" value={shown.id} />
          {selected.map((w) => (
            <input key={w.id} type="hidden" name="ids[]" value={w.id} />
          ))}
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <Selection selected={selected} onRemove={(id) => setSelected((list) => list.filter((w) => w.id !== id))} />
          <WarehouseSearch
            request={shown}
            selected={selected}
            onPick={(w) => {
              setError(null);
              setSelected((list) => (list.some((s) => s.id === w.id) ? list : [...list, w]));
            }}
          />
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admreq_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")} data-testid="add-warehouses-confirm">
              {pending ? m.form_sending() : m.admreq_confirm()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}

function Selection({ selected, onRemove }: { selected: RequestWarehouseCandidate[]; onRemove: (id: number) => void }) {
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-800" id="add-warehouses-selected">
        {m.admreq_selected({ count: selected.length })}
      </p>
      {selected.length === 0 ? (
        <p className="text-sm text-slate-600">{m.admreq_selected_none()}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-labelledby="add-warehouses-selected" data-testid="add-warehouses-selected">
          {selected.map((w) => (
            <li
              key={w.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset"
            >
              <span className="truncate">
                {w.name} <span className="text-brand-700">· {w.city}</span>
              </span>
              <button
                type="button"
                onClick={() => onRemove(w.id)}
                aria-label={m.admreq_remove({ name: w.name })}
                className="rounded-full p-1 text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <CloseIcon className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The search: 750 ms after typing stops, the warehouses matching the text that the request has
 * not reached and that are not picked; before any text, at once, the nearest ones within the
 * request's radius of its place. A pick takes the warehouse out of the results at once and holds
 * any search for 900 ms; one due in that time runs when the hold ends.
 */
function WarehouseSearch({
  request,
  selected,
  onPick,
}: {
  request: DialogRequest;
  selected: RequestWarehouseCandidate[];
  onPick: (w: RequestWarehouseCandidate) => void;
}) {
  const requestId = request.id;
  const [term, setTerm] = useState("");
  const lockedUntil = useRef(0);
  // The ids to leave out, read when the search runs (a pick does not start a search by itself).
  const selectedIds = useRef<number[]>([]);
  selectedIds.current = selected.map((w) => w.id);
  const text = term.trim();
  // The nearby list (no text) comes at once; typing waits for the pause. An error answer is only
  // logged: the list stays as it was.
  const { results, loading, failed } = useWarehouseSearch<RequestWarehouseCandidate>(
    { url: `/api/admin/warehouse-requests/${requestId}/warehouses/search`, query: { search_term: text || undefined }, delayMs: text ? SEARCH_DELAY_MS : 0 },
    { extraQuery: () => ({ ids: selectedIds.current }), holdUntil: () => lockedUntil.current },
  );

  const picked = new Set(selected.map((w) => w.id));
  const shownResults = (results ?? []).filter((w) => !picked.has(w.id));
  // While no text is typed, the results are the nearby suggestions.
  const nearby = !term.trim();

  return (
    <div className="space-y-3">
      <div>
        <WarehouseSearchInput
          id="add-warehouses-search"
          label={m.admreq_wh_search()}
          labelClassName="mb-1.5 block text-sm font-medium text-slate-800"
          value={term}
          onChange={setTerm}
          enterSubmits
          testId="add-warehouses-search"
        />
      </div>
      {failed && <FormMessage tone="error">{m.admreq_error_general()}</FormMessage>}
      {results === null ? (
        <p className="text-sm text-slate-600" role="status">
          {loading ? m.admreq_wh_loading() : m.admreq_wh_hint()}
        </p>
      ) : shownResults.length === 0 ? (
        nearby ? (
          <p className="text-sm text-slate-600">{m.admreq_wh_hint()}</p>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600" data-testid="add-warehouses-empty">
            {m.admreq_wh_empty()}
          </p>
        )
      ) : (
        <div>
          {nearby && (
            <p className="mb-2 text-sm text-slate-600" data-testid="add-warehouses-nearby">
              {m.admreq_wh_nearby({ a: prepositionA(request.location), location: request.location, radius: formatKm(request.radius) })}
            </p>
          )}
          <ul
            className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200"
            aria-label={m.admreq_wh_results()}
            aria-busy={loading || undefined}
            data-testid="add-warehouses-results"
          >
            {shownResults.map((w) => (
              <li key={w.id}>
                <button
                  type="button"
                  className="flex w-full items-start justify-between gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none"
                  onClick={(event) => {
                    lockedUntil.current = Date.now() + PICK_LOCK_MS;
                    // The picked row leaves the list: keep the keyboard on the next one (or the box).
                    const item = event.currentTarget.closest("li");
                    const next = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector("button");
                    onPick(w);
                    requestAnimationFrame(() => (next ?? document.getElementById("add-warehouses-search"))?.focus());
                  }}
                >
                  {/* Named by what it shows, after the action ("Aggiungi Magazzini Villa #12 … Lodi"). */}
                  <span className="sr-only">{m.admreq_wh_pick_action()} </span>
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <WarehouseNameId name={w.name} id={w.id} />
                      {w.is_hub && <HubBadge />}
                    </span>
                    <span className="block text-slate-600">{[w.address, w.city, w.province ? `(${w.province})` : null].filter(Boolean).join(" ")}</span>
                    {w.distance_km !== null && <span className="block text-xs text-slate-500">{m.admreq_wh_distance({ km: formatKm(w.distance_km) })}</span>}
                  </span>
                  <span aria-hidden="true" className="shrink-0 text-lg leading-none font-semibold text-brand-700">
                    +
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
