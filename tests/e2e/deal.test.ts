// The deal in a real browser, against the built app, through its pages: a hunter's request to
// five warehouses; the owner of the first sends an offer from its page of the link, the owner of
// the second one whose dates start two weeks later than asked, the referent of the third one for
// 300 of the 800 m² asked; the owner of the fourth refuses; the fifth stays silent. The hunter's
// comparison shows five rows with the totals to the cent (as lib/offer-totals.ts computes them),
// the date mismatch, the silent one, sorted by price and then by rating; the hunter asks the
// first for changes, its owner reads them (from the e-mail's link) and revises; the hunter
// accepts the revision and declines the others in the same step; each handler is told in the app
// and by e-mail; the owner confirms and the hunter's review link appears; a thread runs both
// ways with an e-mail each. The comparison fits a phone's 375 px. Then a visitor's request,
// without an account: a handler's offer, the personal link's page (the same link the e-mail
// carries) shows it, the visitor writes and accepts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { m } from "../../app/paraglide/messages.js";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { formatArea, formatDate, formatPrice, requestNumber, todayInItaly } from "../../app/lib/format.ts";
import { offerTotals } from "../../app/lib/offer-totals.ts";
import type { User } from "../../app/server/db/types.ts";
import { requestAccessPath, requestAccessToken } from "../../app/server/deal/request-access.service.ts";
import { makeRequest, makeUser, makeWarehouse, subscribeWarehouses } from "../support/factories.ts";
import { DEMO_PASSWORD, deliveredMailsTo, hasText, hydrated, linkIn, loginAs, mailTo, newPage, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);
const IT = { locale: "it" } as const;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = todayInItaly();
const START = addDays(TODAY, 30);
const END = addDays(START, 89); // 90 days
const LATE_START = addDays(START, 14);
const VAT = 22; // the app's VAT_RATE (its default)

