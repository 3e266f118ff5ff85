// The page forms that work before the page's script runs (a plain POST that draws the page
// again): the specification form of the back office, the review and report forms. A refused save
// answers the form with the fields in error, the sentence in the user's language and what was
// typed, so the page shows the form as it was; a save goes on (the list, the done notice).
import { beforeAll, describe, expect, it } from "vitest";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../tests/support/db.ts";
import { testContext } from "../../tests/support/endpoint.ts";
import { actorOf, makeClaimedWarehouse, makeRequest, makeUser } from "../../tests/support/factories.ts";
import type { User } from "../server/db/types.ts";
import type { Locale } from "../lib/locale.ts";
import { action as specificationNew } from "./admin/specification-new.tsx";
import { action as specificationEdit } from "./admin/specification-edit.tsx";
import { action as reviewPage } from "./request-review.tsx";
import { action as reportPage } from "./request-report.tsx";

const t = useTestDatabase();

type PageAction = (args: { request: Request; params: Record<string, string>; context: Readonly<RouterContextProvider> }) => Promise<unknown>;

function post(action: PageAction, user: User | null, fields: Record<string, string>, opts: { params?: Record<string, string>; locale?: Locale } = {}) {
  const request = new Request("http://stockspace.test/page", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const context = testContext(t.db, { actor: user ? actorOf(user) : null, locale: opts.locale ?? "it" }) as unknown as Readonly<RouterContextProvider>;
  return action({ request, params: opts.params ?? {}, context });
}

/** The error page's status (a thrown data()), or the redirect's (a Response). */
async function outcome(work: Promise<unknown>): Promise<number | unknown> {
  try {
    const value = await work;
    return value instanceof Response ? value.status : value;
  } catch (err) {
    if (err instanceof Response) return err.status;
    return (err as { init?: { status?: number } }).init?.status;
  }
}

describe("the specification form", () => {
  let admin: User;
  beforeAll(async () => {
    admin = await makeUser(t.db, { role: "admin" });
  });

  it("keeps what was typed with the fields in error, in Italian, and saves nothing", async () => {
    const before = await t.db.selectFrom("specifications").select("id").execute();
    const typed = {
      "specification_data[cat_id]": "",
      "specification_data[value]": "",
      "specification_data[value_en]": "Cold room",
      "specification_data[description]": "Tra 0 e 4 °C",
    };
    expect(await post(specificationNew, admin, { ...typed, _xsrf: "token" })).toEqual({
      ok: false,
      intent: null,
      error: "invalid",
      errors: { cat_id: "required", value: "required" },
      message: "Alcuni campi mancano o non sono validi. Controlla i campi evidenziati.",
      values: { cat_id: "", value: "", value_en: "Cold room", description: "Tra 0 e 4 °C" },
    });
    expect(await t.db.selectFrom("specifications").select("id").execute()).toHaveLength(before.length);
  });

  it("saves with the JSON call's body and goes to the list; editing a value gone is the form's not_found", async () => {
    const saved = await post(specificationNew, admin, { "specification_data[cat_id]": "2", "specification_data[value]": "Cella frigorifera di prova" });
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe("/admin/specifications");
    const row = await t.db.selectFrom("specifications").select(["id", "cat_id"]).where("value", "=", "Cella frigorifera di prova").executeTakeFirstOrThrow();
    expect(row.cat_id).toBe(2);
    expect(await outcome(post(specificationEdit, admin, { "specification_data[value]": "Cella rinominata" }, { params: { id: String(row.id) } }))).toBe(302);
    expect(await post(specificationEdit, admin, { "specification_data[value]": "Nuovo" }, { params: { id: "999999999" } })).toMatchObject({
      ok: false,
      error: "not_found",
      values: { value: "Nuovo" },
    });
    expect(await outcome(post(specificationEdit, admin, { "specification_data[value]": "Nuovo" }, { params: { id: "abc" } }))).toBe(404);
  });

  it("is the back office's: a visitor gets the 401 page, a stocker the 403 page", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    expect(await outcome(post(specificationNew, null, { "specification_data[value]": "x" }))).toBe(401);
    expect(await outcome(post(specificationNew, stocker, { "specification_data[value]": "x" }))).toBe(403);
  });
});

describe("the review and report forms", () => {
  let hunter: User;
  let warehouseId: number;
  let requestId: number;
  beforeAll(async () => {
    hunter = await makeUser(t.db, { role: "stock_hunter" });
    const w = await makeClaimedWarehouse(t.db, { name: "Deposito Moduli" });
    warehouseId = w.warehouse.id;
    requestId = (await makeRequest(t.db, { userId: hunter.id, warehouseIds: [warehouseId], state: "confirmed" })).request.id;
  });
  const params = () => ({ warehouseId: String(warehouseId), requestId: String(requestId) });

  it("a report refused keeps what was typed and says why in the user's language", async () => {
    const typed = { full_name: "", email: "giulia@test.example", telephone: "333 1234567", subject: "Consegna in ritardo", description: "" };
    expect(await post(reportPage, hunter, typed, { params: params(), locale: "en" })).toEqual({
      ok: false,
      intent: null,
      error: "invalid",
      errors: { full_name: "required", description: "required" },
      message: "Some fields are missing or not valid. Please check the highlighted fields.",
      values: typed,
    });
    expect(await t.db.selectFrom("reports").select("id").where("user_id", "=", hunter.id).execute()).toEqual([]);
  });

  it("a report saved; a second one while the first is open is the form's already_reported, with what was typed", async () => {
    const report = {
      full_name: "Giulia Bianchi",
      email: "giulia@test.example",
      telephone: "333 1234567",
      subject: "Ritardo",
      description: "Nessuna risposta.",
    };
    expect(await post(reportPage, hunter, report, { params: params() })).toEqual({ ok: true, savedId: expect.any(Number) });
    expect(await post(reportPage, hunter, { ...report, subject: "Ancora" }, { params: params() })).toMatchObject({
      ok: false,
      error: "already_reported",
      errors: {},
      values: { subject: "Ancora" },
    });
  });

  it("a review refused keeps the ratings and texts typed; a stranger's post is the form's not_found, a visitor's the 401 page", async () => {
    const typed = { full_name: "Giulia Bianchi", email: "not-an-address", telephone: "333 1234567", description: "Puntuali.", reliability_value: "5" };
    expect(await post(reviewPage, hunter, typed, { params: params() })).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { email: "email" },
      values: typed,
    });
    const stranger = await makeUser(t.db, { role: "stock_hunter" });
    expect(await post(reviewPage, stranger, { ...typed, email: "g@test.example" }, { params: params() })).toMatchObject({ ok: false, error: "not_found" });
    expect(await outcome(post(reviewPage, null, typed, { params: params() }))).toBe(401);
    expect(await outcome(post(reviewPage, hunter, typed, { params: { warehouseId: "x", requestId: "1" } }))).toBe(404);
    expect(await t.db.selectFrom("reviews").select("id").where("user_id", "=", hunter.id).execute()).toEqual([]);
  });
});
