// The back office in a real browser, as the demo administrator, against the built app: the
// dashboard's counters match the database; a stocker who registered during the test is approved
// as a Stock Keeper with a new warehouse, receives one e-mail (approved, with the link to choose a
// password), sets a password and finds that warehouse in its area; however "Avanti" of the
// approval popup is pressed, it approves nothing; another is refused with a note and is told; one hub request is approved
// and another refused, whose owner asks for a new check from its page; a CRM entry with a follow-up appears under the pending actions and is
// handled; a warehouse is switched off and leaves a visitor's search at once; a location search
// around Bologna shows both tabs with their counts and exports a CSV with the right columns and
// accents; a quote request gets two more warehouses, whose handlers are notified; a specification
// is created, edited and hidden. Every one of those actions is in the audit log. (That every
// /api/admin call answers 401/403 to every other role is the route matrix's job:
// tests/e2e/route-matrix.test.ts has a row per route and method.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { sql } from "kysely";
import { parse } from "csv-parse/sync";
import { makeRequest, makeUser, makeWarehouse } from "../support/factories.ts";
import { requestNumber } from "../../app/lib/format.ts";
import { LOCATION_REQUESTS_CSV_HEADER, LOCATION_WAREHOUSES_CSV_HEADER } from "../../app/server/admin-search/location-search.service.ts";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import ExcelJS from "exceljs";
import {
  call,
  DEMO,
  DEMO_PASSWORD,
  deliveredMailsTo,
  hasText,
  hydrated,
  jar,
  linkIn,
  loggedIn,
  loginAs,
  mailTo,
  newPage,
  tick,
  useAppDatabase,
  useBrowser,
  userIdOf,
} from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

const userId = (email: string) => userIdOf(app.db, email);

