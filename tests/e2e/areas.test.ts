// The logged-in areas in a real browser, as each demo role, against the built app: the hunter
// sends a request to two of the demo stocker's warehouses; the stocker confirms one and refuses
// the other from its requests page; the hunter is told in the app and by e-mail, sees the new
// states and reviews the confirmed warehouse, and the review reaches the stocker's reviews with
// its average; the referent answers a request of a warehouse it manages and is refused another's;
// profile edits persist, an e-mail change waits for its link, a wrong current password changes
// nothing; the administrator works in the stocker's area through /admin/stocker/{id} and the
// audit log records it; every area's navigation leads to real pages, in both languages.
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { makeRequest, makeUser } from "../support/factories.ts";
import { requestNumber, todayInItaly } from "../../app/lib/format.ts";
import {
  call,
  DEMO,
  DEMO_PASSWORD,
  hasText,
  hydrated,
  jsonHeaders,
  linkIn,
  loggedIn,
  loginAs,
  mailTo,
  newPage,
  tick,
  useAppDatabase,
  useBrowser,
  userIdOf,
  xsrf,
  type DemoRole,
} from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

const userId = (email: string) => userIdOf(app.db, email);

async function session(role: DemoRole, locale: "it" | "en" = "it", width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(b.browser, { locale, width });
  await loginAs(opened.context, role);
  return opened;
}

/** The request card of the handler's list for one request and warehouse, opened. */
async function openHandlerCard(page: Page, number: string, warehouseName: string): Promise<Locator> {
  const card = page.getByTestId("handler-requests").locator("li").filter({ hasText: number }).filter({ hasText: warehouseName });
  await card.getByRole("button").first().click();
  return card;
}

let ids: {
  stocker: number;
  hunter: number;
  referent: number;
  w1: { id: number; name: string };
  w2: { id: number; name: string };
  managed: { id: number; name: string };
  requestId: number;
};

beforeAll(async () => {
  const stocker = await userId(DEMO.stocker);
  const hunter = await userId(DEMO.hunter);
  const referent = await userId(DEMO.referent);
  // Two listed warehouses of the demo stocker; one the demo referent manages.
  const owned = await app.db
    .selectFrom("warehouses")
    .select(["id", "name", "referent_id"])
    .where("user_id", "=", stocker)
    .where("status", "=", "approved")
    .where("deactivated", "=", false)
    .orderBy("id")
    .execute();
  const managed = owned.find((w) => w.referent_id === referent)!;
  const [w1, w2] = owned.filter((w) => w.id !== managed.id);
  // The hunter sends one request to the two warehouses and the managed one, through the site's call.
  const j = await loggedIn(DEMO.hunter);
  const res = await call(j, "/api/warehouses/send-requests", {
    method: "POST",
    headers: jsonHeaders(j),
    body: JSON.stringify({
      request_data: {
        business_name: `Areas ${run} srl`,
        contact: DEMO.hunter,
        telephone: "+39 333 1234567",
        referent: "Sara Colombo",
        message: "Cerchiamo 300 m² per l'inverno.",
        location: "Milano",
      },
      warehouse_ids: [w1!.id, w2!.id, managed.id],
    }),
  });
  expect(res.status).toBe(200);
  const requestId = ((await res.json()) as { warehouse_request_id: number }).warehouse_request_id;
  ids = { stocker, hunter, referent, w1: w1!, w2: w2!, managed, requestId };
});