// The totals, in cents, by the formula of lib/offer-totals.ts over the request's 800 m² and 90 days:
// period = round(price × quantity × 90 / 30) + one-off fee; VAT included = round(period × 1.22).
const TOTAL_1 = 1_317_600; // 4,50 × 800 = 3.600 a month; × 3 = 10.800; × 1,22 = 13.176
const TOTAL_1_REVISED = 1_229_760; // 4,20 × 800 = 3.360 a month; × 3 = 10.080; × 1,22 = 12.297,60
const TOTAL_2 = 1_172_420; // 3,90 × 800 = 3.120 a month; × 3 = 9.360 + 250 = 9.610; × 1,22 = 11.724,20
const TOTAL_3 = 549_000; // 300 of 800: 5,00 × 300 = 1.500 a month; × 3 = 4.500; × 1,22 = 5.490
const euros = (cents: number) => formatPrice(cents / 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const subject = (text: string) => new RegExp(`^${escape(text)}$`);
const oneLine = (text: string) => text.replace(/\s+/g, " ");

let hunter: User;
let owners: User[];
let referent: User;
let names: string[];
let warehouseIds: number[];
let requestId: number;
let links: number[];
let number: string;

/** One logged-in browser per person, kept for the whole file. */
const sessions = new Map<string, { context: BrowserContext; page: Page }>();
async function pageOf(user: User): Promise<Page> {
  let s = sessions.get(user.email);
  if (!s) {
    s = await newPage(b.browser, { width: 1280 });
    await loginAs(s.context, { email: user.email });
    sessions.set(user.email, s);
  }
  return s.page;
}

async function open(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await hydrated(page);
}

const handlerPath = (role: "stocker" | "referent", linkId: number) => `/it/${role}/profile/messages/${linkId}`;
const hunterPath = () => `/it/stock-hunter/profile/messages/${requestId}`;
const row = (page: Page, linkId: number) => page.locator(`[data-testid="cmp-row"][data-link="${linkId}"]`);
const rowNames = (page: Page) => page.getByTestId("cmp-warehouse").allTextContents();

/** Type a date into a date field, digits only, day first (the field puts the dots in), and leave it. */
async function fillDate(page: Page, scope: Locator, label: string, iso: string) {
  const [year, month, day] = iso.split("-");
  const field = scope.getByLabel(label, { exact: true });
  await field.fill("");
  await field.click();
  await page.keyboard.type(`${day}${month}${year}`);
  await field.blur();
}

type OfferFields = { quantity?: string; price: string; oneOff?: string; start?: string; minTerm?: string; included?: string };

/** Fills the handler's offer form on its page and sends it; waits for the page to say it was sent. */
async function sendOffer(page: Page, fields: OfferFields, revision = false): Promise<void> {
  const form = page.getByTestId("offer-form");
  const input = (field: string) => form.locator(`[name="offer_data[${field}]"]`);
  if (fields.quantity) await input("quantity").fill(fields.quantity);
  await input("price_month").fill(fields.price);
  if (fields.oneOff) await input("one_off_fee").fill(fields.oneOff);
  if (fields.minTerm) await input("min_term_months").fill(fields.minTerm);
  if (fields.included) await input("included").fill(fields.included);
  if (fields.start) await fillDate(page, form, m.offer_field_start_date({}, IT), fields.start);
  await form.getByRole("button", { name: revision ? m.offer_submit_revision({}, IT) : m.offer_submit({}, IT), exact: true }).click();
  await page.getByText(m.offer_saved({}, IT), { exact: true }).waitFor({ timeout: 30_000 });
}

/** The offers of a link, newest first. */
const offersOf = (linkId: number) => app.db.selectFrom("request_offers").selectAll().where("link_id", "=", linkId).orderBy("revision", "desc").execute();

/** Writes in a conversation (its box under a row, or the handler's page) and waits for "sent". */
async function writeMessage(conversation: Locator, text: string): Promise<void> {
  // A requester's page folds a thread while it is empty.
  const folded = conversation.locator("details:not([open]) > summary");
  if (await folded.count()) await folded.first().click();
  await conversation.getByLabel(m.thr_field_label({}, IT), { exact: true }).fill(text);
  await conversation.getByRole("button", { name: m.thr_send({}, IT), exact: true }).click();
  await conversation.getByText(m.thr_sent({}, IT), { exact: true }).waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  const db = app.db;
  const password_hash = await hashPassword(DEMO_PASSWORD);
  hunter = await makeUser(db, { role: "stock_hunter", email: `deal-hunter-${run}@example.com`, first_name: "Giulia", password_hash, has_confirmed_code: true });
  owners = [];
  for (let i = 0; i < 5; i++)
    owners.push(await makeUser(db, { role: "stocker", email: `deal-owner${i + 1}-${run}@example.com`, first_name: `Titolare${i + 1}`, password_hash }));
  referent = await makeUser(db, { role: "referent", email: `deal-referent-${run}@example.com`, first_name: "Rita", password_hash });
  names = [];
  warehouseIds = [];
  for (let i = 0; i < 5; i++) {
    const name = `Deposito ${["Uno", "Due", "Tre", "Quattro", "Cinque"][i]} ${run}`;
    const w = await makeWarehouse(db, {
      user_id: owners[i]!.id,
      referent_id: i === 2 ? referent.id : null,
      name,
      city: "Bologna",
      status: "approved",
      lat: 44.5 + i * 0.01,
      lng: 11.3,
    });
    // Redeemed: the hunter sees the names.
    await subscribeWarehouses(db, owners[i]!.id, [w.id]);
    names.push(name);
    warehouseIds.push(w.id);
  }
  // Ratings (× 10) for the sort by rating: the fifth best, then the second, the fourth, the first; the third has none.
  const ratings: [number, number | null, number][] = [
    [0, 38, 4],
    [1, 46, 9],
    [2, null, 0],
    [3, 42, 3],
    [4, 48, 2],
  ];
  for (const [i, rating_avg, review_count] of ratings)
    await db.updateTable("warehouses").set({ rating_avg, review_count }).where("id", "=", warehouseIds[i]!).execute();

  const made = await makeRequest(db, { userId: hunter.id, warehouseIds, contact: hunter.email });
  requestId = made.request.id;
  number = requestNumber(requestId);
  await db
    .updateTable("warehouse_requests")
    .set({ m2_type: "m2", m2_value: 800, start_date: START, end_date: END, location: "Bologna", lat: 44.49, lng: 11.34, radius: 50, lang: "it" })
    .where("id", "=", requestId)
    .execute();
  links = warehouseIds.map((id) => made.links.find((l) => l.warehouse_id === id)!.id);

  // The expected totals are the one formula's (a check of the numbers written above).
  const asked = { m2_type: "m2" as const, m2_value: 800, start_date: START, end_date: END };
  const terms = { m2_type: "m2" as const, quantity: 800, handling_in: null, handling_out: null, one_off_fee: null, start_date: START, end_date: END };
  expect(offerTotals({ ...terms, price_month: 450 }, asked, VAT).vat_included).toBe(TOTAL_1);
  expect(offerTotals({ ...terms, price_month: 420 }, asked, VAT).vat_included).toBe(TOTAL_1_REVISED);
  expect(offerTotals({ ...terms, price_month: 390, one_off_fee: 25_000, start_date: LATE_START }, asked, VAT).vat_included).toBe(TOTAL_2);
  expect(offerTotals({ ...terms, price_month: 500, quantity: 300 }, asked, VAT).vat_included).toBe(TOTAL_3);
});

