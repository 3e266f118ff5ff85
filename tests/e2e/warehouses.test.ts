// Warehouse management in a real browser, against the built app: the demo stocker creates a
// warehouse with contacts, hours, nine specifications and three photos (one a 6000×4000 phone
// JPEG with GPS in its EXIF), drags its pin and finds it pending in its list; the admin moves a
// warehouse from Milan to Turin and the search follows at once; the referent edits what it
// manages and is refused what it does not; the stocker creates a referent who completes the
// account from the invitation and then receives the warehouse's next quote request; hostile
// uploads are refused without a trace; the form works with the keyboard alone.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import sharp from "sharp";
import type { Locator, Page } from "playwright-core";
import {
  baseUrl,
  call,
  DEMO,
  hasText,
  hydrated,
  jar,
  jsonHeaders,
  linkIn,
  loggedIn,
  loginAs,
  mailTo,
  newPage,
  useAppDatabase,
  useBrowser,
  userIdOf,
  xsrf,
} from "./support.ts";
import { handMadePng, phoneJpeg, photo } from "../support/images.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

const userId = (email: string) => userIdOf(app.db, email);

/** Focus a checkbox or switch and press Space until it is in the wanted state. */
async function toggle(box: Locator, checked: boolean): Promise<void> {
  await box.focus();
  await box.page().keyboard.press("Space");
  await expect.poll(() => box.isChecked()).toBe(checked);
}

/** The coordinates line under the form's map. */
const coordinates = (page: Page) => page.getByTestId("position-coordinates").textContent();

/**
 * A multipart upload over plain node:http. A body over a megabyte is announced (Content-Length)
 * and then only sent once the server asks for it: the server judges the declared length and
 * answers 413 before reading, and closes the connection, so writing 50 MB into it would race
 * the answer (ECONNRESET instead of the 413 a browser reads).
 */