describe("a request answered and reviewed", () => {
  it("the stocker confirms one link and refuses the other; the hunter is told, sees the states and reviews", async () => {
    const number = requestNumber(ids.requestId);
    const { context, page } = await session("stocker", "it");
    await page.goto(`/it/stocker/profile/messages?state=pending`);
    await hydrated(page);
    let card = await openHandlerCard(page, number, ids.w1.name);
    await card.getByTestId("request-state").selectOption("confirmed");
    // The list reloads without the confirmed link (the filter shows pending ones) and says it was saved.
    await hasText(page.locator("main [role=status]"), /Stato salvato/);
    card = await openHandlerCard(page, number, ids.w2.name);
    await card.getByTestId("request-state").selectOption("refused");
    await expect
      .poll(
        async () =>
          (
            await app.db
              .selectFrom("warehouse_request_warehouses")
              .select(["warehouse_id", "state", "answered_at"])
              .where("warehouse_request_id", "=", ids.requestId)
              .execute()
          ).filter((l) => l.state !== "pending").length,
      )
      .toBe(2);
    const links = await app.db
      .selectFrom("warehouse_request_warehouses")
      .select(["warehouse_id", "state", "answered_at", "state_changed_by"])
      .where("warehouse_request_id", "=", ids.requestId)
      .execute();
    expect(links.find((l) => l.warehouse_id === ids.w1.id)).toMatchObject({ state: "confirmed", state_changed_by: ids.stocker });
    expect(links.find((l) => l.warehouse_id === ids.w2.id)).toMatchObject({ state: "refused" });
    expect(links.find((l) => l.warehouse_id === ids.w1.id)!.answered_at).not.toBeNull();
    await context.close();

    // The hunter: an e-mail with the review link, a notification per change, the new states in its list.
    const mail = await mailTo(DEMO.hunter, { subject: new RegExp(`${number}.*(confermata|confirmed)`, "i") });
    const reviewPath = linkIn(mail.text, /\/review$/);
    expect(reviewPath).toMatch(new RegExp(`^/(it|en)/warehouses/${ids.w1.id}/requests/${ids.requestId}/review$`));
    const notes = await app.db
      .selectFrom("notifications")
      .select(["type", "data"])
      .where("user_id", "=", ids.hunter)
      .where("type", "=", "request_state_changed")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(notes.map((n) => (n.data as { state: string }).state).sort()).toEqual(["confirmed", "refused"]);

    const hunter = await session("hunter", "en");
    // The newest notification is the latest state change: unread, then read once opened.
    const newest = await app.db
      .selectFrom("notifications")
      .select(["id", "read_at"])
      .where("user_id", "=", ids.hunter)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(newest.read_at).toBeNull();
    await hunter.page.goto("/en/stock-hunter/profile/notifications");
    await hydrated(hunter.page);
    const item = hunter.page.getByTestId("notification-item").first();
    expect(await item.getAttribute("data-read")).toBe("false");
    await item.click();
    await hasText(hunter.page.getByTestId("notifications"), new RegExp(number));
    await expect
      .poll(async () => (await app.db.selectFrom("notifications").select("read_at").where("id", "=", newest.id).executeTakeFirstOrThrow()).read_at)
      .not.toBeNull();

    await hunter.page.goto(`/en/stock-hunter/profile/messages?selected=${ids.requestId}`);
    await hydrated(hunter.page);
    const mine = hunter.page.locator(`[data-request="${ids.requestId}"]`);
    await hasText(mine, /Confirmed/);
    await hasText(mine, /Refused/);
    await mine
      .getByRole("link", { name: /review/i })
      .first()
      .click();
    await hunter.page.waitForURL(/\/review$/);
    await hydrated(hunter.page);
    await tick(hunter.page.getByTestId("rating-reliability_value").getByRole("radio", { name: "4 of 5" }));
    await tick(hunter.page.getByTestId("rating-services_value").getByRole("radio", { name: "5 of 5" }));
    await hunter.page.locator("[name=description]").fill(`Review ${run}: tidy bays, quick answers.`);
    await hunter.page.getByRole("button", { name: "Send the review" }).click();
    await hunter.page.getByTestId("feedback-done").waitFor();
    // Back on the requests page, the link is reviewed: the review instead of the link, in the page and the API.
    await hunter.page.goto(`/en/stock-hunter/profile/messages?selected=${ids.requestId}`);
    await hydrated(hunter.page);
    const reviewed = hunter.page.locator(`[data-request="${ids.requestId}"]`).getByTestId("link-reviewed");
    await hasText(reviewed, /Reviewed/);
    await hasText(reviewed, `Review ${run}: tidy bays, quick answers.`);
    await hasText(reviewed, /Average 4,5 out of 5/);
    expect(await hunter.page.locator(`[data-request="${ids.requestId}"]`).getByRole("link", { name: "Write a review" }).count()).toBe(0);
    const api = await (await hunter.page.request.get("/api/stock-hunter/requests?limit=8&offset=0")).json();
    const sent = api.user_requests.find((r: { id: number }) => r.id === ids.requestId);
    expect(sent.warehouses.find((w: { id: number }) => w.id === ids.w1.id)).toMatchObject({ reviewed: true, review_url: null, review: { avg_value: 45 } });
    await hunter.context.close();

    // The stocker finds it among its reviews, with its average (4 and 5 → 4,5/5).
    const back = await session("stocker", "it");
    await back.page.goto("/it/stocker/profile/reviews");
    await hasText(back.page.locator("main"), new RegExp(`Review ${run}`));
    await hasText(back.page.locator("main"), /4,5\/5/);
    await back.context.close();
  });

  it("the referent answers a request of a warehouse it manages and is refused another owner's", async () => {
    const number = requestNumber(ids.requestId);
    const { context, page } = await session("referent", "en");
    await page.goto("/en/referent/profile/messages");
    await hydrated(page);
    const card = await openHandlerCard(page, number, ids.managed.name);
    await card.getByTestId("request-state").selectOption("confirmed");
    await expect
      .poll(
        async () =>
          (
            await app.db
              .selectFrom("warehouse_request_warehouses")
              .select("state")
              .where("warehouse_request_id", "=", ids.requestId)
              .where("warehouse_id", "=", ids.managed.id)
              .executeTakeFirstOrThrow()
          ).state,
      )
      .toBe("confirmed");

    // The date filters: "From" typed day first (the dots come by themselves), "To" picked in
    // the calendar (it opens on today; Enter picks it and the focus goes back to its button);
    // the address gets ISO days and today's request is still listed.
    const today = todayInItaly();
    const [year, month, day] = today.split("-");
    const filters = page.getByTestId("request-filters");
    const from = filters.getByLabel("From", { exact: true });
    await from.click();
    await page.keyboard.type(`${day}${month}${year}`);
    expect(await from.inputValue()).toBe(`${day}.${month}.${year}`);
    const pick = filters.getByRole("button", { name: "Choose a date" }).nth(1);
    await pick.click();
    expect(await pick.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("dialog", { name: "To" }).getByRole("grid").waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "To" }).waitFor({ state: "detached" });
    expect(await filters.getByLabel("To", { exact: true }).inputValue()).toBe(`${day}.${month}.${year}`);
    expect(await pick.evaluate((button) => button === document.activeElement)).toBe(true);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === today && url.searchParams.get("to") === today);
    await hasText(page.getByTestId("handler-requests"), new RegExp(number));

    // Another owner's link: 403 from the JSON call, 404 as a page, and nothing changes.
    const other = await app.db
      .selectFrom("warehouses")
      .select("id")
      .where("user_id", "is not", null)
      .where("user_id", "!=", ids.stocker)
      .where((eb) => eb.or([eb("referent_id", "is", null), eb("referent_id", "!=", ids.referent)]))
      .where("status", "=", "approved")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const { links } = await makeRequest(app.db, { userId: null, warehouseIds: [other.id] });
    const token = await xsrf(context);
    const api = await page.request.post(`/api/referent/warehouse-requests/${links[0]!.id}/update`, {
      headers: { "X-XSRF-TOKEN": token },
      data: { state: "confirmed" },
    });
    expect(api.status()).toBe(403);
    const detail = await page.goto(`/en/referent/profile/warehouses/${other.id}`);
    expect(detail?.status()).toBe(404);
    expect((await app.db.selectFrom("warehouse_request_warehouses").select("state").where("id", "=", links[0]!.id).executeTakeFirstOrThrow()).state).toBe(
      "pending",
    );
    await context.close();
  });
});

