// The requester's pages of a request, as their forms post to them: the hunter's page and the
// personal page take the answers to an offer and a message on a link; the personal page also
// the visitor's follow-up; an administrator looking at the hunter's area writes nothing; the
// loaders carry each link's thread.
import type { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeOffer, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../../server/db/types.ts";
import { requestAccessToken } from "../../server/deal/request-access.service.ts";
import { hunterComparisonPageAction, hunterComparisonPageLoader, visitorComparisonPageAction, visitorComparisonPageLoader } from "./comparison-pages.server.ts";

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";
const context = (user: User | null) => testContext(t.db, { actor: user ? actorOf(user) : null }) as unknown as Readonly<RouterContextProvider>;

const offerOn = (linkId: number) => makeOffer(t.db, linkId, { valid_until: "2031-01-01" });

const post = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

let hunter: User, owner: User;
let requestId: number, links: number[];

beforeEach(async () => {
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  owner = await makeUser(t.db, { role: "stocker" });
  const a = await makeWarehouse(t.db, { user_id: owner.id });
  const b = await makeWarehouse(t.db, { user_id: owner.id });
  const made = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [a.id, b.id] });
  requestId = made.request.id;
  links = made.links.map((l) => l.id);
});

describe("the hunter's page of a request", () => {
  const path = () => `/it/stock-hunter/profile/messages/${requestId}`;
  const act = (user: User, fields: Record<string, string>, params: Record<string, string> = { id: String(requestId) }) =>
    hunterComparisonPageAction({ request: post(path(), fields), params, context: context(user) });

  it("posts a message and accepts an offer, declining the other; the loader shows the thread", async () => {
    const first = await offerOn(links[0]!);
    await offerOn(links[1]!);
    expect(await act(hunter, { intent: "message", link_id: String(links[0]), message: "Possiamo visitarlo?" })).toMatchObject({ ok: true, intent: "message" });
    expect(await act(hunter, { intent: "accept", offer_id: String(first.id), decline_others: "on" })).toMatchObject({ ok: true, intent: "accept" });
    const states = await t.db.selectFrom("request_offers").select(["link_id", "state"]).where("link_id", "in", links).orderBy("link_id").execute();
    expect(states.map((s) => s.state)).toEqual(["accepted", "declined"]);

    const page = await hunterComparisonPageLoader({ request: new Request(`${ORIGIN}${path()}`), params: { id: String(requestId) }, context: context(hunter) });
    expect(page.conversations[String(links[0])]!.messages.map((m) => m.body)).toEqual(["Possiamo visitarlo?"]);
  });

  it("refuses another hunter's link in the form, and an administrator looking at the area writes nothing", async () => {
    const other = await makeUser(t.db, { role: "stock_hunter" });
    expect(await act(other, { intent: "message", link_id: String(links[0]), message: "Ciao" }, { id: String(requestId) })).toMatchObject({
      ok: false,
      error: "not_found",
    });
    const admin = await makeUser(t.db, { role: "admin" });
    const asAdmin = (fields: Record<string, string>) =>
      hunterComparisonPageAction({
        request: post(`/admin/stock-hunter/${hunter.id}/messages/${requestId}`, fields),
        params: { userId: String(hunter.id), id: String(requestId) },
        context: context(admin),
      });
    const refused = await asAdmin({ intent: "message", link_id: String(links[0]), message: "Mai" }).catch((e: unknown) => e);
    expect(JSON.stringify(refused)).toMatch(/forbidden|403/);
    expect(await t.db.selectFrom("request_messages").selectAll().where("link_id", "in", links).execute()).toEqual([]);
  });

  it("answers bad input in the form and changes nothing", async () => {
    expect(await act(hunter, { intent: "message", link_id: String(links[0]), message: "   " })).toMatchObject({ ok: false, error: "invalid" });
    expect(await act(hunter, { intent: "nonsense" })).toMatchObject({ ok: false });
    expect(await t.db.selectFrom("request_messages").selectAll().where("link_id", "in", links).execute()).toEqual([]);
  });
});

describe("the personal page of a visitor's request", () => {
  it("posts a message and declines an offer in the request's name, with the follow-up panel's data", async () => {
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const visitor = await makeRequest(t.db, { userId: null, warehouseIds: [w.id], contact: "ospite@example.test" });
    const offer = await offerOn(visitor.links[0]!.id);
    const token = await requestAccessToken(t.db, visitor.request.id);
    const params = { locale: "it", token };
    const act = (fields: Record<string, string>) =>
      visitorComparisonPageAction({ request: post(`/it/requests/${token}`, fields), params, context: context(null) });

    expect(await act({ intent: "message", link_id: String(visitor.links[0]!.id), message: "Grazie, ci sentiamo" })).toMatchObject({ ok: true });
    expect(await act({ intent: "decline", offer_id: String(offer.id), reason: "Troppo lontano" })).toMatchObject({ ok: true, intent: "decline" });
    // Another request's link is not this page's.
    expect(await act({ intent: "message", link_id: String(links[0]), message: "Intruso" })).toMatchObject({ ok: false, error: "not_found" });

    const page = await visitorComparisonPageLoader({ request: new Request(`${ORIGIN}/it/requests/${token}`), params, context: context(null) });
    expect(page.followUp).toMatchObject({ number: expect.any(String), hunter: false, loggedIn: false });
    expect(page.followUp!.contact).not.toBe("ospite@example.test");
    expect(page.conversations[String(visitor.links[0]!.id)]!.messages).toHaveLength(1);

    // A forged token opens nothing.
    const forged = await visitorComparisonPageAction({
      request: post(`/it/requests/${"A".repeat(43)}`, { intent: "message", link_id: String(visitor.links[0]!.id), message: "x" }),
      params: { locale: "it", token: "A".repeat(43) },
      context: context(null),
    }).catch((e: unknown) => e);
    expect(JSON.stringify(forged)).toMatch(/not_found|404/);
  });
});