/** Ids of a visitor's search results around a place, matching or not. */
async function searchIds(location: string): Promise<number[]> {
  const res = await call(jar(), `/api/warehouses/search?location=${encodeURIComponent(location)}&radius=10`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { warehouses: { id: number }[]; other_warehouses: { id: number }[] };
  return [...body.warehouses, ...body.other_warehouses].map((w) => w.id);
}

/** A stocker's registration request, sent as the public form sends it. */
async function registerStocker(email: string, business: string, warehouseId: number | null = null): Promise<number> {
  const j = jar();
  await call(j, "/it");
  const res = await call(j, "/register", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-XSRF-TOKEN": decodeURIComponent(j.cookies.get("XSRF-TOKEN") ?? "") },
    body: JSON.stringify({
      user_data: {
        role: "stocker",
        email,
        request_business_name: business,
        request_vat: "01234567890",
        request_country: "Italia",
        request_address: "Via Emilia 10",
        request_cap: "40100",
        request_city: "Bologna",
        request_province: "BO",
        ...(warehouseId ? { request_warehouse_id: warehouseId } : {}),
        conditions: 1,
        privacy: 1,
      },
      lang: "it",
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { user_id: number }).user_id;
}

let admin: { context: BrowserContext; page: Page };
let adminId = 0;
/** Audit entries this journey must leave: [action, entity id]. */
const audited: [string, number][] = [];

beforeAll(async () => {
  adminId = await userId(DEMO.admin);
  admin = await newPage(b.browser, { locale: "it", width: 1280 });
  await loginAs(admin.context, "admin");
});

afterAll(async () => {
  await admin?.context.close();
});

describe("every screen", () => {
  it("loads and comes alive in the browser without a script error, on a laptop, a tablet and a phone without sideways scrolling", async () => {
    const screens = [
      "/admin",
      "/admin/stocker-requests",
      "/admin/stockers",
      "/admin/stock-hunters",
      "/admin/transfers",
      "/admin/promo-codes",
      "/admin/crm",
      "/admin/crm-actions",
      "/admin/warehouses",
      "/admin/warehouses/new",
      "/admin/hub-requests",
      "/admin/search?location=Bologna&radius=20",
      "/admin/requests",
      "/admin/specifications",
      "/admin/specifications/new",
      "/admin/audit",
      "/admin/audit?search=demo",
      "/admin/reports",
      "/admin/emails",
    ];
    for (const width of [1280, 768, 375]) {
      const { context, page } = await newPage(b.browser, { locale: "it", width });
      await loginAs(context, "admin");
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
      for (const path of screens) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await hydrated(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        // The top bar's items stay inside its padding, each on one line.
        const bar = await page
          .locator("header > div")
          .first()
          .evaluate((row) => {
            const inner = row.getBoundingClientRect().right - parseFloat(getComputedStyle(row).paddingRight);
            // A label wraps when one of its texts is laid out on more than one line (the links' boxes
            // are 44 px high for a thumb, so their height says nothing about it).
            const wraps = (el: Element) => {
              const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (!node.textContent?.trim()) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) return true;
              }
              return false;
            };
            return [...row.querySelectorAll("a, span, button")]
              .filter((el) => el.getClientRects().length > 0)
              .map((el) => ({ text: el.textContent, right: el.getBoundingClientRect().right, wraps: wraps(el), inner }));
          });
        for (const item of bar) expect(item.right, `${path} at ${width} px: "${item.text}" overflows the bar`).toBeLessThanOrEqual(item.inner + 0.5);
        for (const item of bar) expect(item.wraps, `${path} at ${width} px: "${item.text}" wraps`).toBe(false);
        // On a phone a list is a card of labelled facts per row, not a table to scroll sideways in its frame.
        if (width < 640) {
          for (const table of await page.locator("table.admin-table:visible").all()) {
            const layout = await table.evaluate((t) => ({
              sideways: t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
              heading: getComputedStyle((t as HTMLTableElement).tHead!).display,
              // A visible cell with facts but no label (an actions cell holds only controls).
              unlabelled: [...t.querySelectorAll("tbody td")].filter(
                (td) => td.checkVisibility() && !td.hasAttribute("data-label") && !td.querySelector("a, button, input"),
              ).length,
            }));
            expect(layout, `${path} at ${width} px: a list is not cards`).toEqual({ sideways: 0, heading: "none", unlabelled: 0 });
          }
        }
        // A list's search box keeps room to type in (its filters wrap under it instead).
        for (const box of await page.locator("[role=search] input:visible").all()) {
          expect((await box.boundingBox())!.width, `${path} at ${width} px: the search box is squeezed`).toBeGreaterThanOrEqual(160);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000); // 48 page loads: a minute on a busy 2-core machine
});

describe("the dashboard", () => {
  it("shows the counters the database holds", async () => {
    const { page } = admin;
    await page.goto("/admin");
    const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(app.db)).rows[0]!.n;
    const expected = {
      new_stokers: await count(sql`select count(*)::int as n from users where approval_status = 'pending'`),
      new_requests: await count(sql`select count(*)::int as n from warehouse_requests where created_at > now() - interval '7 days'`),
      transfers_waiting: await count(sql`select count(*)::int as n from subscriptions where stripe_status = 'pending_transfer'`),
      stockers: await count(sql`select count(*)::int as n from users where role = 'stocker' and approval_status not in ('pending', 'refused')`),
      stock_hunters: await count(sql`select count(*)::int as n from users where role = 'stock_hunter'`),
      requests: await count(sql`select count(*)::int as n from warehouse_requests`),
    };
    for (const [key, value] of Object.entries(expected)) {
      await hasText(page.getByTestId(`dashboard-${key}`), new RegExp(`^${value.toLocaleString("it-IT")}$`));
    }
    // The side navigation carries the same "new stockers" number.
    if (expected.new_stokers > 0) await hasText(page.getByTestId("admin-nav").getByTestId("admin-counter-new_stockers"), String(expected.new_stokers));
  });
});

describe("new stockers", () => {
  it("one is approved as a Stock Keeper with a new warehouse, sets a password and finds it; another is refused with a note and is told", async () => {
    const approvedEmail = `nuovo-keeper-${run}@example.com`;
    const refusedEmail = `rifiutato-${run}@example.com`;
    const approvedId = await registerStocker(approvedEmail, `Depositi Felsinei ${run}`);
    const refusedId = await registerStocker(refusedEmail, `Scaffali Dubbi ${run}`);
    const warehouseName = `Polo Logistico Felsineo ${run}`;

    const { page } = admin;
    await page.goto(`/admin/stocker-requests?search=${run}`);
    await hydrated(page);
    await page
      .getByRole("button", { name: `Approva Depositi Felsinei ${run}` })
      .first()
      .click();
    const approve = page.getByTestId("approve-stocker-form");
    // Step 1: the account type must be picked.
    await approve.getByRole("button", { name: "Avanti" }).click();
    await hasText(approve.getByRole("alert").first(), /Completa tutti i campi obbligatori/);
    await approve.getByLabel("Stock Keeper").check();
    await approve.getByRole("button", { name: "Avanti" }).click();
    // Step 2: a new warehouse, prefilled from the registration; all six fields are required.
    await approve.getByText("Nuovo magazzino").click();
    await approve.getByLabel(/^Nome/).fill(warehouseName);
    await approve.getByLabel(/^Provincia/).fill("");
    await approve.getByRole("button", { name: "Approva e invia l'invito" }).click();
    await hasText(approve.getByRole("alert").first(), /Completa tutti i campi obbligatori/);
    expect(await approve.getByLabel(/^Provincia/).getAttribute("aria-invalid")).toBe("true");
    await approve.getByLabel(/^Paese/).fill("Italia");
    await approve.getByLabel(/^Indirizzo/).fill("Via del Lavoro 20");
    await approve.getByLabel(/^CAP/).fill("40127");
    await approve.getByLabel(/^Città/).fill("Bologna");
    await approve.getByLabel(/^Provincia/).fill("BO");
    await approve.getByRole("button", { name: "Approva e invia l'invito" }).click();
    await hasText(page.getByTestId("stocker-decided"), /approvato: l'invito a scegliere la password è stato inviato/);

    const approved = await app.db.selectFrom("users").selectAll().where("id", "=", approvedId).executeTakeFirstOrThrow();
    expect(approved).toMatchObject({ approval_status: "approved", account_type: 1 });
    const created = await app.db.selectFrom("warehouses").selectAll().where("name", "=", warehouseName).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ user_id: approvedId, city: "Bologna", province: "BO" });
    audited.push(["user.approve", approvedId]);

    // The refusal: the note is required, then the stocker is told with it.
    await page
      .getByRole("button", { name: `Rifiuta Scaffali Dubbi ${run}` })
      .first()
      .click();
    const refuse = page.getByTestId("refuse-stocker-form");
    await refuse.getByRole("button", { name: "Rifiuta la richiesta" }).click();
    await hasText(refuse.getByRole("alert").first(), /Completa tutti i campi obbligatori/);
    await refuse.getByLabel(/Nota per lo stocker/).fill("La partita IVA non corrisponde alla ragione sociale.");
    await refuse.getByRole("button", { name: "Rifiuta la richiesta" }).click();
    await hasText(page.getByTestId("stocker-decided"), /è stata rifiutata e lo stocker è stato avvisato/);
    expect(await app.db.selectFrom("users").select(["approval_status", "approval_note"]).where("id", "=", refusedId).executeTakeFirstOrThrow()).toEqual({
      approval_status: "refused",
      approval_note: "La partita IVA non corrisponde alla ragione sociale.",
    });
    const refusal = await mailTo(refusedEmail, { subject: /La tua richiesta di account Stockspace/ });
    expect(refusal.text).toContain("La partita IVA non corrisponde alla ragione sociale.");
    audited.push(["user.refuse", refusedId]);
    // The refused list shows it.
    await page.goto(`/admin/stocker-requests?status=refused&search=${run}`);
    await hasText(page.getByTestId("admin-stocker-requests"), `Scaffali Dubbi ${run}`);

    // One e-mail tells the approved stocker (besides the receipt of the registration): approved,
    // with the link to choose the password; no separate invitation, no "open your area" to
    // someone who has no password yet.
    const received = await deliveredMailsTo(app.db, approvedEmail);
    expect(received.map((mail) => mail.subject).sort()).toEqual([
      "Abbiamo ricevuto la tua richiesta Stockspace",
      "Il tuo account Stockspace è stato approvato",
    ]);
    const invitation = received.find((mail) => mail.subject === "Il tuo account Stockspace è stato approvato")!;
    expect(invitation.text).toContain("Scegli la password");
    expect(invitation.text).not.toContain("/it/stocker/profile");
    // With it the new stock keeper chooses a password and finds the warehouse.
    const keeper = await newPage(b.browser, { locale: "it" });
    await keeper.page.goto(linkIn(invitation.text, /\/complete-account\//));
    await keeper.page.locator("[name=first_name]").fill("Elena");
    await keeper.page.locator("[name=last_name]").fill("Bassi");
    await keeper.page.locator("[name=telephone]").fill("+39 051 5550123");
    await keeper.page.locator("[name=password]").fill("magazzino-felsineo-7");
    await keeper.page.locator("[name=confirm_password]").fill("magazzino-felsineo-7");
    await keeper.page.getByRole("button", { name: "Salva e continua" }).click();
    await keeper.page.waitForURL("**/it/stocker/profile**");
    await keeper.context.close();
    // And logs in with it, to find the warehouse in its area.
    const j = await loggedIn(approvedEmail, "magazzino-felsineo-7");
    const list = await call(j, "/it/stocker/profile/warehouses");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(warehouseName);
  });
});

describe("the approval popup's step 1", () => {
  // "Avanti" and step 2's "Approva e invia l'invito" take the same spot: pressing the first must
  // never approve, however it is pressed and however fast, and step 2 opens clean.
  it("goes on to step 2 and approves nothing, clicked, pressed with Enter, double-clicked, twice in a row; after the approval the focus is on its confirmation", async () => {
    const free = await makeWarehouse(app.db, { user_id: null, name: `Deposito Libero ${run}` });
    const named = { email: `con-magazzino-${run}@example.com`, business: `Magazzini Nominati ${run}` };
    const unnamed = { email: `senza-magazzino-${run}@example.com`, business: `Spazi Anonimi ${run}` };
    const namedId = await registerStocker(named.email, named.business, free.id);
    const unnamedId = await registerStocker(unnamed.email, unnamed.business);

    const { page } = admin;
    const posted: string[] = [];
    const onRequest = (req: { method: () => string; url: () => string }) => {
      if (req.method() === "POST") posted.push(req.url());
    };
    page.on("request", onRequest);
    const presses = {
      click: (next: Locator) => next.click(),
      enter: async (next: Locator) => {
        await next.focus();
        await page.keyboard.press("Enter");
      },
      "double click": (next: Locator) => next.dblclick(),
      // A double click whose second press lands on "Approva e invia l'invito" (where the step's
      // layout puts it under the pointer).
      "double click ending on Approva": async (next: Locator) => {
        await next.click();
        const box = (await page.getByTestId("approve-stocker-form").getByRole("button", { name: "Approva e invia l'invito" }).boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down({ clickCount: 2 });
        await page.mouse.up({ clickCount: 2 });
      },
      "Enter twice": async (next: Locator) => {
        await next.focus();
        await page.keyboard.press("Enter");
        await page.keyboard.press("Enter");
      },
    };
    try {
      for (const who of [named, unnamed]) {
        await page.goto(`/admin/stocker-requests?search=${encodeURIComponent(who.business)}`);
        await hydrated(page);
        for (const [how, press] of Object.entries(presses)) {
          await page
            .getByRole("button", { name: `Approva ${who.business}` })
            .first()
            .click();
          const form = page.getByTestId("approve-stocker-form");
          await tick(form.getByLabel("Stocker", { exact: true }));
          await press(form.getByRole("button", { name: "Avanti" }));
          // Step 2, with nothing said to be missing.
          await form.getByRole("radiogroup", { name: "Magazzino esistente" }).waitFor();
          if (how === "click" || how === "enter") {
            // The focus is on the new step (the button pressed has gone), where Enter presses nothing.
            await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), { timeout: 5_000 }).toBe("Passo 2 di 2");
            await page.keyboard.press("Enter");
          }
          await form.getByTestId("approve-warehouses").locator("li").first().waitFor();
          await page.waitForTimeout(300); // anything the press sent would be on its way by now
          expect(await form.getByRole("alert").count(), `${who.business}, ${how}: an error on step 2`).toBe(0);
          expect(await form.locator("[aria-invalid=true]").count(), `${who.business}, ${how}: a field marked wrong on step 2`).toBe(0);
          expect(posted, `${who.business}, ${how}: something was sent`).toEqual([]);
          // Its warehouse list is a list (each row a list item, not the item of a radio group).
          expect(
            await form
              .getByTestId("approve-warehouses")
              .locator("li")
              .evaluateAll((items) => items.every((li) => li.parentElement?.matches("ul:not([role])"))),
          ).toBe(true);
          await page.keyboard.press("Escape");
          await form.waitFor({ state: "detached" });
        }
      }
      for (const [id, email] of [
        [namedId, named.email],
        [unnamedId, unnamed.email],
      ] as const) {
        expect(await app.db.selectFrom("users").select(["approval_status", "account_type"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
          approval_status: "pending",
          account_type: null,
        });
        expect(await app.db.selectFrom("mail_outbox").select("template").where("to_address", "=", email).execute()).toEqual([
          { template: "stocker_request_received" },
        ]);
      }
      expect((await app.db.selectFrom("warehouses").select("user_id").where("id", "=", free.id).executeTakeFirstOrThrow()).user_id).toBeNull();
    } finally {
      page.off("request", onRequest);
    }

    // Approved on step 2 (the requested warehouse picked already): the focus is on the confirmation,
    // from where the next row is the next stop.
    await page.goto(`/admin/stocker-requests?search=${encodeURIComponent(named.business)}`);
    await hydrated(page);
    await page
      .getByRole("button", { name: `Approva ${named.business}` })
      .first()
      .click();
    const form = page.getByTestId("approve-stocker-form");
    await tick(form.getByLabel("Stocker", { exact: true }));
    await form.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => form.getByTestId("approve-warehouses").getByRole("radio", { checked: true }).count()).toBe(1);
    await form.getByRole("button", { name: "Approva e invia l'invito" }).click();
    await hasText(page.getByTestId("stocker-decided"), new RegExp(`${named.business} approvato`));
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[data-testid=stocker-decided]") !== null)).toBe(true);
    expect(await app.db.selectFrom("users").select("approval_status").where("id", "=", namedId).executeTakeFirstOrThrow()).toEqual({
      approval_status: "approved",
    });
    expect((await app.db.selectFrom("warehouses").select("user_id").where("id", "=", free.id).executeTakeFirstOrThrow()).user_id).toBe(namedId);
    audited.push(["user.approve", namedId]);
    // One e-mail of the approval, with the link to choose the password.
    const received = await deliveredMailsTo(app.db, named.email);
    expect(received.map((mail) => mail.subject).sort()).toEqual([
      "Abbiamo ricevuto la tua richiesta Stockspace",
      "Il tuo account Stockspace è stato approvato",
    ]);
    expect(linkIn(received.find((mail) => mail.subject === "Il tuo account Stockspace è stato approvato")!.text, /\/complete-account\//)).toContain(
      `/it/complete-account/${namedId}?u_token=`,
    );
  });
});

describe("new hubs", () => {
  it("one request is approved and another refused with a note; both owners are told; the refused one is sent for a new check", async () => {
    // An owner of its own, so the demo stocker's warehouses stay as the other journeys expect them.
    const owner = await makeUser(app.db, {
      role: "stocker",
      email: `hub-owner-${run}@example.com`,
      account_type: 0,
      password_hash: await hashPassword(DEMO_PASSWORD),
      approval_status: "approved",
      has_confirmed_code: true,
    });
    const yes = await makeWarehouse(app.db, {
      name: `Hub Bologna Interporto ${run}`,
      city: "Bologna",
      province: "BO",
      lat: 44.5281,
      lng: 11.3012,
      is_hub: true,
      to_approve: true,
      user_id: owner.id,
    });
    const no = await makeWarehouse(app.db, {
      name: `Hub Casalecchio ${run}`,
      city: "Casalecchio di Reno",
      province: "BO",
      lat: 44.4751,
      lng: 11.2748,
      is_hub: true,
      to_approve: true,
      user_id: owner.id,
    });
    const { page } = admin;
    await page.goto(`/admin/hub-requests?search_term=${run}`);
    await hydrated(page);
    await page
      .getByRole("button", { name: `Approva l'hub ${yes.name}` })
      .first()
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Approva" }).click();
    await hasText(page.getByTestId("hub-decided"), `${yes.name} approvato come hub`);
    await page
      .getByRole("button", { name: `Rifiuta l'hub ${no.name}` })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Rifiuta" }).click();
    await hasText(dialog.getByRole("alert").first(), /Completa tutti i campi obbligatori/);
    await dialog.getByLabel(/Nota per il proprietario/).fill("Le baie di carico non bastano per un hub.");
    await dialog.getByRole("button", { name: "Rifiuta" }).click();
    await hasText(page.getByTestId("hub-decided"), `${no.name} rifiutato come hub`);

    const state = async (id: number) => app.db.selectFrom("warehouses").select(["status", "to_approve"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await state(yes.id)).toEqual({ status: "approved", to_approve: false });
    expect(await state(no.id)).toEqual({ status: "refused", to_approve: false });
    await mailTo(owner.email, { subject: new RegExp(`${yes.name} è stato approvato come hub`) });
    const refusal = await mailTo(owner.email, { subject: new RegExp(`La tua richiesta hub per ${no.name}`) });
    expect(refusal.text).toContain("Le baie di carico non bastano per un hub.");
    audited.push(["warehouse.hub_decision", yes.id], ["warehouse.hub_decision", no.id]);

    // The owner reads the reason on the warehouse's page and asks for a new check; it waits
    // again among the new hubs, and the operator hears of it.
    const mine = await newPage(b.browser, { locale: "it", width: 375, height: 800 });
    await loginAs(mine.context, { email: owner.email });
    await mine.page.goto(`/it/stocker/profile/warehouses/${no.id}`);
    await hydrated(mine.page);
    await hasText(mine.page.getByTestId("warehouse-refused-note"), "Motivo: Le baie di carico non bastano per un hub.");
    await mine.page.getByTestId("warehouse-resubmit").click();
    await hasText(mine.page.getByTestId("warehouse-pending-note"), /Inviato di nuovo/);
    expect(await mine.page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("warehouse-pending-note");
    await mine.context.close();
    expect(await state(no.id)).toEqual({ status: "pending", to_approve: true });
    await mailTo("support@stockspace.test", { subject: new RegExp(`inviato di nuovo per l'approvazione: ${no.name}`) });
    await page.goto(`/admin/hub-requests?search_term=${run}`);
    await hasText(page.getByRole("main"), no.name);
  });
});

describe("the CRM", () => {
  it("an event with a follow-up appears under the pending actions and is handled there", async () => {
    const client = `Trasporti Emiliani ${run}`;
    const action = `Richiamare per il preventivo di gennaio ${run}`;
    const { page } = admin;
    await page.goto("/admin/crm");
    await hydrated(page);
    await page.getByTestId("crm-new").click();
    const form = page.getByTestId("crm-entry-form");
    // The date starts on today; the type and a client (or a warehouse) are required.
    await form.getByRole("button", { name: "Salva" }).click();
    await hasText(form.getByRole("alert").first(), /Completa tutti i campi obbligatori/);
    await form.getByLabel(/^Tipo di evento/).selectOption("call");
    await form.getByLabel(/^Cliente/).fill(client);
    await form.getByLabel(/^Contatto/).fill("Giulia Neri, 051 555 0199");
    await form.getByLabel(/^Descrizione/).fill("Cerca 800 m² coperti vicino all'Interporto, con baie di carico.");
    // The follow-up action's field appears only with the follow-up ticked.
    expect(await form.getByLabel(/^Azione di follow-up/).count()).toBe(0);
    await form.getByText("Serve un follow-up").click();
    await form.getByLabel(/^Azione di follow-up/).fill(action);
    await form.getByRole("button", { name: "Salva" }).click();
    await hasText(page.getByTestId("crm-saved"), "Evento salvato.");
    const entry = await app.db.selectFrom("crm_entries").selectAll().where("client", "=", client).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ event_type: "call", follow_up: true, follow_up_done: false, follow_up_action: action, created_by: adminId });
    audited.push(["crm_entry.create", entry.id]);
    // The list shows it, and the export of the same search carries it with its accents.
    await page.goto(`/admin/crm?search=${run}`);
    await hasText(page.getByTestId("admin-crm"), client);
    const csv = await page.request.get(`/api/admin/export-crm-entries?search_term=${run}`);
    expect(csv.status()).toBe(200);
    const rows = parse((await csv.body()).toString("utf8"), { bom: true, delimiter: ";" }) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(["Data", "Ragione sociale", "Contatto", "Tipo evento", "Descrizione", "Follow-up", "Azione", "Gestita"]);
    expect(rows[1]).toContain(client);
    expect(rows[1]).toContain("Telefono");
    expect(rows[1]).toContain("Cerca 800 m² coperti vicino all'Interporto, con baie di carico.");

    await page.goto(`/admin/crm-actions?search=${run}`);
    await hydrated(page);
    await hasText(page.getByTestId("admin-crm-actions"), action);
    await page.getByRole("button", { name: `Gestisci l'azione per ${client}` }).click();
    await page.getByTestId("crm-handle-form").getByRole("button", { name: "Segna come gestita" }).click();
    await hasText(page.getByTestId("crm-action-handled"), `Azione per ${client} gestita.`);
    expect(await app.db.selectFrom("crm_entries").select(["follow_up_done", "handled_by"]).where("id", "=", entry.id).executeTakeFirstOrThrow()).toEqual({
      follow_up_done: true,
      handled_by: adminId,
    });
    // No longer pending; listed under "done".
    await page.goto(`/admin/crm-actions?search=${run}`);
    await hasText(page.locator("main"), /Non è stata trovata alcuna azione/);
    await page.goto(`/admin/crm-actions?status=done&search=${run}`);
    await hasText(page.getByTestId("admin-crm-actions"), action);
    audited.push(["crm_entry.handle", entry.id]);
  });

  it("the follow-up actions sort by a column, filter the overdue ones, export them, and each row opens its entry", async () => {
    const tag = `Ordine ${run}`;
    const insert = (client: string, date: string) =>
      app.db
        .insertInto("crm_entries")
        .values({ client, date, event_type: "call", follow_up: true, follow_up_action: `Richiamare ${client}`, follow_up_done: false })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.id));
    // Alfa is due in January (overdue), Zeta in 2099.
    const alfa = await insert(`Alfa Logistica ${tag}`, "2026-01-05");
    const zeta = await insert(`Zeta Depositi ${tag}`, "2099-02-01");
    const { page } = admin;
    const rowIds = async () =>
      (
        await page
          .getByTestId("admin-crm-actions")
          .locator("tbody tr")
          .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")))
      ).map((t) => Number(t!.replace("crm-action-row-", "")));
    await page.goto(`/admin/crm-actions?search=${encodeURIComponent(tag)}`);
    await hydrated(page);
    // The soonest due first.
    await expect.poll(rowIds).toEqual([alfa, zeta]);
    // The business name's header: A to Z, then Z to A, in the URL.
    const header = page.getByTestId("admin-crm-actions").getByRole("link", { name: /Ragione sociale/ });
    await header.click();
    await page.waitForURL(/sort=client/);
    await header.click();
    await page.waitForURL(/dir=desc/);
    await hydrated(page);
    await expect.poll(rowIds).toEqual([zeta, alfa]);
    // The overdue filter keeps the search and the order; Zeta is not late.
    await page.getByRole("link", { name: "In ritardo", exact: true }).click();
    await page.waitForURL(/status=overdue/);
    await hydrated(page);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("client");
    await expect.poll(rowIds).toEqual([alfa]);
    await hasText(page.getByTestId(`crm-action-overdue-${alfa}`), "In ritardo");
    // The export carries what the list shows.
    // The links follow the page's data, which arrives after its address changes.
    const exportLink = () => page.getByTestId("crm-actions-export-csv").getAttribute("href");
    await expect
      .poll(async () => {
        const query = new URL((await exportLink())!, "http://x").searchParams;
        return [query.get("filters[follow_up_done]"), query.get("order[key]"), query.get("order[dir]"), query.get("search_term")];
      })
      .toEqual(["overdue", "client", "desc", tag]);
    const href = (await exportLink())!;
    const csv = await page.request.get(href);
    expect(csv.status()).toBe(200);
    const rows = parse((await csv.body()).toString("utf8"), { bom: true, delimiter: ";" }) as string[][];
    expect(rows.slice(1).map((r) => r[2])).toEqual([`Alfa Logistica ${tag}`]);
    // A click anywhere on the row (here on its action's text, under the stretched link) opens the entry in the CRM's popup.
    const row = page.getByTestId(`crm-action-row-${alfa}`);
    const cell = (await row.getByText(`Richiamare Alfa Logistica ${tag}`).boundingBox())!;
    const box = (await row.boundingBox())!;
    await row.click({ position: { x: cell.x - box.x + 4, y: cell.y - box.y + cell.height / 2 } });
    await page.waitForURL(new RegExp(`/admin/crm\\?edit=${alfa}$`));
    await hydrated(page);
    const form = page.getByTestId("crm-entry-form");
    expect(await form.getByLabel(/^Cliente/).inputValue()).toBe(`Alfa Logistica ${tag}`);
    expect(await form.getByLabel(/^Azione di follow-up/).inputValue()).toBe(`Richiamare Alfa Logistica ${tag}`);
  });
});

describe("warehouses", () => {
  it("a switched-off warehouse leaves a visitor's search at once, and comes back when switched on", async () => {
    const w = await app.db
      .selectFrom("warehouses")
      .select(["id", "name"])
      .where("city", "=", "Milano")
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .where("redeemed", "=", true)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(await searchIds("Milano")).toContain(w.id);
    const { page } = admin;
    await page.goto(`/admin/warehouses?search_term=${encodeURIComponent(w.name)}`);
    await hydrated(page);
    const toggle = page.getByRole("switch", { name: `Disattiva ${w.name}` }).first();
    await toggle.click();
    // Switching off asks first.
    await page.getByRole("dialog").getByRole("button", { name: "Disattiva", exact: true }).click();
    await expect
      .poll(() =>
        app.db
          .selectFrom("warehouses")
          .select("deactivated")
          .where("id", "=", w.id)
          .executeTakeFirstOrThrow()
          .then((r) => r.deactivated),
      )
      .toBe(true);
    expect(await searchIds("Milano")).not.toContain(w.id);
    // The "deactivated" filter lists it.
    await page.goto(`/admin/warehouses?deactivated=deact&search_term=${encodeURIComponent(w.name)}`);
    await hasText(page.getByTestId("admin-warehouses"), w.name);
    await hydrated(page);
    await page
      .getByRole("switch", { name: `Attiva ${w.name}` })
      .first()
      .click();
    await expect
      .poll(() =>
        app.db
          .selectFrom("warehouses")
          .select("deactivated")
          .where("id", "=", w.id)
          .executeTakeFirstOrThrow()
          .then((r) => r.deactivated),
      )
      .toBe(false);
    expect(await searchIds("Milano")).toContain(w.id);
    audited.push(["warehouse.toggle_deactivated", w.id]);
  });
});

describe("specifications", () => {
  it("one is created, edited and hidden: it leaves the search filters, and the warehouses that have it keep it", async () => {
    const value = `Cella frigorifera ${run}`;
    const { page } = admin;
    await page.goto("/admin/specifications/new");
    await hydrated(page);
    await page.getByRole("button", { name: "Aggiungi specifica" }).last().click();
    await hasText(page.getByRole("alert").first(), /Completa tutti i campi obbligatori/);
    await page.getByLabel(/^Categoria/).selectOption({ index: 1 });
    await page.getByLabel(/^Titolo\s*\*?$/).fill(value);
    await page.getByLabel("Titolo (inglese)").fill(`Cold room ${run}`);
    await page.getByRole("button", { name: "Aggiungi specifica" }).last().click();
    await page.waitForURL("**/admin/specifications");
    const created = await app.db.selectFrom("specifications").selectAll().where("value", "=", value).executeTakeFirstOrThrow();
    audited.push(["specification.create", created.id]);

    await page.goto(`/admin/specifications/${created.id}/edit`);
    await hydrated(page);
    expect(await page.getByLabel(/^Categoria/).isDisabled()).toBe(true);
    await page.getByLabel("Descrizione (inglese)").fill("Kept between 0 and 4 °C.");
    await page.getByLabel(/^Descrizione\s*$/).fill("Mantenuta tra 0 e 4 °C, con allarme.");
    await page.getByRole("button", { name: "Salva" }).click();
    await page.waitForURL("**/admin/specifications");
    expect(await app.db.selectFrom("specifications").select("description").where("id", "=", created.id).executeTakeFirstOrThrow()).toEqual({
      description: "Mantenuta tra 0 e 4 °C, con allarme.",
    });
    audited.push(["specification.update", created.id]);

    // A warehouse has it; the search page offers it as a filter.
    const w = await app.db.selectFrom("warehouses").select("id").where("status", "=", "approved").orderBy("id").executeTakeFirstOrThrow();
    await app.db.insertInto("warehouse_specifications").values({ warehouse_id: w.id, specification_id: created.id }).execute();
    const filters = async () => (await (await call(jar(), "/it/stocks")).text()).includes(value);
    expect(await filters()).toBe(true);

    await page.goto(`/admin/specifications?search=${encodeURIComponent(value)}`);
    await hydrated(page);
    await page.getByRole("switch", { name: `${value}: attiva` }).click();
    await expect
      .poll(() =>
        app.db
          .selectFrom("specifications")
          .select("hidden")
          .where("id", "=", created.id)
          .executeTakeFirstOrThrow()
          .then((r) => r.hidden),
      )
      .toBe(true);
    expect(await filters()).toBe(false);
    expect(await app.db.selectFrom("warehouse_specifications").select("warehouse_id").where("specification_id", "=", created.id).execute()).toEqual([
      { warehouse_id: w.id },
    ]);
    audited.push(["specification.toggle_hidden", created.id]);
  });
});

describe("the location search", () => {
  it("around Bologna shows both tabs with the database's counts, and exports CSV files with the right columns and accents, and XLSX", async () => {
    const { page } = admin;
    await page.goto("/admin/search");
    await hydrated(page);
    await hasText(page.getByTestId("search-prompt"), /Inserisci un luogo/);
    const input = page.getByTestId("search-location");
    await input.fill("Bolog");
    const option = page.locator("[data-testid=search-location-suggestions] [role=option]").filter({ hasText: "Bologna" }).first();
    await option.click();
    await page.getByTestId("search-radius").fill("20");
    await page.getByTestId("search-submit").click();
    await page.waitForURL("**/admin/search?**radius=20**");
    await hasText(page.getByTestId("search-summary"), /Entro 20 km da Bologna/);

    // The counts, as the database has them around the same centre.
    const centre = await app.db
      .selectFrom("places")
      .select(["lat", "lng"])
      .where("name", "=", "Bologna")
      .where("kind", "=", "municipality")
      .executeTakeFirstOrThrow();
    const within = (table: "warehouses" | "warehouse_requests") =>
      sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where lat is not null and earth_distance(ll_to_earth(lat, lng), ll_to_earth(${centre.lat}, ${centre.lng})) <= 20000`
        .execute(app.db)
        .then((r) => r.rows[0]!.n);
    const [warehouses, requests] = [await within("warehouses"), await within("warehouse_requests")];
    expect(warehouses).toBeGreaterThan(0);
    await hasText(page.getByTestId("search-count-warehouses"), new RegExp(`^${warehouses.toLocaleString("it-IT")}$`));
    await hasText(page.getByTestId("search-count-requests"), new RegExp(`^${requests.toLocaleString("it-IT")}$`));
    // The administrator sees the real names; a row opens the warehouse's edit page.
    const firstRow = page.getByTestId("search-warehouses").locator("tbody tr").first();
    const name = await firstRow.locator("a").first().textContent();
    expect(name).toBeTruthy();

    const csv = async (testId: string) => {
      const download = page.waitForEvent("download");
      await page.getByTestId(testId).click();
      const file = await download;
      const text = readFileSync(await file.path()).toString("utf8");
      // Read back as a spreadsheet would: BOM, semicolons, quoted cells with line breaks.
      expect(text.charCodeAt(0)).toBe(0xfeff);
      return { name: file.suggestedFilename(), rows: parse(text, { bom: true, delimiter: ";", relax_column_count: false }) as string[][] };
    };
    const wh = await csv("search-export-warehouses");
    expect(wh.name).toMatch(/^magazzini_.*bologna.*_20km_\d\d\.\d\d\.\d{4}\.csv$/i);
    expect(wh.rows[0]).toEqual(LOCATION_WAREHOUSES_CSV_HEADER);
    expect(wh.rows[0]).toContain("Città");
    expect(wh.rows).toHaveLength(warehouses + 1);
    expect(wh.rows.map((r) => r[1])).toContain(name!.trim());

    await page.getByTestId("search-tab-requests").click();
    await page.waitForURL("**tab=requests**");
    const rq = await csv("search-export-requests");
    expect(rq.name).toMatch(/^richieste_.*bologna.*\.csv$/i);
    expect(rq.rows[0]).toEqual(LOCATION_REQUESTS_CSV_HEADER);
    expect(rq.rows).toHaveLength(requests + 1);
    // The same selection as XLSX: a workbook with a row per request and typed cells.
    const xlsxDownload = page.waitForEvent("download");
    await page.getByTestId("search-export-requests-xlsx").click();
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toMatch(/^richieste_.*bologna.*\.xlsx$/i);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxFile.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(requests + 1);
    if (requests > 0) {
      expect(sheet.getRow(2).getCell(1).value).toMatch(/^\d{10}$/);
      expect(sheet.getRow(2).getCell(15).value).toBeInstanceOf(Date);
    }

    // Both exports are in the audit log.
    for (const action of ["search.export_warehouses", "search.export_requests"]) {
      const row = await app.db.selectFrom("audit_log").select("admin_id").where("action", "=", action).orderBy("id", "desc").executeTakeFirst();
      expect(row, action).toEqual({ admin_id: adminId });
    }
  });
});

describe("quote requests", () => {
  it("a request gets two more warehouses, picked in the popup; their handlers are told in the app and by e-mail", async () => {
    const hunter = await userId(DEMO.hunter);
    const referent = await userId(DEMO.referent);
    const keeper = await userId(DEMO.keeper);
    const stocker = await userId(DEMO.stocker);
    // One warehouse the demo referent manages, one of the stock keeper (no referent: the keeper handles it).
    const managed = await app.db
      .selectFrom("warehouses")
      .select(["id", "name", "city"])
      .where("referent_id", "=", referent)
      .where("user_id", "=", stocker)
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const kept = await app.db
      .selectFrom("warehouses")
      .select(["id", "name", "city"])
      .where("user_id", "=", keeper)
      .where("referent_id", "is", null)
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const first = await app.db
      .selectFrom("warehouses")
      .select("id")
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .where("id", "not in", [managed.id, kept.id])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const { request } = await makeRequest(app.db, { userId: hunter, warehouseIds: [first.id] });
    const number = requestNumber(request.id);

    const { page } = admin;
    await page.goto(`/admin/requests?search=${encodeURIComponent(number)}`);
    await hydrated(page);
    const card = page.getByTestId(`request-card-${request.id}`);
    await card.getByTestId("request-toggle").click();
    await page.waitForURL(`**/admin/requests?**open=${request.id}**`);
    await hydrated(page);
    await expect.poll(() => card.getByTestId("request-warehouses").locator("li").count()).toBe(1);
    await card.getByTestId("request-add-warehouses").click();
    const dialog = page.locator("#add-warehouses");
    for (const w of [managed, kept]) {
      await dialog.getByTestId("add-warehouses-search").fill(w.name);
      await dialog.getByRole("button", { name: new RegExp(`^Aggiungi ${w.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} #${w.id}\\b`) }).click();
      await hasText(dialog.getByTestId("add-warehouses-selected"), w.name);
    }
    await dialog.getByTestId("add-warehouses-confirm").click();
    await hasText(page.locator("main"), /Magazzini aggiunti: 2\. I gestori sono stati avvisati\./);
    await expect.poll(() => card.getByTestId("request-warehouses").locator("li").count()).toBe(3);

    const links = await app.db
      .selectFrom("warehouse_request_warehouses")
      .select(["warehouse_id", "state"])
      .where("warehouse_request_id", "=", request.id)
      .orderBy("id")
      .execute();
    expect(links).toEqual([
      { warehouse_id: first.id, state: expect.any(String) },
      { warehouse_id: managed.id, state: "pending" },
      { warehouse_id: kept.id, state: "pending" },
    ]);
    for (const [handler, email, w] of [
      [referent, DEMO.referent, managed],
      [keeper, DEMO.keeper, kept],
    ] as const) {
      const told = await app.db
        .selectFrom("notifications")
        .select("id")
        .where("user_id", "=", handler)
        .where(sql<boolean>`data->>'warehouse_request_id' = ${String(request.id)}`)
        .execute();
      expect(told.length, `notification for ${email}`).toBeGreaterThan(0);
      await mailTo(email, { subject: new RegExp(`Nuova richiesta di preventivo n\\. ${number} per ${w.name}`) });
    }
    audited.push(["warehouse_request.add_warehouses", request.id]);

    // The single request's export names its file after the number.
    const download = page.waitForEvent("download");
    await card.getByTestId("request-export").click();
    expect((await download).suggestedFilename()).toBe(`richiesta_${number}.csv`);
  });
});

describe("the quote requests list", () => {
  it("sorts by warehouses contacted, filters by answered, keeps both in the URL and its export, and a request's row opens it", async () => {
    const tag = `Ordinamento ${run}`;
    const [w1, w2] = await Promise.all([1, 2].map((i) => makeWarehouse(app.db, { name: `Deposito Lista ${i} ${run}` })));
    // One warehouse that answered, for a visitor; two that did not, for the demo hunter.
    const answered = await makeRequest(app.db, { userId: null, warehouseIds: [w1!.id] });
    await app.db.updateTable("warehouse_request_warehouses").set({ answered_at: new Date() }).where("id", "=", answered.links[0]!.id).execute();
    const waiting = await makeRequest(app.db, { userId: await userId(DEMO.hunter), warehouseIds: [w1!.id, w2!.id] });
    await app.db
      .updateTable("warehouse_requests")
      .set({ business_name: `${tag} Uno` })
      .where("id", "=", answered.request.id)
      .execute();
    // A day older: newest first shows it second, the count order first.
    await app.db
      .updateTable("warehouse_requests")
      .set({ business_name: `${tag} Due`, created_at: new Date(Date.now() - 86_400_000) })
      .where("id", "=", waiting.request.id)
      .execute();
    const { page } = admin;
    const cards = () => page.locator('[data-testid^="request-card-"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-request"))));

    await page.goto(`/admin/requests?search=${encodeURIComponent(tag)}`);
    await hydrated(page);
    expect(await cards()).toEqual([answered.request.id, waiting.request.id]);
    await page.getByTestId("requests-sort").getByTestId("sort-warehouses").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "warehouses" && url.searchParams.get("dir") === "desc");
    await expect.poll(cards).toEqual([waiting.request.id, answered.request.id]);
    await hasText(page.getByTestId(`request-card-${waiting.request.id}`).getByTestId("request-warehouses-count"), /2/);

    await hydrated(page);
    await page.locator("#filter-answered-select").selectOption("no");
    await page.waitForURL((url) => url.searchParams.get("answered") === "no" && url.searchParams.get("sort") === "warehouses");
    await expect.poll(cards).toEqual([waiting.request.id]);
    const xlsx = await page.getByTestId("requests-export-xlsx").getAttribute("href");
    const exported = new URLSearchParams(xlsx!.split("?")[1]);
    expect(Object.fromEntries(exported)).toMatchObject({
      search_term: tag,
      "filters[answered]": "no",
      "order[key]": "warehouses",
      "order[dir]": "desc",
      format: "xlsx",
    });

    // The row's summary is a real link: to the same list with this request open, filters and order kept.
    const toggle = page.getByTestId(`request-card-${waiting.request.id}`).getByTestId("request-toggle");
    const href = await toggle.getAttribute("href");
    expect(new URLSearchParams(href!.split("?")[1]).get("open")).toBe(String(waiting.request.id));
    await toggle.click();
    await page.waitForURL((url) => url.searchParams.get("open") === String(waiting.request.id) && url.searchParams.get("answered") === "no");
    await expect.poll(() => page.getByTestId(`request-card-${waiting.request.id}`).getByTestId("request-warehouses").locator("li").count()).toBe(2);
    // A warehouse's conversation (a chunk of its own) opens in the card, and is there on a reload too.
    await hydrated(page);
    await page.getByTestId(`request-card-${waiting.request.id}`).getByTestId("warehouse-thread").first().click();
    await page.waitForURL((url) => url.searchParams.has("thread"));
    await page.getByTestId("link-conversation").waitFor();
    await page.reload();
    await hydrated(page);
    await page.getByTestId("link-conversation").waitFor();
  });
});

describe("undelivered e-mails", () => {
  it("one the outbox gave up on is listed with its error, sent again from its row, and delivered; the dashboard and the navigation count it until then", async () => {
    const to = `bounce-${run}@example.com`;
    const subject = `Conferma ${run}`;
    // As the outbox leaves a message after its last refused attempt (app/server/mail/outbox.service.ts).
    const row = await app.db
      .insertInto("mail_outbox")
      .values({
        to_address: to,
        subject,
        html: `<p>Codice ${run}</p>`,
        text: `Codice ${run}`,
        template: "confirm_code",
        lang: "it",
        status: "failed",
        attempts: 10,
        last_error: `Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: Recipient address rejected: User unknown`,
        last_error_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const { page } = admin;
    await page.goto("/admin");
    await hydrated(page);
    const failedNow = Number(
      (
        await app.db
          .selectFrom("mail_outbox")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("status", "=", "failed")
          .executeTakeFirstOrThrow()
      ).n,
    );
    await hasText(page.getByTestId("dashboard-queue-failed_emails"), new RegExp(`^${failedNow}\\D`));
    await hasText(page.getByTestId("admin-nav").getByTestId("admin-counter-failed_emails"), String(failedNow));
    await page.getByTestId("dashboard-queue-failed_emails").click();
    await page.waitForURL((url) => url.pathname === "/admin/emails");
    await page.getByRole("search").getByRole("searchbox").fill(to);
    await page.waitForURL((url) => url.searchParams.get("search") === to);
    const listed = page.getByTestId(`failed-email-${id}`);
    await hasText(listed, /Recipient address rejected/);
    await hasText(listed, new RegExp(subject));
    // A filter keeps the search; a column header sorts, keeping both; the export links carry the selection.
    await page.getByLabel("Lingua", { exact: true }).selectOption("it");
    await page.waitForURL((url) => url.searchParams.get("lang") === "it" && url.searchParams.get("search") === to);
    await page
      .getByTestId("admin-failed-emails")
      .getByRole("link", { name: /Tentativi/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "attempts" && url.searchParams.get("lang") === "it");
    // The address changes as the navigation starts; the links follow once the page's new data is in.
    const exportHref = async () => new URL((await page.getByTestId("failed-emails-export-xlsx").getAttribute("href"))!, "http://stockspace.test");
    await expect
      .poll(async () => Object.fromEntries((await exportHref()).searchParams))
      .toMatchObject({ search_term: to, "filters[lang]": "it", "order[key]": "attempts", format: "xlsx" });
    expect((await exportHref()).pathname).toBe("/api/admin/export-failed-emails");
    // No account has this address: the row opens the e-mail's history.
    expect(await listed.getByTestId("failed-email-row-link").getAttribute("href")).toBe(`/admin/audit?entity_type=mail_outbox&entity_id=${id}`);
    await listed.getByRole("button", { name: `Invia di nuovo l'e-mail «${subject}» a ${to}` }).click();
    await hasText(page.getByTestId("resend-notice"), `L'e-mail a ${to} è di nuovo in coda`);
    await listed.waitFor({ state: "detached" });
    await page.getByTestId("failed-emails-empty").waitFor();
    // The app's worker takes it at once and the SMTP server receives it.
    const mail = await mailTo(to, { subject: new RegExp(subject) });
    expect(mail.text).toContain(`Codice ${run}`);
    expect(await app.db.selectFrom("mail_outbox").select(["status", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "sent",
      attempts: 0,
    });
    audited.push(["email.resend", id]);
    await page.goto(`/admin/audit?entity_type=mail_outbox&entity_id=${id}`);
    await hasText(page.locator("main"), /E-mail inviata di nuovo/);
    await hasText(page.locator("main"), new RegExp(to));
  });
});

describe("the audit log", () => {
  it("holds every action of this journey, by the demo administrator, and the screen shows an entity's history", async () => {
    for (const [action, entityId] of audited) {
      const row = await app.db.selectFrom("audit_log").select(["admin_id"]).where("action", "=", action).where("entity_id", "=", entityId).executeTakeFirst();
      expect(row, `${action} ${entityId}`).toEqual({ admin_id: adminId });
    }
    const [action, entityId] = audited.find(([a]) => a === "specification.update")!;
    const { page } = admin;
    await page.goto(`/admin/audit?entity_type=specification&entity_id=${entityId}`);
    await hasText(page.locator("main"), /Specifica modificata/);
    // The entity by its name, with its id beside.
    await hasText(page.locator("main"), new RegExp(`\\(#${entityId}\\)`));
    expect(action).toBe("specification.update");
  });
});

describe("the back office's logout", () => {
  it("logs out from the top bar's button, with the keyboard, on a phone", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", width: 375 });
    await loginAs(context, "admin");
    await page.goto("/admin");
    await hydrated(page);
    const logout = page.getByTestId("admin-logout").getByRole("button", { name: "Esci" });
    await logout.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/it");
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(401);
    await context.close();
  });
});
