// The pickers' warehouse search against a real HTTP server that answers when the test says so:
// the loading flag after a cancelled request, and that a cancelled answer never lands.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWarehouseSearch, type WarehouseSearchState } from "./warehouse-search.ts";

type Held = { url: string; answer: (status: number, body: unknown) => void; closed: Promise<void> };
const held: Held[] = [];
let waiting: ((h: Held) => void) | null = null;
let base = "";
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const h: Held = {
    url: req.url ?? "",
    answer: (status, body) => {
      if (res.destroyed) return;
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    },
    closed: new Promise((resolve) => res.on("close", () => resolve())),
  };
  if (waiting) {
    const w = waiting;
    waiting = null;
    w(h);
  } else held.push(h);
});
const nextRequest = () => (held.length ? Promise.resolve(held.shift()!) : new Promise<Held>((resolve) => (waiting = resolve)));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The state as a component would hold it, built from the search's updates. */
function tracked() {
  const state: { current: WarehouseSearchState<{ id: number }> } = { current: { results: null, loading: false, failed: false } };
  return { state, update: (patch: Partial<WarehouseSearchState<{ id: number }>>) => (state.current = { ...state.current, ...patch }) };
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startWarehouseSearch", () => {
  it("waits for the pause, sends the query with the extra parameters, and shows the answer", async () => {
    const { state, update } = tracked();
    const cancel = startWarehouseSearch({ url: `${base}/search`, query: { search_term: "lodi", type: "all" }, delayMs: 30 }, update, {
      extraQuery: () => ({ ids: [4, 5] }),
    });
    expect(state.current.loading).toBe(false);
    const request = await nextRequest();
    expect(new URL(request.url, base).searchParams.getAll("ids[]")).toEqual(["4", "5"]);
    expect(new URL(request.url, base).searchParams.get("search_term")).toBe("lodi");
    expect(state.current.loading).toBe(true);
    request.answer(200, { warehouses: [{ id: 1 }] });
    await expect.poll(() => state.current.loading).toBe(false);
    expect(state.current).toEqual({ results: [{ id: 1 }], loading: false, failed: false });
    cancel();
  });

  it("a cancelled request leaves the loading flag false, and its answer never lands", async () => {
    const { state, update } = tracked();
    const cancel = startWarehouseSearch({ url: `${base}/search`, query: { search_term: "a" }, delayMs: 0 }, update);
    const request = await nextRequest();
    expect(state.current.loading).toBe(true);
    cancel();
    expect(state.current.loading).toBe(false);
    await request.closed;
    request.answer(200, { warehouses: [{ id: 9 }] });
    await wait(50);
    expect(state.current).toEqual({ results: null, loading: false, failed: false });
  });

  it("the cancelled request's end does not clear the loading flag of the search after it", async () => {
    const { state, update } = tracked();
    const cancelFirst = startWarehouseSearch({ url: `${base}/search`, query: { search_term: "a" }, delayMs: 0 }, update);
    const first = await nextRequest();
    cancelFirst();
    const cancelSecond = startWarehouseSearch({ url: `${base}/search`, query: { search_term: "ab" }, delayMs: 0 }, update);
    const second = await nextRequest();
    expect(state.current.loading).toBe(true);
    // The first one ends (aborted) while the second is on its way.
    await first.closed;
    await wait(50);
    expect(state.current.loading).toBe(true);
    second.answer(200, { warehouses: [{ id: 2 }] });
    await expect.poll(() => state.current.loading).toBe(false);
    expect(state.current.results).toEqual([{ id: 2 }]);
    cancelSecond();
  });

  it("a failed search says so and keeps the results; a search held by a pick waits for the hold", async () => {
    const { state, update } = tracked();
    state.current = { results: [{ id: 3 }], loading: false, failed: false };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const holdEnds = Date.now() + 120;
      const cancel = startWarehouseSearch({ url: `${base}/search`, query: {}, delayMs: 0 }, update, { holdUntil: () => holdEnds });
      const request = await nextRequest();
      expect(Date.now()).toBeGreaterThanOrEqual(holdEnds);
      request.answer(500, { error: "general" });
      await expect.poll(() => state.current.failed).toBe(true);
      expect(state.current).toEqual({ results: [{ id: 3 }], loading: false, failed: true });
      expect(errors).toHaveLength(1);
      cancel();
    } finally {
      console.error = original;
    }
  });

  it("nothing to search clears the results", () => {
    const { state, update } = tracked();
    state.current = { results: [{ id: 3 }], loading: false, failed: false };
    startWarehouseSearch(null, update)();
    expect(state.current.results).toBeNull();
  });
});