afterAll(async () => {
  for (const s of sessions.values()) await s.context.close().catch(() => {});
});

describe("the deal, in the browser", () => {
  it("three handlers send offers from their pages, one refuses, one stays silent", async () => {
    // 1. The first owner: its page of the link, prefilled with the request's 800 m² and dates.
    const owner1 = await pageOf(owners[0]!);
    await open(owner1, handlerPath("stocker", links[0]!));
    const form = owner1.getByTestId("offer-form");
    expect(await form.locator('[name="offer_data[quantity]"]').inputValue()).toBe("800");
    expect(await form.getByLabel(m.offer_field_start_date({}, IT), { exact: true }).inputValue()).toBe(formatDate(START));
    expect(await form.getByLabel(m.offer_field_end_date({}, IT), { exact: true }).inputValue()).toBe(formatDate(END));
    await sendOffer(owner1, { price: "4,50", minTerm: "3", included: "Carico e scarico, sorveglianza 24/7" });
    await hasText(owner1.getByTestId("offer-history").getByTestId("offer-totals"), euros(TOTAL_1));
    expect(await offersOf(links[0]!)).toEqual([
      expect.objectContaining({ revision: 1, state: "open", quantity: 800, price_month: 450, start_date: START, end_date: END, min_term_months: 3 }),
    ]);

    // 2. The second owner: its offer starts two weeks after the asked start, with a one-off fee.
    const owner2 = await pageOf(owners[1]!);
    await open(owner2, handlerPath("stocker", links[1]!));
    await sendOffer(owner2, { price: "3,90", oneOff: "250,00", start: LATE_START });
    expect(await offersOf(links[1]!)).toEqual([expect.objectContaining({ price_month: 390, one_off_fee: 25_000, start_date: LATE_START, end_date: END })]);
    await hasText(owner2.getByTestId("offer-totals"), m.offer_totals_dates_differ({}, IT));

    // 3. The referent of the third: 300 m² of the 800 asked.
    const ref = await pageOf(referent);
    await open(ref, handlerPath("referent", links[2]!));
    await sendOffer(ref, { quantity: "300", price: "5,00" });
    expect(await offersOf(links[2]!)).toEqual([expect.objectContaining({ quantity: 300, price_month: 500, created_by: referent.id })]);
    await hasText(ref.getByTestId("offer-totals"), m.offer_totals_capped({ offered: "300", asked: "800" }, IT));

    // 4. The fourth owner refuses with the page's state form.
    const owner4 = await pageOf(owners[3]!);
    await open(owner4, handlerPath("stocker", links[3]!));
    await owner4.getByTestId("request-state").selectOption("refused");
    await owner4.getByRole("button", { name: m.offer_state_save({}, IT), exact: true }).click();
    await owner4.getByText(m.areq_state_saved({}, IT), { exact: true }).waitFor({ timeout: 30_000 });
    const states = await app.db
      .selectFrom("warehouse_request_warehouses")
      .select(["id", "state", "answered_at"])
      .where("warehouse_request_id", "=", requestId)
      .execute();
    const state = (i: number) => states.find((s) => s.id === links[i])!;
    expect(state(3).state).toBe("refused");
    // Sending an offer counts as answering; the fifth has not answered.
    for (const i of [0, 1, 2, 3]) expect(state(i).answered_at).not.toBeNull();
    expect(state(4)).toMatchObject({ state: "pending", answered_at: null });
  }, 240_000);

  it("the hunter compares five rows: totals to the cent, the late dates, 300 of 800, the silent one; by price, then by rating", async () => {
    // The hunter arrives from an offer's e-mail.
    const mail = await mailTo(hunter.email, { subject: subject(m.deal_title_offer_sent({ number }, IT)), timeoutMs: 60_000 });
    expect(linkIn(mail.text, /\/messages\/\d+$/)).toBe(hunterPath());
    const page = await pageOf(hunter);
    await open(page, hunterPath());
    expect(await page.getByTestId("cmp-row").count()).toBe(5);
    // By price (the default): the live offers cheapest first, then the refusal and the silence (link order).
    expect(await rowNames(page)).toEqual([names[2], names[1], names[0], names[3], names[4]]);
    expect(await page.getByTestId("cmp-total").allTextContents()).toEqual([euros(TOTAL_3), euros(TOTAL_2), euros(TOTAL_1)]);
    expect(await row(page, links[2]!).getByTestId("cmp-mark-cheapest").count()).toBe(1);
    expect(await row(page, links[2]!).getByTestId("cmp-quantity").textContent()).toBe(m.cmp_covers_of({ quantity: formatArea(300), asked: "800" }, IT));
    expect(await row(page, links[1]!).getByTestId("cmp-dates-mismatch").textContent()).toBe(
      m.cmp_dates_mismatch({ from: formatDate(LATE_START), to: formatDate(END) }, IT),
    );
    for (const i of [0, 2]) expect(await row(page, links[i]!).getByTestId("cmp-dates-mismatch").count()).toBe(0);
    expect(await row(page, links[3]!).getByTestId("cmp-no-offer").textContent()).toBe(m.cmp_refused({}, IT));
    expect(await row(page, links[4]!).getByTestId("cmp-silent").textContent()).toBe(m.cmp_not_answered({}, IT));
    expect(await row(page, links[4]!).getByTestId("cmp-no-offer").textContent()).toBe(m.cmp_not_answered({}, IT));
    expect(await page.getByTestId("cmp-silent").count()).toBe(1);

    // By rating: best first, the unrated last.
    await page.locator('[data-sort="rating"]').click();
    await page.waitForURL(/[?&]sort=rating/);
    await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual([names[4], names[1], names[3], names[0], names[2]]);
    expect(await row(page, links[4]!).getByTestId("cmp-mark-best-rated").count()).toBe(1);
  }, 180_000);

  it("the hunter asks the first for changes; its owner reads them from the e-mail and revises", async () => {
    const page = await pageOf(hunter);
    await open(page, hunterPath());
    const first = row(page, links[0]!);
    const ask = "Potete fare 4,20 €/m² per tre mesi?";
    await first.locator("summary", { hasText: m.ans_ask_changes({}, IT) }).click();
    await first.getByLabel(m.ans_message_label({}, IT)).fill(ask);
    await first.getByRole("button", { name: m.ans_ask_changes_send({}, IT), exact: true }).click();
    await first.getByText(m.ans_done_changes({}, IT), { exact: true }).waitFor({ timeout: 30_000 });
    expect(
      await app.db.selectFrom("request_messages").select(["kind", "side", "body"]).where("link_id", "=", links[0]!).where("kind", "=", "changes").execute(),
    ).toEqual([{ kind: "changes", side: "hunter", body: ask }]);

    // The owner's e-mail quotes the request and links to its page of the link.
    const mail = await mailTo(owners[0]!.email, { subject: subject(m.deal_title_changes_asked({ number }, IT)), timeoutMs: 60_000 });
    expect(oneLine(mail.text)).toContain(ask);
    const path = linkIn(mail.text, /\/messages\/\d+$/);
    expect(path).toBe(handlerPath("stocker", links[0]!));
    const owner1 = await pageOf(owners[0]!);
    await open(owner1, path);
    await hasText(owner1.getByTestId("link-conversation").locator('li[data-kind="changes"]'), ask);
    // The form starts from the current offer; the revision keeps the first in the history.
    expect(await owner1.getByTestId("offer-form").locator('[name="offer_data[price_month]"]').inputValue()).toBe("4,50");
    await sendOffer(owner1, { price: "4,20" }, true);
    await expect
      .poll(() => owner1.getByTestId("offer-revision").evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))))
      .toEqual(["open", "superseded"]);
    expect((await offersOf(links[0]!)).map((o) => [o.revision, o.state, o.price_month])).toEqual([
      [2, "open", 420],
      [1, "superseded", 450],
    ]);

    // The hunter is told and sees the revision in the comparison.
    await mailTo(hunter.email, { subject: subject(m.deal_title_offer_revised({ number }, IT)), timeoutMs: 60_000 });
    await open(page, hunterPath());
    expect(await page.getByTestId("cmp-total").allTextContents()).toEqual([euros(TOTAL_3), euros(TOTAL_2), euros(TOTAL_1_REVISED)]);
    await hasText(row(page, links[0]!), m.cmp_revisions({ count: "2" }, IT));
  }, 240_000);

  it("the hunter accepts the revision and declines the others in one step; every handler is told", async () => {
    const page = await pageOf(hunter);
    await open(page, hunterPath());
    const first = row(page, links[0]!);
    const declineOthers = first.getByRole("checkbox", { name: m.ans_decline_others({ count: 2 }, IT) });
    expect(await declineOthers.isChecked()).toBe(true);
    const before = Date.now();
    await first.getByRole("button", { name: m.ans_accept({}, IT), exact: true }).click();
    await first.getByText(m.ans_done_accept_declined({ count: 2 }, IT), { exact: true }).waitFor({ timeout: 30_000 });
    const current = async (linkId: number) => (await offersOf(linkId))[0]!.state;
    expect([await current(links[0]!), await current(links[1]!), await current(links[2]!)]).toEqual(["accepted", "declined", "declined"]);
    // The page shows the new states: the accepted offer first (the only live one), the declined after it, cheapest first.
    await expect
      .poll(() => page.getByTestId("cmp-offer").evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))), { timeout: 15_000 })
      .toEqual(["accepted", "declined", "declined"]);
    expect(await rowNames(page)).toEqual([names[0], names[2], names[1], names[3], names[4]]);
    await hasText(first, m.ans_status_accepted({}, IT));
    for (const i of [1, 2]) await hasText(row(page, links[i]!), m.ans_status_declined({}, IT));

    // In the app: the owner of the first (accepted), the second's owner, the third's owner and referent (declined).
    const notes = await app.db
      .selectFrom("notifications")
      .select(["user_id", "type"])
      .where("type", "in", ["deal_offer_accepted", "deal_offer_declined"])
      .where("user_id", "in", [...owners.map((o) => o.id), referent.id])
      .execute();
    expect(notes).toEqual(
      expect.arrayContaining([
        { user_id: owners[0]!.id, type: "deal_offer_accepted" },
        { user_id: owners[1]!.id, type: "deal_offer_declined" },
        { user_id: owners[2]!.id, type: "deal_offer_declined" },
        { user_id: referent.id, type: "deal_offer_declined" },
      ]),
    );
    expect(notes).toHaveLength(4);
    // By e-mail: the accepted owner is asked to confirm; the others get the polite message.
    await mailTo(owners[0]!.email, { subject: subject(m.deal_title_offer_accepted({ number }, IT)), timeoutMs: 60_000, after: before - 1000 });
    const polite = oneLine(m.ans_polite_decline({ number }, IT));
    for (const who of [owners[1]!, owners[2]!, referent]) {
      const mail = await mailTo(who.email, { subject: subject(m.deal_title_offer_declined({ number }, IT)), timeoutMs: 60_000 });
      expect(oneLine(mail.text)).toContain(polite);
    }
    // The one who refused and the silent one were sent nothing about offers.
    for (const who of [owners[3]!, owners[4]!]) expect((await deliveredMailsTo(app.db, who.email)).filter((mail) => /offert/i.test(mail.subject))).toEqual([]);

    // The second owner's page shows its offer declined.
    const owner2 = await pageOf(owners[1]!);
    await open(owner2, handlerPath("stocker", links[1]!));
    expect(await owner2.getByTestId("offer-revision").first().getAttribute("data-status")).toBe("declined");
  }, 240_000);

  it("the owner confirms from its page, and the hunter's review link appears", async () => {
    const owner1 = await pageOf(owners[0]!);
    await open(owner1, handlerPath("stocker", links[0]!));
    await owner1.getByTestId("offer-confirm-request").click();
    await owner1.getByText(m.areq_state_saved({}, IT), { exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await app.db.selectFrom("warehouse_request_warehouses").select("state").where("id", "=", links[0]!).executeTakeFirstOrThrow()).state)
      .toBe("confirmed");
    await expect
      .poll(() => owner1.getByTestId("offer-accepted-banner").count(), { timeout: 15_000, message: "the banner stays after the confirmation" })
      .toBe(0);

    const reviewPath = `/it/warehouses/${warehouseIds[0]}/requests/${requestId}/review`;
    const mail = await mailTo(hunter.email, { subject: new RegExp(`${number} confermata`), timeoutMs: 60_000 });
    expect(linkIn(mail.text, /\/review$/)).toBe(reviewPath);
    const page = await pageOf(hunter);
    await open(page, `/it/stock-hunter/profile/messages?selected=${requestId}`);
    const review = page.locator(`[data-request="${requestId}"]`).getByRole("link", { name: m.areq_link_review({}, IT) });
    await expect.poll(() => review.evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute("href")))]), { timeout: 15_000 }).toEqual([reviewPath]);
    // The comparison shows the link confirmed.
    await open(page, hunterPath());
    await hasText(row(page, links[0]!), m.wm_state_confirmed({}, IT));
  }, 180_000);

  it("a thread runs both ways, with an e-mail each", async () => {
    const question = `Quando possiamo fare un sopralluogo? (${run})`;
    const answer = `Martedì alle 10, <b>va bene</b>? (${run})`;
    const page = await pageOf(hunter);
    await open(page, hunterPath());
    await writeMessage(page.locator(`[data-conversation="${links[0]}"]`), question);
    const toOwner = await mailTo(owners[0]!.email, { subject: subject(m.deal_title_message({ number }, IT)), timeoutMs: 60_000 });
    expect(oneLine(toOwner.text)).toContain(question);
    expect(linkIn(toOwner.text, /\/messages\/\d+$/)).toBe(handlerPath("stocker", links[0]!));

    const owner1 = await pageOf(owners[0]!);
    await open(owner1, handlerPath("stocker", links[0]!));
    const thread = owner1.getByTestId("link-conversation");
    await hasText(thread.locator('li[data-side="hunter"][data-kind="message"]'), question);
    await writeMessage(thread, answer);
    const toHunter = await mailTo(hunter.email, { subject: subject(m.deal_title_message({ number }, IT)), timeoutMs: 60_000 });
    expect(oneLine(toHunter.text)).toContain(answer);
    expect(linkIn(toHunter.text, /\/messages\/\d+$/)).toBe(hunterPath());

    // The hunter reads the reply as text, under the row.
    await open(page, hunterPath());
    const conversation = page.locator(`[data-conversation="${links[0]}"]`);
    await hasText(conversation.locator('li[data-side="handler"]').last(), answer);
    expect(await conversation.locator("li b").count()).toBe(0);
    expect(
      (
        await app.db
          .selectFrom("request_messages")
          .select(["side", "body"])
          .where("link_id", "=", links[0]!)
          .where("kind", "=", "message")
          .orderBy("id")
          .execute()
      ).map((r) => [r.side, r.body]),
    ).toEqual([
      ["hunter", question],
      ["handler", answer],
    ]);
  }, 180_000);

  it("the hunter's comparison fits a phone's 375 px", async () => {
    const { context, page } = await newPage(b.browser, { width: 375, height: 740 });
    try {
      await loginAs(context, { email: hunter.email });
      await open(page, hunterPath());
      expect(await page.getByTestId("cmp-row").count()).toBe(5);
      expect(await page.getByTestId("cmp-total").allTextContents()).toEqual([euros(TOTAL_1_REVISED), euros(TOTAL_3), euros(TOTAL_2)]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      for (const total of await page.getByTestId("cmp-total").all()) expect(await total.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("a visitor's request, through its personal link", () => {
  it("a handler's offer reaches the visitor's page; the visitor writes and accepts", async () => {
    const db = app.db;
    const contact = `deal-visitor-${run}@example.com`;
    const { request, links: made } = await makeRequest(db, { userId: null, warehouseIds: [warehouseIds[1]!], contact });
    const visitorStart = addDays(TODAY, 20);
    const visitorEnd = addDays(visitorStart, 59); // 60 days
    await db
      .updateTable("warehouse_requests")
      .set({ m2_type: "m2", m2_value: 500, start_date: visitorStart, end_date: visitorEnd, lang: "it" })
      .where("id", "=", request.id)
      .execute();
    const linkId = made[0]!.id;
    const visitorNumber = requestNumber(request.id);
    const token = await requestAccessToken(db, request.id);
    // 4,00 × 500 = 2.000 a month; × 60 / 30 = 4.000; × 1,22 = 4.880.
    const total = 488_000;
    expect(
      offerTotals(
        {
          m2_type: "m2",
          quantity: 500,
          price_month: 400,
          handling_in: null,
          handling_out: null,
          one_off_fee: null,
          start_date: visitorStart,
          end_date: visitorEnd,
        },
        { m2_type: "m2", m2_value: 500, start_date: visitorStart, end_date: visitorEnd },
        VAT,
      ).vat_included,
    ).toBe(total);

    // The second owner answers from its page.
    const owner2 = await pageOf(owners[1]!);
    await open(owner2, handlerPath("stocker", linkId));
    await sendOffer(owner2, { price: "4,00" });
    // The visitor's e-mail carries the personal link.
    const mail = await mailTo(contact, { subject: subject(m.deal_title_offer_sent({ number: visitorNumber }, IT)), timeoutMs: 60_000 });
    const path = linkIn(mail.text, /^\/it\/requests\//);
    expect(path).toBe(requestAccessPath("it", token));

    const { context, page } = await newPage(b.browser, { width: 1280 });
    try {
      await open(page, path);
      expect(await page.getByTestId("cmp-row").count()).toBe(1);
      expect(await page.getByTestId("cmp-warehouse").textContent()).toBe(names[1]);
      expect(await page.getByTestId("cmp-total").allTextContents()).toEqual([euros(total)]);
      expect(await page.getByTestId("visitor-follow-up").isVisible()).toBe(true);

      const question = `Il prezzo include il carico? (${run})`;
      await writeMessage(page.locator(`[data-conversation="${linkId}"]`), question);
      const toOwner = await mailTo(owners[1]!.email, { subject: subject(m.deal_title_message({ number: visitorNumber }, IT)), timeoutMs: 60_000 });
      expect(oneLine(toOwner.text)).toContain(question);
      expect(await db.selectFrom("request_messages").select(["side", "author_id", "body"]).where("link_id", "=", linkId).execute()).toEqual([
        { side: "hunter", author_id: null, body: question },
      ]);

      // One offer only: no box to decline others.
      const answer = row(page, linkId);
      expect(await answer.getByRole("checkbox").count()).toBe(0);
      await answer.getByRole("button", { name: m.ans_accept({}, IT), exact: true }).click();
      await answer.getByText(m.ans_done_accept({}, IT), { exact: true }).waitFor({ timeout: 30_000 });
      expect((await offersOf(linkId))[0]!.state).toBe("accepted");
      await mailTo(owners[1]!.email, { subject: subject(m.deal_title_offer_accepted({ number: visitorNumber }, IT)), timeoutMs: 60_000 });
      // The owner's page asks it to confirm.
      await open(owner2, handlerPath("stocker", linkId));
      expect(await owner2.getByTestId("offer-accepted-banner").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 240_000);
});
