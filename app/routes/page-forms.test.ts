// The page forms that work before the page's script runs (a plain POST that draws the page
// again): the specification form of the back office. A refused save
// answers the form with the fields in error, the sentence in the user's language and what was
// typed, so the page shows the form as it was; a save goes on (the list, the done notice).
import { beforeAll, describe, expect, it } from "vitest";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../tests/support/db.ts";
import { testContext } from "../../tests/support/endpoint.ts";
import { actorOf, makeUser } from "../../tests/support/factories.ts";
import type { User } from "../server/db/types.ts";
import type { Locale } from "../lib/locale.ts";
import { action as specificationNew } from "./admin/specification-new.tsx";
import { action as specificationEdit } from "./admin/specification-edit.tsx";

const t = useTestDatabase();

type PageAction = (args: { request: Request; params: Record<string, string>; context: Readonly<RouterContextProvider> }) => Promise<unknown>;

function post(action: PageAction, user: User | null, fields: Record<string, string>, opts: { params?: Record<string, string>; locale?: Locale } = {}) {
  const request = new Request("http://stockspace.test/page", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
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
    const typed = { "specification_data[cat_id]": "", "specification_data[value]": "", "specification_data[value_en]": "Cold room", "specification_data[description]": "Tra 0 e 4 °C" };
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
    expect(await post(specificationEdit, admin, { "specification_data[value]": "Nuovo" }, { params: { id: "999999999" } })).toMatchObject({ ok: false, error: "not_found", values: { value: "Nuovo" } });
    expect(await outcome(post(specificationEdit, admin, { "specification_data[value]": "Nuovo" }, { params: { id: "abc" } }))).toBe(404);
  });

  it("is the back office's: a visitor gets the 401 page, a stocker the 403 page", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    expect(await outcome(post(specificationNew, null, { "specification_data[value]": "x" }))).toBe(401);
    expect(await outcome(post(specificationNew, stocker, { "specification_data[value]": "x" }))).toBe(403);
  });
});
