// Personal access tokens (decision 059) against the built app: the demo stocker makes a token on
// the area's page, copies it, and a client with no cookie lists the stocker's requests and sends
// an offer with `Authorization: Bearer`; a read token (made through the JSON call) is refused
// the write; another owner's request link is refused; once revoked on the page, the token is 401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRequest } from "../support/factories.ts";
import { describedAnswerChecker } from "../support/described-answers.ts";
import { baseUrl, call, DEMO, hasText, hydrated, jsonHeaders, loggedIn, loginAs, newPage, useAppDatabase, useBrowser, userIdOf } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const RUN = Date.now().toString(36);

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });
const offer = {
  offer_data: {
    m2_type: "m2",
    quantity: 250,
    price_month: 390,
    start_date: day(40),
    end_date: day(220),
    min_term_months: 6,
    included: "Movimentazione",
    notes: `Dal gestionale ${RUN}`,
    valid_until: day(20),
  },
};

let requestId: number;
let linkId: number;
let otherLinkId: number;

beforeAll(async () => {
  const stockerId = await userIdOf(app.db, DEMO.stocker);
  const approved = (mine: boolean) =>
    app.db
      .selectFrom("warehouses")
      .innerJoin("subscription_warehouses as sw", "sw.warehouse_id", "warehouses.id")
      .select("warehouses.id")
      .where("warehouses.user_id", mine ? "=" : "<>", stockerId)
      .where("warehouses.status", "=", "approved")
      .where("warehouses.deactivated", "=", false)
      .orderBy("warehouses.id")
      .executeTakeFirstOrThrow();
  const [mine, theirs] = [await approved(true), await approved(false)];
  const made = await makeRequest(app.db, { userId: null, warehouseIds: [mine.id, theirs.id], contact: `token.${RUN}@example.com` });
  requestId = made.request.id;
  linkId = made.links.find((l) => l.warehouse_id === mine.id)!.id;
  otherLinkId = made.links.find((l) => l.warehouse_id === theirs.id)!.id;
});

// What this file made: no later journey meets it.
afterAll(async () => {
  await app.db.deleteFrom("warehouse_requests").where("id", "=", requestId).execute();
  await app.db.deleteFrom("api_tokens").where("name", "like", `%${RUN}%`).execute();
});

/** A call with the token only: no cookie, no CSRF header. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(baseUrl() + path, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...init.headers } });

describe("a stocker's personal access token", () => {
  it("is made on the page and shown once, works with curl's headers alone, and stops when revoked", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "stocker");
    await page.goto("/it/stocker/profile/api-tokens");
    await hydrated(page);
    await page.getByLabel("Nome").fill(`Gestionale ${RUN}`);
    await page.getByText("Lettura e scrittura", { exact: true }).click();
    await page.getByTestId("api-token-create").click();
    const created = page.getByTestId("api-token-created");
    await hasText(created, `Ecco il tuo nuovo token «Gestionale ${RUN}»`);
    const token = (await page.getByTestId("api-token-value").textContent())!.trim();
    expect(token).toMatch(/^ssp_/);
    await hasText(page.getByTestId("api-token-example"), `curl -H "Authorization: Bearer ${token}"`);
    const card = page.getByTestId("api-token").filter({ hasText: `Gestionale ${RUN}` });
    await hasText(card.getByTestId("api-token-state"), "Attivo");
    await hasText(card, `Termina con …${token.slice(-4)}`);

    // The stocker's requests and an offer, with nothing but the token.
    const list = await withToken(token, "/api/stocker/requests");
    expect(list.status).toBe(200);
    expect(list.headers.getSetCookie()).toEqual([]);
    // As the document says, for a client generated from it.
    (await describedAnswerChecker(baseUrl()))("/api/stocker/requests", "get", await list.json());
    const sent = await withToken(token, `/api/stocker/warehouse-requests/${linkId}/offers`, { method: "POST", body: JSON.stringify(offer) });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const stored = await app.db.selectFrom("request_offers").select(["quantity", "price_month"]).where("link_id", "=", linkId).execute();
    expect(stored).toEqual([{ quantity: 250, price_month: 390 }]);
    // Another owner's link: refused, nothing written.
    expect((await withToken(token, `/api/stocker/warehouse-requests/${otherLinkId}/offers`, { method: "POST", body: JSON.stringify(offer) })).status).toBe(403);
    expect(await app.db.selectFrom("request_offers").select("id").where("link_id", "=", otherLinkId).execute()).toEqual([]);
    // The page shows the use.
    await page.reload();
    await expect.poll(async () => (await card.getByTestId("api-token-last-used").textContent())?.trim()).not.toBe("Mai usato");
    // The token is not on the page any more.
    expect(await page.content()).not.toContain(token);

    // Revoked on the page, after the question.
    await hydrated(page);
    await card.getByTestId("api-token-revoke").click();
    await hasText(card.getByTestId("api-token-revoke-form"), `Revocare il token «Gestionale ${RUN}»?`);
    await card.getByTestId("api-token-revoke-confirm").click();
    await hasText(card.getByTestId("api-token-state"), "Revocato");
    const after = await withToken(token, "/api/stocker/requests");
    expect(after.status).toBe(401);
    expect(after.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    await context.close();
  });

  it("made read-only through the JSON call, reads and is refused a write", async () => {
    const session = await loggedIn(DEMO.stocker);
    const res = await call(session, "/api/tokens/create", {
      method: "POST",
      headers: jsonHeaders(session),
      body: JSON.stringify({ name: `Lettura ${RUN}`, scope: "read", expires_in_days: 7 }),
    });
    expect(res.status).toBe(200);
    const created = (await res.json()) as { token: string };
    // The answers match the API's own document, as a generated client would read them.
    const check = await describedAnswerChecker(baseUrl());
    check("/api/tokens/create", "post", created);
    const list = await call(session, "/api/tokens");
    check("/api/tokens", "get", await list.json());
    const { token } = created;
    expect((await withToken(token, "/api/stocker/requests")).status).toBe(200);
    const write = await withToken(token, `/api/stocker/warehouse-requests/${linkId}/offers`, {
      method: "POST",
      body: JSON.stringify(offer),
      headers: { "Accept-Language": "en" },
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ error: "token_read_only", message: "This API token can only read: making changes needs a read-write token." });
    // The token cannot make another.
    const child = await withToken(token, "/api/tokens/create", { method: "POST", body: JSON.stringify({ name: "x", scope: "read_write" }) });
    expect(child.status).toBe(403);
  });
});
