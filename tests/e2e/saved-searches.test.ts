// Saved searches (decision 038) in a real browser against the built app with demo data: a stock
// hunter saves the search around Verona (500 m², dates, two specifications) from the search page,
// finds it with its criteria in words in the area's page, runs it again, renames, pauses, resumes
// and deletes it; a visitor saves one with an address and the privacy consent, sees "check your
// inbox", and confirms it through the e-mail's link (the link's page confirms only on its button;
// used once); the other roles see no "Save search".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { m } from "../../app/paraglide/messages.js";
import { formatDate } from "../../app/lib/format.ts";
import { DEMO, hasText, hydrated, linkIn, loginAs, mailTo, newPage, tick, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();

const RUN = Date.now().toString(36);
const HUNTER_NAME = `Verona ${RUN}`;
const VISITOR_EMAIL = `saved.visitor.${RUN}@example.com`;

/** Today in Italy plus `days`, 'YYYY-MM-DD'. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });

let specs: { service: { id: number; value: string }; security: { id: number; value: string } };
let hunterId: number;

beforeAll(async () => {
  const visible = (catId: number) =>
    app.db
      .selectFrom("specifications")
      .select(["id", "value"])
      .where("cat_id", "=", catId)
      .where("hidden", "=", false)
      .orderBy("position")
      .orderBy("id")
      .executeTakeFirstOrThrow();
  specs = { service: await visible(1), security: await visible(3) };
  hunterId = (await app.db.selectFrom("users").select("id").where("email", "=", DEMO.hunter).executeTakeFirstOrThrow()).id;
});

// What this file saved: no later journey meets it.
afterAll(async () => {
  await app.db
    .deleteFrom("saved_searches")
    .where((eb) => eb.or([eb("name", "like", `%${RUN}%`), eb("email", "=", VISITOR_EMAIL)]))
    .execute();
});

describe("a stock hunter's saved search", () => {
  it("is saved from the search page, shown with its criteria, run again, renamed, paused, resumed and deleted", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "hunter");
    const [start, end] = [day(30), day(200)];
    const query = `location=Verona&radius=30&start_date=${start}&end_date=${end}&m2_value=500&service=${specs.service.id}&security=${specs.security.id}`;
    await page.goto(`/it/stocks?${query}`);
    await hydrated(page);

    await page.getByTestId("save-search-open").click();
    const dialog = page.locator("#save-search-ap");
    await dialog.waitFor();
    const recap = dialog.getByTestId("save-search-recap");
    await hasText(recap, /entro 30 km/);
    await hasText(recap, /500\s?m²/);
    await hasText(recap, new RegExp(specs.security.value));
    const name = dialog.getByLabel(m.ss_name_label({}, { locale: "it" }));
    expect(await name.inputValue()).toMatch(/^Verona/);
    // A blank name is refused at its field, nothing sent.
    await name.fill("");
    await dialog.getByRole("button", { name: m.ss_submit({}, { locale: "it" }) }).click();
    await hasText(dialog.locator("[id$=-error]"), m.ss_error_name({}, { locale: "it" }));
    await name.fill(HUNTER_NAME);
    await dialog.getByRole("button", { name: m.ss_submit({}, { locale: "it" }) }).click();
    await hasText(dialog.getByTestId("save-search-success"), m.ss_done_title({}, { locale: "it" }));

    const row = await app.db.selectFrom("saved_searches").selectAll().where("user_id", "=", hunterId).where("name", "=", HUNTER_NAME).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ radius: 30, m2_type: "m2", m2_value: 500, start_date: start, end_date: end, lang: "it", paused: false, email: null });
    expect([...row.specification_ids].sort((a, c) => a - c)).toEqual([specs.service.id, specs.security.id].sort((a, c) => a - c));
    expect(row.confirmed_at).toBeInstanceOf(Date);

    // The notice under the heading links to the saved searches too; the dialog's link goes there.
    await hasText(page.getByTestId("save-search-notice"), m.ss_notice_saved({}, { locale: "it" }));
    await dialog.getByRole("link", { name: m.ss_done_link({}, { locale: "it" }) }).click();
    await page.waitForURL("**/it/stock-hunter/profile/saved-searches");
    await hydrated(page);
    const card = page.getByTestId("saved-search").filter({ hasText: HUNTER_NAME });
    await hasText(card.getByTestId("saved-search-place"), /^Verona.*entro 30 km$/);
    await hasText(card.getByTestId("saved-search-dates"), `Dal ${formatDate(start)} al ${formatDate(end)}`);
    await hasText(card.getByTestId("saved-search-space"), /^500\s?m²$/);
    await hasText(card.getByTestId("saved-search-specifications"), specs.service.value);
    await hasText(card.getByTestId("saved-search-state"), m.ss_state_active({}, { locale: "it" }));

    // Run it now: the search page with the same criteria as its address carries them.
    const href = (await card.getByTestId("saved-search-run").getAttribute("href"))!;
    const run = new URL(href, "http://x");
    expect(run.pathname).toBe("/it/stocks");
    expect(Object.fromEntries([...run.searchParams].filter(([k]) => !["lat", "lng", "location"].includes(k)))).toEqual({
      radius: "30",
      start_date: start,
      end_date: end,
      m2_value: "500",
      service: String(specs.service.id),
      security: String(specs.security.id),
    });
    expect(run.searchParams.get("location")).toMatch(/^Verona/);
    await card.getByTestId("saved-search-run").click();
    await page.waitForURL((url) => url.pathname === "/it/stocks");
    await hasText(page.getByTestId("search-summary"), /entro 30 km/);
    await page.goBack();
    await page.waitForURL("**/saved-searches");

    // A phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Rename: a blank name comes back to its field, the form still open; then a name.
    await card.getByTestId("saved-search-rename").click();
    const renamed = `Verona grande ${RUN}`;
    const field = card.getByLabel(m.ss_name_label({}, { locale: "it" }));
    await field.fill("   ");
    await card.getByRole("button", { name: m.ss_rename_save({}, { locale: "it" }) }).click();
    await hasText(card.locator("[id$=-error]"), m.ss_error_name({}, { locale: "it" }));
    expect((await app.db.selectFrom("saved_searches").select("name").where("id", "=", row.id).executeTakeFirstOrThrow()).name).toBe(HUNTER_NAME);
    await field.fill(renamed);
    await card.getByRole("button", { name: m.ss_rename_save({}, { locale: "it" }) }).click();
    await hasText(page.getByTestId("saved-search-notices"), m.ss_done_renamed({}, { locale: "it" }));
    const card2 = page.getByTestId("saved-search").filter({ hasText: renamed });
    await hasText(card2.getByTestId("saved-search-name"), renamed);
    expect(await page.getByTestId("saved-search-rename-form").count()).toBe(0);

    // Pause, then resume: the state follows, and a resume starts the active time again.
    await card2.getByTestId("saved-search-pause").click();
    await hasText(card2.getByTestId("saved-search-state"), m.ss_state_paused({}, { locale: "it" }));
    const paused = await app.db.selectFrom("saved_searches").select(["paused", "active_since"]).where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(paused.paused).toBe(true);
    await card2.getByTestId("saved-search-resume").click();
    await hasText(card2.getByTestId("saved-search-state"), m.ss_state_active({}, { locale: "it" }));
    const resumed = await app.db.selectFrom("saved_searches").select(["paused", "active_since"]).where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(resumed.paused).toBe(false);
    expect(resumed.active_since!.getTime()).toBeGreaterThan(paused.active_since!.getTime());

    // Delete, after the question.
    await card2.getByTestId("saved-search-delete").click();
    const question = card2.getByTestId("saved-search-delete-form");
    await hasText(question, renamed);
    await question.getByTestId("saved-search-delete-confirm").click();
    await hasText(page.getByTestId("saved-search-notices"), m.ss_done_deleted({}, { locale: "it" }));
    await expect.poll(() => page.getByTestId("saved-search").filter({ hasText: renamed }).count()).toBe(0);
    expect(await app.db.selectFrom("saved_searches").select("id").where("id", "=", row.id).executeTakeFirst()).toBeUndefined();
    await context.close();
  });

  it("is not offered to the other roles", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "stocker");
    await page.goto("/it/stocks?location=Verona&radius=30");
    await hydrated(page);
    await page.getByTestId("search-summary").waitFor();
    expect(await page.getByTestId("save-search-open").count()).toBe(0);
    await context.close();
  });
});

