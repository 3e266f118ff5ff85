// The back office's warehouse pickers (the CRM entry's warehouse, the approval's warehouse, the
// warehouses added to a quote request) search as one types: a search waits for the typing to
// pause, goes through the API client, and a newer one cancels the one before. One piece for the
// three of them, so the loading flag follows the same rule everywhere: true while a request of
// the current input is on its way, false once it answered or was cancelled; a cancelled request
// never changes the state (its late end would otherwise clear the flag of the one after it).
import { useEffect, useRef, useState } from "react";
import { getJson, toQueryString, type Query } from "./api-client.ts";

export type WarehouseSearchState<T> = {
  /** The last answer's warehouses; null before any, and while there is nothing to search. */
  results: T[] | null;
  loading: boolean;
  /** The last search failed (the results stay as they were). */
  failed: boolean;
};

/** What to search: a new url or query starts a new search; null searches nothing and clears the results. */
export type WarehouseSearchRequest = { url: string; query: Query; delayMs: number } | null;

export type WarehouseSearchOptions = {
  /** Parameters read when the search is sent, that do not start one by themselves (the ids already picked). */
  extraQuery?: () => Query;
  /** No search is sent before this time (ms since the epoch); one due earlier waits for it. */
  holdUntil?: () => number;
};

export const EMPTY_WAREHOUSE_SEARCH = { results: null, loading: false, failed: false } as const;

/**
 * Runs one search (after its delay) and reports its state through `update`; the returned
 * function cancels it: the timer is cleared, a request on its way is aborted and the loading
 * flag goes back to false. Framework-free, so that its timing can be tested without a browser.
 */
export function startWarehouseSearch<T>(
  request: WarehouseSearchRequest,
  update: (patch: Partial<WarehouseSearchState<T>>) => void,
  { extraQuery, holdUntil }: WarehouseSearchOptions = {},
): () => void {
  if (!request) {
    update({ results: null, loading: false });
    return () => {};
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  const run = () => {
    const wait = (holdUntil?.() ?? 0) - Date.now();
    if (wait > 0) {
      timer = setTimeout(run, wait);
      return;
    }
    inFlight = true;
    update({ loading: true });
    void getJson<{ warehouses?: T[] }>(request.url, { ...request.query, ...extraQuery?.() }, { signal: controller.signal }).then((res) => {
      // Cancelled: the canceller has set the state already, and a newer search may be on its way.
      if (controller.signal.aborted) return;
      inFlight = false;
      if (res.ok) update({ results: res.data.warehouses ?? [], loading: false, failed: false });
      else {
        // An error answer is only logged and said: the list stays as it was.
        console.error("warehouse search failed", res.status, res.data.error);
        update({ loading: false, failed: true });
      }
    });
  };
  timer = setTimeout(run, request.delayMs);
  return () => {
    clearTimeout(timer);
    controller.abort();
    if (inFlight) update({ loading: false });
  };
}

/**
 * A picker's search as a hook: a new search each time the request's url or query changes (the
 * delay is read with it: the first, empty search may run at once while typing waits).
 */
export function useWarehouseSearch<T>(request: WarehouseSearchRequest, options: WarehouseSearchOptions = {}): WarehouseSearchState<T> {
  const [state, setState] = useState<WarehouseSearchState<T>>(EMPTY_WAREHOUSE_SEARCH);
  const latest = useRef({ request, options });
  latest.current = { request, options };
  const key = request ? `${request.url}${toQueryString(request.query)}` : null;
  useEffect(
    () =>
      startWarehouseSearch<T>(latest.current.request, (patch) => setState((s) => ({ ...s, ...patch })), {
        extraQuery: () => latest.current.options.extraQuery?.() ?? {},
        holdUntil: () => latest.current.options.holdUntil?.() ?? 0,
      }),
    // The request's url and query, as one string: a new search only when they change.
    [key],
  );
  return state;
}