describe("profile and credentials", () => {
  it("keeps profile edits, changes the e-mail only through its link, and refuses a wrong current password", async () => {
    const email = `areas-${run}@example.com`;
    const password = "scaffali-e-pallet-9";
    const user = await makeUser(app.db, {
      role: "stock_hunter",
      email,
      password_hash: await hashPassword(password),
      first_name: "Lia",
      last_name: "Conti",
      has_confirmed_code: true,
    });
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it");
    const login = await page.request.post("/login", { data: { email, password }, headers: { "X-XSRF-TOKEN": await xsrf(context) } });
    expect(login.status()).toBe(200);

    await page.goto("/it/stock-hunter/profile/data");
    await hydrated(page);
    await page.getByRole("button", { name: "Modifica dati del profilo" }).click();
    const form = page.getByTestId("profile-data-form");
    await form.locator("[name=telephone]").fill("");
    await form.locator("[name=company]").fill(`Conti ${run} srl`);
    await form.getByRole("button", { name: /Salva/i }).click();
    await hasText(form.getByRole("alert"), /obbligatori/i);
    // The refused save keeps the popup with what was typed.
    expect(await form.locator("[name=company]").inputValue()).toBe(`Conti ${run} srl`);
    await form.locator("[name=telephone]").fill("+39 02 7654321");
    await form.getByRole("button", { name: /Salva/i }).click();
    await hasText(page.getByTestId("profile-title"), new RegExp(`Conti ${run} srl`));
    await page.reload();
    await hasText(page.getByTestId("profile-title"), new RegExp(`Conti ${run} srl`));
    expect(await app.db.selectFrom("users").select(["telephone", "company"]).where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({
      telephone: "+39 02 7654321",
      company: `Conti ${run} srl`,
    });

    // A wrong current password changes nothing.
    const newEmail = `areas-new-${run}@example.com`;
    await hydrated(page);
    await page.getByRole("button", { name: "Modifica e-mail o password" }).click();
    const creds = page.getByTestId("credentials-form");
    await creds.locator("[name=email]").fill(newEmail);
    await creds.locator("[name=current_password]").fill("non-e-questa-1");
    await creds.getByRole("button", { name: /Salva/i }).click();
    await hasText(creds, /La password attuale non è corretta/);
    expect(await creds.locator("[name=email]").inputValue()).toBe(newEmail);
    expect((await app.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(email);

    // The right one: the address waits for its link.
    await creds.locator("[name=current_password]").fill(password);
    await creds.getByRole("button", { name: /Salva/i }).click();
    await page.getByTestId("pending-email").waitFor();
    expect((await app.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(email);
    const mail = await mailTo(newEmail);
    await page.goto(linkIn(mail.text, /\/confirm-email\//));
    await hydrated(page);
    await page.getByRole("button", { name: "Conferma il nuovo indirizzo" }).click();
    await expect.poll(async () => (await app.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(newEmail);
    await context.close();
  });
});

describe("the statistics", () => {
  it("count a request sent during the test, for the stocker and the referent", async () => {
    const received = async (page: Page, path: string) => {
      await page.goto(path);
      return Number((await page.getByTestId("stats-received").locator("dd").first().textContent())?.replace(/\D/g, ""));
    };
    const stocker = await session("stocker", "it");
    const referent = await session("referent", "en");
    const before = {
      stocker: await received(stocker.page, "/it/stocker/profile/statistics"),
      referent: await received(referent.page, "/en/referent/profile/statistics"),
    };
    expect(before.stocker).toBeGreaterThan(0);
    const j = await loggedIn(DEMO.hunter);
    const res = await call(j, "/api/warehouses/send-requests", {
      method: "POST",
      headers: jsonHeaders(j),
      body: JSON.stringify({
        request_data: {
          business_name: `Stats ${run} srl`,
          contact: DEMO.hunter,
          telephone: "+39 333 1234567",
          referent: "Sara Colombo",
          message: "Per le statistiche.",
          location: "Milano",
        },
        warehouse_ids: [ids.managed.id],
      }),
    });
    expect(res.status).toBe(200);
    expect(await received(stocker.page, "/it/stocker/profile/statistics")).toBe(before.stocker + 1);
    expect(await received(referent.page, "/en/referent/profile/statistics")).toBe(before.referent + 1);
    await hasText(stocker.page.getByTestId("stats-warehouses"), new RegExp(ids.managed.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await stocker.context.close();
    await referent.context.close();
  });

  it("open the chart on a phone at its latest weeks, the rest a swipe to the left", async () => {
    const { context, page } = await session("stocker", "en", 375);
    await page.goto("/en/stocker/profile/statistics");
    await hydrated(page);
    const frame = page.getByTestId("stats-chart-frame");
    const scroll = await frame.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));
    expect(scroll.max).toBeGreaterThan(0);
    expect(scroll.left).toBeGreaterThanOrEqual(scroll.max - 1);
    await context.close();
  });
});

describe("the administrator in a user's area", () => {
  it("opens the demo stocker's area through /admin/stocker/{id}, answers a request there, and both are audited", async () => {
    const { links } = await makeRequest(app.db, { userId: ids.hunter, warehouseIds: [ids.w1.id] });
    const since = new Date();
    const { context, page } = await session("admin", "it");
    // From the back office's list, the owner's e-mail opens the owner's area.
    await page.goto(`/admin/warehouses?search_term=${encodeURIComponent(ids.w1.name)}`);
    await page.getByRole("link", { name: DEMO.stocker }).first().click();
    await page.waitForURL(new RegExp(`/admin/stocker/${ids.stocker}$`));
    await hasText(page.getByRole("note"), /come amministratore/);
    await page
      .getByRole("navigation", { name: /Sezioni/ })
      .getByRole("link", { name: "Richieste" })
      .click();
    await page.waitForURL(/\/messages$/);
    await hydrated(page);
    const card = await openHandlerCard(page, requestNumber(links[0]!.warehouse_request_id), ids.w1.name);
    await card.getByTestId("request-state").selectOption("refused");
    await expect
      .poll(
        async () => (await app.db.selectFrom("warehouse_request_warehouses").select("state").where("id", "=", links[0]!.id).executeTakeFirstOrThrow()).state,
      )
      .toBe("refused");
    const admin = await userId(DEMO.admin);
    const audit = await app.db
      .selectFrom("audit_log")
      .select(["action", "entity_type", "entity_id", "details"])
      .where("admin_id", "=", admin)
      .where("created_at", ">=", since)
      .orderBy("id")
      .execute();
    expect(audit.filter((a) => a.action === "user.area_view" && a.entity_id === ids.stocker).map((a) => (a.details as { page: string }).page)).toEqual(
      expect.arrayContaining(["/", "/messages"]),
    );
    expect(audit.find((a) => a.action === "warehouse_request.state")).toMatchObject({
      entity_type: "warehouse_request",
      details: { link_id: links[0]!.id, before: "pending", after: "refused" },
    });
    await context.close();
  });

  it("is refused to everyone else", async () => {
    const { context, page } = await session("stocker", "it");
    const res = await page.goto(`/admin/stocker/${ids.stocker}`);
    expect(res?.status()).toBe(403);
    await context.close();
  });
});

describe("every area's navigation", () => {
  const areas: [DemoRole, string][] = [
    ["stocker", "stocker"],
    ["keeper", "stocker"],
    ["referent", "referent"],
    ["hunter", "stock-hunter"],
  ];
  for (const [role, segment] of areas) {
    it(`leads the ${role} to real pages in Italian and English, on a phone too`, async () => {
      for (const [locale, width] of [
        ["it", 1280],
        ["en", 375],
      ] as const) {
        const { context, page } = await session(role, locale, width);
        await page.goto(`/${locale}/${segment}/profile`);
        const hrefs = await page
          .getByRole("navigation", { name: locale === "it" ? /Sezioni/ : /Sections/ })
          .getByRole("link")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
        expect(hrefs.length).toBeGreaterThanOrEqual(6);
        for (const href of hrefs) {
          const res = await page.goto(href);
          expect(res?.status(), href).toBe(200);
          // Nothing in the page is wider than the screen (a clipped list would not show in the page's own scroll width).
          const [contentWidth, mainWidth] = await page.locator("main").evaluate((main) => [main.scrollWidth, main.clientWidth]);
          expect(contentWidth, `${href} at ${width} px`).toBeLessThanOrEqual(mainWidth);
          // Nor does anything escape it (an absolutely placed element inside a sideways scroller
          // is clipped only if the scroller is its containing block).
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            `${href} at ${width} px scrolls sideways`,
          ).toBeLessThanOrEqual(0);
          // The current section's tab is in sight, although on a phone the row of tabs scrolls sideways.
          const current = page.getByRole("navigation", { name: locale === "it" ? /Sezioni/ : /Sections/ }).locator("[aria-current=page]");
          await expect
            .poll(
              () =>
                current.evaluate((tab) => {
                  const nav = tab.closest("nav")!;
                  // A row that scrolls fades over its 16 px margins: the tab must stand clear of them.
                  const fade = nav.scrollWidth > nav.clientWidth ? 15.5 : -0.5;
                  const row = nav.getBoundingClientRect();
                  const box = tab.getBoundingClientRect();
                  return box.left >= row.left + fade && box.right <= row.right - fade;
                }),
              { message: `${href} at ${width} px: the current tab is out of sight` },
            )
            .toBe(true);
          // Every link inside the page stays inside a page that exists (no 404 from the area's own links).
          const inner = await page
            .locator(`main a[href^="/${locale}/${segment}/profile"]`)
            .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))].slice(0, 12));
          for (const link of inner) {
            const r = await page.request.get(link);
            expect(r.status(), `${link} (from ${href})`).toBe(200);
          }
        }
        await context.close();
      }
    }, 150_000); // every page of an area twice, and the links on each: half a minute on a busy 2-core machine
  }

  it("sends an administrator's view through the same pages", async () => {
    const { context, page } = await session("admin", "it");
    for (const base of [`/admin/stocker/${ids.stocker}`, `/admin/stock-hunter/${ids.hunter}`]) {
      await page.goto(base);
      const hrefs = await page
        .getByRole("navigation", { name: /Sezioni/ })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      for (const href of hrefs) {
        expect(href.startsWith(base)).toBe(true);
        const res = await page.goto(href);
        expect(res?.status(), href).toBe(200);
      }
    }
    await context.close();
  });
});

describe("the hunter's own things", () => {
  it("refuses another hunter's requests and notifications", async () => {
    const other = await makeUser(app.db, { role: "stock_hunter", password_hash: await hashPassword(DEMO_PASSWORD) });
    const note = await app.db.selectFrom("notifications").select("id").where("user_id", "=", ids.hunter).orderBy("id", "desc").executeTakeFirstOrThrow();
    const j = await loggedIn(other.email);
    const read = await call(j, `/api/stock-hunter/notifications/${note.id}/set-as-read`, { method: "POST", headers: jsonHeaders(j), body: "{}" });
    expect(read.status).toBe(403);
    const list = await call(j, "/api/stock-hunter/requests");
    expect(((await list.json()) as { user_requests_count: number }).user_requests_count).toBe(0);
    const page = await call(j, `/it/stock-hunter/profile/warehouses/${ids.w1.id}`);
    expect(page.status).toBe(404);
  });
});