async function rawUpload(path: string, headers: Record<string, string>, form: FormData): Promise<{ status: number; text: string }> {
  const request = new Request("http://x", { method: "POST", body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        headers: { ...headers, "Content-Type": request.headers.get("Content-Type")!, "Content-Length": String(body.length) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The server may close the connection while the body is still being written (after its 413):
    // then the answer read so far decides, and a connection closed with no answer fails the test.
    req.on("error", (err) => reject(new Error(`no answer: ${err.message}`)));
    req.setTimeout(15_000, () => req.destroy(new Error("timed out")));
    if (body.length <= 1_000_000) {
      req.end(body);
      return;
    }
    req.flushHeaders();
    // Answered on the headers alone; otherwise (no answer in 2 s) the whole body follows.
    const send = setTimeout(() => req.end(body), 2_000);
    req.on("response", () => clearTimeout(send));
  });
}

/** Ids of a search's results, matching or not. */
async function searchIds(location: string): Promise<number[]> {
  const j = jar();
  const res = await call(j, `/api/warehouses/search?location=${encodeURIComponent(location)}&radius=10`);
  const body = (await res.json()) as { warehouses: { id: number }[]; other_warehouses: { id: number }[] };
  return [...body.warehouses, ...body.other_warehouses].map((w) => w.id);
}

describe("the demo stocker registers a warehouse", () => {
  it("with two contacts, hours, nine specifications, three photos and a dragged pin, and finds it pending in its list", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "stocker");
    await page.goto("/it/stocker/profile/warehouses");
    await page.getByTestId("register-warehouse").click();
    await page.waitForURL("**/it/stocker/profile/warehouses/new");
    const name = `Polo E2E ${run}`;

    await page.getByLabel("Nome del magazzino").fill(name);
    await page.getByRole("textbox", { name: /^Indirizzo/ }).fill("Via Borgo Palazzo 120");
    await page.getByLabel("CAP").fill("24125");
    await page.getByLabel("Città").fill("Bergamo");
    await page.getByLabel("Provincia").fill("BG");
    await page.getByLabel("Partita IVA").fill("IT01234567890");
    // Leaving the address fields places the pin at the town (the gazetteer: no street level here).
    await page.getByLabel("Partita IVA").focus();
    await hasText(page.getByTestId("position-status"), /Bergamo/);
    const placed = await coordinates(page);
    expect(placed).toMatch(/45,6\d+ N, 9,6\d+ E/);

    // Two contacts, the second as billing.
    await page.getByLabel("Nome e cognome").first().fill("Anna Bianchi");
    await page.getByLabel("E-mail", { exact: true }).nth(1).fill("anna.bianchi@example.com");
    await page.getByRole("button", { name: "Aggiungi contatto" }).click();
    await page.getByLabel("Nome e cognome").nth(1).fill("Luca Verdi");
    await page.getByLabel("Ruolo").nth(1).selectOption("billing");

    await page.getByLabel("Superficie totale (m²)").fill("2.400");
    await page.getByLabel("Superficie interna (m²)").fill("1.950,5");
    await page.getByLabel("Costo annuo al m² (€)").fill("48,50");

    await page.locator("#wf-mon-from").fill("08:00");
    await page.locator("#wf-mon-to").fill("18:00");
    // The day switches and the checkboxes hide their native input behind their drawing: toggled as a keyboard user does.
    await toggle(page.getByLabel("Domenica: aperto"), false);

    // Nine specifications, three in each of the first three groups.
    const chosen: string[] = [];
    for (const group of [1, 2, 3]) {
      const boxes = page.getByTestId(`wf-spec-group-${group}`).getByRole("checkbox");
      for (let i = 0; i < 3; i++) {
        await toggle(boxes.nth(i), true);
        chosen.push(String(group));
      }
    }
    expect(chosen).toHaveLength(9);

    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#4a7fb0" } })
      .png()
      .toBuffer();
    const jpeg = await (await photo(1600, 1200)).jpeg().toBuffer();
    await page.locator("input[type=file]").setInputFiles([
      { name: "telefono.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() },
      { name: "piazzale.png", mimeType: "image/png", buffer: png },
      { name: "banchine.jpeg", mimeType: "image/jpeg", buffer: jpeg },
    ]);
    await expect.poll(() => page.getByTestId("wf-image-new").count()).toBe(3);

    // Drag the pin onto the building.
    const pin = page.getByTestId("position-pin");
    await pin.scrollIntoViewIfNeeded();
    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => coordinates(page)).not.toBe(placed);

    await page.getByRole("button", { name: "Salva", exact: true }).click();
    await page.waitForURL("**/it/stocker/profile/warehouses", { timeout: 60_000 });
    const card = page.getByTestId("warehouse-card").filter({ hasText: name });
    await hasText(card.getByTestId("warehouse-status"), "In attesa di approvazione");

    const w = await app.db.selectFrom("warehouses").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
    expect(w).toMatchObject({
      status: "pending",
      to_approve: true,
      is_hub: true,
      user_id: await userId(DEMO.stocker),
      m2: 1950.5,
      total_m2: 2400,
      m2_cost: 48.5,
      email: DEMO.stocker,
    });
    // Dragged south-east of the town's centre, still in Bergamo's area.
    expect(w.lat).toBeLessThan(45.7);
    expect(w.lat).toBeGreaterThan(45.6);
    expect(w.lng).toBeGreaterThan(9.6);
    const contacts = await app.db.selectFrom("contacts").select(["full_name", "email", "role"]).where("warehouse_id", "=", w.id).orderBy("id").execute();
    expect(contacts).toEqual([
      { full_name: "Anna Bianchi", email: "anna.bianchi@example.com", role: "0" },
      { full_name: "Luca Verdi", email: null, role: "billing" },
    ]);
    const times = await app.db.selectFrom("warehouse_times").selectAll().where("warehouse_id", "=", w.id).executeTakeFirstOrThrow();
    expect(times).toMatchObject({ mon_open_time: "08:00:00", mon_close_time: "18:00:00", is_sun_open: false, is_tue_open: true });
    const specs = await app.db.selectFrom("warehouse_specifications").select("specification_id").where("warehouse_id", "=", w.id).execute();
    expect(specs).toHaveLength(9);
    const images = await app.db.selectFrom("images").selectAll().where("warehouse_id", "=", w.id).orderBy("position").execute();
    expect(images).toHaveLength(3);

    // The phone photo is served upright, resized, as WebP, with a year of cache and no EXIF or GPS left.
    const served = await page.request.get(images[0]!.src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toMatch(/max-age=\d{7,}.*immutable|immutable.*max-age=\d{7,}/);
    const meta = await sharp(await served.body()).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp }).toEqual({
      format: "webp",
      width: 1067,
      height: 1600,
      exif: undefined,
      xmp: undefined,
    });
    await context.close();
  });
});