describe("a visitor's saved search", () => {
  it("waits for the address: check your inbox, then the e-mail's link confirms it on its button, once", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en", width: 375, height: 800 });
    await page.goto("/en/stocks?location=Verona&radius=20&m2_type=pallet&m2_value=40");
    await hydrated(page);
    await page.getByTestId("save-search-open").click();
    const dialog = page.locator("#save-search-ap");
    await dialog.waitFor();
    await hasText(dialog.getByTestId("save-search-recap"), /40 pallets/);
    await dialog.getByLabel(m.ss_name_label({}, { locale: "en" })).fill(`Pallets ${RUN}`);
    await dialog.getByLabel(m.ss_email_label({}, { locale: "en" })).fill(VISITOR_EMAIL);
    // Without the privacy consent: refused at its box, nothing sent.
    await dialog.getByRole("button", { name: m.ss_submit({}, { locale: "en" }) }).click();
    await hasText(dialog.locator("p[id$=-error]"), m.field_privacy_required({}, { locale: "en" }));
    expect(await app.db.selectFrom("saved_searches").select("id").where("email", "=", VISITOR_EMAIL).execute()).toEqual([]);
    await tick(dialog.locator('input[name="privacy"]'));
    await dialog.getByRole("button", { name: m.ss_submit({}, { locale: "en" }) }).click();
    await hasText(dialog.getByTestId("save-search-success"), m.ss_check_title({}, { locale: "en" }));
    await hasText(dialog.getByTestId("save-search-success"), VISITOR_EMAIL);
    await hasText(page.getByTestId("save-search-notice"), m.ss_notice_check({}, { locale: "en" }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    const [row] = await app.db.selectFrom("saved_searches").selectAll().where("email", "=", VISITOR_EMAIL).execute();
    expect(row).toMatchObject({ user_id: null, lang: "en", m2_type: "pallet", m2_value: 40, radius: 20, confirmed_at: null });

    const mail = await mailTo(VISITOR_EMAIL, { subject: /Confirm your saved search/ });
    expect(mail.text).not.toContain(`Pallets ${RUN}`);
    expect(mail.text).not.toContain("Verona");
    const link = linkIn(mail.text, /^\/en\/saved-searches\/confirm\//);

    // Opening the link shows the button and confirms nothing (mail scanners open links).
    await page.goto(link);
    await hydrated(page);
    const confirm = page.getByRole("button", { name: m.ss_confirm_submit({}, { locale: "en" }) });
    await confirm.waitFor();
    expect((await app.db.selectFrom("saved_searches").select("confirmed_at").where("id", "=", row!.id).executeTakeFirstOrThrow()).confirmed_at).toBeNull();
    await confirm.click();
    await hasText(page.getByTestId("account-notice-success"), m.ss_confirm_done_title({}, { locale: "en" }));
    const confirmed = await app.db
      .selectFrom("saved_searches")
      .select(["confirmed_at", "active_since", "confirm_token_hash"])
      .where("id", "=", row!.id)
      .executeTakeFirstOrThrow();
    expect(confirmed.confirmed_at).toBeInstanceOf(Date);
    expect(confirmed.active_since).toBeInstanceOf(Date);
    expect(confirmed.confirm_token_hash).toBeNull();

    // The link worked once.
    await page.goto(link);
    await hasText(page.getByTestId("account-notice-warning"), m.ss_confirm_invalid_title({}, { locale: "en" }));
    await context.close();
  });
});