describe("the back office moves a warehouse", () => {
  it("from Milan to Turin: the next search finds it in Turin and no longer in Milan, and the change is audited", async () => {
    const w = await app.db
      .selectFrom("warehouses")
      .select(["id", "name"])
      .where("city", "=", "Milano")
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .where("user_id", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(await searchIds("Milano")).toContain(w.id);
    expect(await searchIds("Torino")).not.toContain(w.id);

    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "admin");
    await page.goto(`/admin/warehouses/${w.id}/edit`);
    await page.getByRole("textbox", { name: /^Indirizzo/ }).fill("Via Nizza 150");
    await page.getByLabel("CAP").fill("10126");
    await page.getByLabel("Città").fill("Torino");
    await page.getByLabel("Provincia").fill("TO");
    await page.getByLabel("Nome del magazzino").focus();
    // A stored pin is the owner's: the form asks before moving it to the new address.
    await page.getByRole("button", { name: "Sposta il segnaposto sul nuovo indirizzo" }).click();
    await expect.poll(() => coordinates(page)).toMatch(/45,0\d+ N, 7,6\d+ E/);
    await page.getByRole("button", { name: "Salva", exact: true }).click();
    await page.waitForURL("**/admin/warehouses");

    expect(await searchIds("Torino")).toContain(w.id);
    expect(await searchIds("Milano")).not.toContain(w.id);
    const entry = await app.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", w.id)
      .where("action", "=", "warehouse.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.admin_id).toBe(await userId(DEMO.admin));
    expect((entry.details as any).changes.city).toEqual({ before: "Milano", after: "Torino" });
    await context.close();
  });
});

describe("the demo referent", () => {
  it("edits a warehouse it manages, and is refused one it does not manage", async () => {
    const referentId = await userId(DEMO.referent);
    const managed = await app.db
      .selectFrom("warehouses")
      .select(["id"])
      .where("referent_id", "=", referentId)
      .where("status", "=", "approved")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const other = await app.db
      .selectFrom("warehouses")
      .select(["id"])
      .where((eb) => eb.or([eb("referent_id", "is", null), eb("referent_id", "!=", referentId)]))
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();

    const { context, page } = await newPage(b.browser, { locale: "en" });
    await loginAs(context, "referent");
    await page.goto(`/en/referent/profile/warehouses/${managed.id}/edit`);
    await page.getByLabel("Telephone", { exact: true }).first().fill("+39 02 8888 7777");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL("**/en/referent/profile/warehouses");
    expect((await app.db.selectFrom("warehouses").select("telephone").where("id", "=", managed.id).executeTakeFirstOrThrow()).telephone).toBe(
      "+39 02 8888 7777",
    );

    const refused = await page.request.post(`/api/referent/warehouses/${other.id}/update`, {
      data: { warehouse_data: { name: "Taken", country: "Italia", address: "Via X 1", cap: "20100", city: "Milano", province: "MI", vat: "IT1", m2: 1 } },
      headers: { "X-XSRF-TOKEN": await xsrf(context) },
    });
    expect(refused.status()).toBe(403);
    expect((await page.goto(`/en/referent/profile/warehouses/${other.id}/edit`))!.status()).toBe(404);
    await context.close();
  });
});

describe("a new referent", () => {
  it("is created by the stocker from the warehouse's page, completes the account and receives the warehouse's next quote request", async () => {
    const w = await app.db
      .selectFrom("warehouses")
      .select(["id", "name"])
      .where("user_id", "=", await userId(DEMO.stocker))
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const email = `nuovo-referente-${run}@example.com`;

    const { context, page } = await newPage(b.browser, { locale: "en" });
    await loginAs(context, "stocker");
    await page.goto(`/en/stocker/profile/warehouses/${w.id}`);
    await page.getByRole("button", { name: "Change referent" }).click();
    const dialog = page.locator("#change-referent");
    await dialog.getByRole("button", { name: "Create a new referent" }).click();
    await dialog.getByRole("button", { name: "Create and assign" }).click();
    await hasText(dialog.getByRole("alert"), /fill in all the required fields/);
    await dialog.getByLabel("First name").fill("Giulia");
    await dialog.getByLabel("Last name").fill("Neri");
    await dialog.getByLabel("E-mail").fill(DEMO.hunter);
    await dialog.getByLabel("Telephone").fill("+39 340 1234567");
    await dialog.getByRole("button", { name: "Create and assign" }).click();
    await hasText(dialog.getByRole("alert"), /already has a Stockspace account/);
    // Past the invitation limits (here: today's 20 already sent) the popup says so and nothing is created.
    const counter = { key: `invite:day:user:${await userId(DEMO.stocker)}`, window_start: new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000) };
    await app.db
      .insertInto("rate_limits")
      .values({ ...counter, hits: 20 })
      .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ hits: 20 }))
      .execute();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Create and assign" }).click();
    await hasText(dialog.getByRole("alert"), /You have sent too many invitations: you can send 10 an hour and 20 a day/);
    expect(await app.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
    await app.db.deleteFrom("rate_limits").where("key", "=", counter.key).execute();
    await dialog.getByRole("button", { name: "Create and assign" }).click();
    await hasText(page.getByTestId("referent-name"), "Giulia Neri");
    await context.close();

    const invitation = await mailTo(email, { subject: /invit/i });
    const link = linkIn(invitation.text, /\/complete-account\//);
    const invited = await newPage(b.browser, { locale: "en" });
    await invited.page.goto(link);
    await invited.page.locator("[name=password]").fill("referente-nuova-2026");
    await invited.page.locator("[name=confirm_password]").fill("referente-nuova-2026");
    await invited.page.locator("button[type=submit]").click();
    await invited.page.waitForURL("**/referent/profile**");
    await invited.context.close();

    // A visitor's quote request for that warehouse reaches the new referent.
    const visitor = jar();
    await call(visitor, "/it");
    const contact = `cliente-${run}@example.com`;
    const sent = await call(visitor, "/api/warehouses/send-requests", {
      method: "POST",
      headers: { ...jsonHeaders(visitor), "X-Forwarded-For": `198.51.100.${1 + (Date.now() % 250)}` },
      body: JSON.stringify({
        warehouse_ids: [w.id],
        specification_ids: [],
        request_data: { business_name: "Cliente E2E", contact, referent: "Ada", message: "Serve spazio", conditions: true, privacy: true },
      }),
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    // In the referent's language: the stocker's, who created the account.
    const received = await mailTo(email, { subject: /richiesta di preventivo|quote request/i });
    expect(received.text).toContain("Cliente E2E");
  });
});

describe("the owner of a warehouse its referent handles", () => {
  it("receives its quote requests too, turns the e-mails off on the warehouse's page, then hears of them in the app only", async () => {
    const stocker = await userId(DEMO.stocker);
    const w = await app.db
      .selectFrom("warehouses")
      .select(["id", "name"])
      .where("user_id", "=", stocker)
      .where("referent_id", "=", await userId(DEMO.referent))
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const visitor = jar();
    await call(visitor, "/it");
    const ask = async (business: string) => {
      const res = await call(visitor, "/api/warehouses/send-requests", {
        method: "POST",
        headers: { ...jsonHeaders(visitor), "X-Forwarded-For": `198.51.100.${1 + ((Date.now() + business.length) % 250)}` },
        body: JSON.stringify({
          warehouse_ids: [w.id],
          specification_ids: [],
          request_data: {
            business_name: business,
            contact: `cliente-${business.length}-${run}@example.com`,
            referent: "Ada",
            message: "Serve spazio",
            conditions: true,
            privacy: true,
          },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { warehouse_request_id } = (await res.json()) as { warehouse_request_id: number };
      return { id: warehouse_request_id, number: String(warehouse_request_id).padStart(10, "0") };
    };
    try {
      // Both hear of it by e-mail, through the SMTP server: the referent, who handles it, and the owner.
      const first = await ask(`Prima Richiesta ${run}`);
      expect((await mailTo(DEMO.referent, { subject: new RegExp(first.number) })).text).toContain(`Prima Richiesta ${run}`);
      const ownerMail = await mailTo(DEMO.stocker, { subject: new RegExp(first.number) });
      expect(ownerMail.text).toMatch(/referente|referent/);
      expect(ownerMail.text).toContain(`/stocker/profile/warehouses/${w.id}`);

      // The owner turns them off for this warehouse, on its page.
      const { context, page } = await newPage(b.browser, { locale: "en" });
      await loginAs(context, "stocker");
      await page.goto(`/en/stocker/profile/warehouses/${w.id}`);
      await hydrated(page);
      const box = page.getByRole("checkbox", { name: "Receive this warehouse's quote requests by e-mail too" });
      expect(await box.isChecked()).toBe(true);
      await box.press("Space");
      await hasText(page.getByTestId("owner-request-emails").getByRole("status"), "Saved: you will no longer receive this warehouse's requests by e-mail.");
      expect((await app.db.selectFrom("warehouses").select("owner_request_emails").where("id", "=", w.id).executeTakeFirstOrThrow()).owner_request_emails).toBe(
        false,
      );
      // After a reload it stays off.
      await page.reload();
      expect(await page.getByRole("checkbox", { name: "Receive this warehouse's quote requests by e-mail too" }).isChecked()).toBe(false);
      await context.close();

      // The next request: the referent's e-mail, the owner's notification, no e-mail to the owner (the outbox holds none).
      const second = await ask(`Seconda Richiesta Piu Lunga ${run}`);
      await mailTo(DEMO.referent, { subject: new RegExp(second.number) });
      const owed = await app.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("to_address", "=", DEMO.stocker)
        .where("subject", "like", `%${second.number}%`)
        .execute();
      expect(owed).toEqual([]);
      const notes = await app.db
        .selectFrom("notifications")
        .select("user_id")
        .where("type", "=", "quote_request")
        .where("user_id", "=", stocker)
        .where(sql<boolean>`(data->>'warehouse_request_id')::bigint = ${second.id}`)
        .execute();
      expect(notes).toHaveLength(1);
    } finally {
      await app.db.updateTable("warehouses").set({ owner_request_emails: true }).where("id", "=", w.id).execute();
    }
  });
});

describe("hostile uploads", () => {
  it("a PHP file named .jpg, an SVG with a script, a 30,000×30,000 PNG bomb, a 50 MB file and a truncated JPEG each get a 4xx, write nothing, and the app stays up", async () => {
    const stocker = await loggedIn(DEMO.stocker);
    const w = await app.db
      .selectFrom("warehouses")
      .select("id")
      .where("user_id", "=", await userId(DEMO.stocker))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom("images")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const jpeg = await (await photo(1000, 800)).jpeg().toBuffer();
    const bomb = handMadePng(30_000, 30_000, 1, 0);
    const cases: [string, Uint8Array, string][] = [
      ["shell.jpg", new TextEncoder().encode("<?php system($_GET['c']); ?>"), "image/jpeg"],
      [
        "logo.svg",
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>'),
        "image/svg+xml",
      ],
      ["bomb.png", bomb, "image/png"],
      ["huge.jpg", new Uint8Array(50 * 1024 * 1024), "image/jpeg"],
      ["cut.jpg", jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), "image/jpeg"],
    ];
    for (const [name, bytes, type] of cases) {
      const form = new FormData();
      form.append("type", "thumb");
      form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
      const { "Content-Type": _json, ...headers } = jsonHeaders(stocker);
      const cookie = [...stocker.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const started = Date.now();
      const res = await rawUpload(`/api/stocker/warehouses/${w.id}/upload`, { ...headers, Cookie: cookie }, form);
      expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(Date.now() - started, name).toBeLessThan(10_000);
    }
    expect(await count()).toBe(before);
    const health = await fetch(`${baseUrl()}/api/health/ready`);
    expect(health.status).toBe(200);
  });
});

describe("the form with the keyboard alone", () => {
  it("marks the missing fields, then saves a new warehouse in the back office typed and submitted from the keyboard", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "admin");
    await page.goto("/admin/warehouses/new");
    const name = page.getByLabel("Nome del magazzino");
    await name.focus();
    await page.keyboard.press("Enter");
    await hasText(page.getByRole("alert").first(), "Completa tutti i campi obbligatori");
    // The focus went to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.id)).toMatch(/name/);
    await page.keyboard.type(`Deposito tastiera ${run}`);
    await page.keyboard.press("Tab"); // country: Italia already
    await page.keyboard.press("Tab");
    await page.keyboard.type("Via Emilia 5");
    await page.keyboard.press("Tab");
    await page.keyboard.type("40121");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Bologna");
    await page.keyboard.press("Tab");
    await page.keyboard.type("BO");
    await page.keyboard.press("Tab");
    await hasText(page.getByTestId("position-status"), /Bologna/);
    await name.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/warehouses", { timeout: 30_000 });
    const w = await app.db.selectFrom("warehouses").selectAll().where("name", "=", `Deposito tastiera ${run}`).executeTakeFirstOrThrow();
    expect(w).toMatchObject({ status: "approved", is_hub: false, to_approve: false, user_id: null, city: "Bologna" });
    expect(w.lat).toBeCloseTo(44.49, 1);
    await context.close();
  });
});
