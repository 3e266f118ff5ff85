// A save or a search that cannot reach the server (the connection drops, or the server answers
// 5xx) leaves the page where it was, in a real browser against the real app: the profile data and
// credentials popups stay open with what was typed and show the general error; a request's state
// selector goes back to the state it had and says the change was not saved; a re-sorted search
// keeps its results on screen with an error and a retry that works once the connection is back.
// The failures are made at the browser's network layer (Playwright's request interception) for
// the one call under test; everything else reaches the real server.
import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { requestNumber } from "../../app/lib/format.ts";
import { makeRequest, makeUser } from "../support/factories.ts";
import { DEMO, hasText, hydrated, loginAs, newPage, useAppDatabase, useBrowser, userIdOf, xsrf } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

type Failure = "abort" | "500";

/**
 * The page's own data calls (React Router's `….data`) that match: dropped, or answered 500 by a
 * broken server, each once `gate` (if given) lets it.
 */
async function breakDataCalls(page: Page, failure: Failure, which: (route: Route) => boolean, gate?: { wait: Promise<void> }): Promise<() => Promise<void>> {
  const pattern = /\.data(\?|$)/;
  await page.route(pattern, async (route) => {
    if (!which(route)) return route.continue();
    await gate?.wait;
    if (failure === "abort") return route.abort("internetdisconnected");
    return route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" });
  });
  return () => page.unroute(pattern);
}
const posts = (route: Route) => route.request().method() === "POST";

/** The whole page replaced by the error page (its way on to the search is its mark). */
async function errorPageShown(page: Page): Promise<boolean> {
  return (await page.getByTestId("error-search").count()) > 0;
}

describe("the profile popups when the save cannot reach the server", () => {
  for (const failure of ["abort", "500"] as const) {
    it(`keep the popup open with what was typed and show the general error (${failure})`, async () => {
      const email = `saves-${failure}-${run}@example.com`;
      const password = "scaffali-e-pallet-9";
      const user = await makeUser(app.db, {
        role: "stock_hunter",
        email,
        password_hash: await hashPassword(password),
        first_name: "Lia",
        last_name: "Conti",
        company: "Conti srl",
        has_confirmed_code: true,
      });
      const { context, page } = await newPage(b.browser, { locale: "it" });
      await page.goto("/it");
      const login = await page.request.post("/login", { data: { email, password }, headers: { "X-XSRF-TOKEN": await xsrf(context) } });
      expect(login.status()).toBe(200);
      await page.goto("/it/stock-hunter/profile/data");
      await hydrated(page);

      // Profile data.
      const release = await breakDataCalls(page, failure, posts);
      await page.getByRole("button", { name: "Modifica dati del profilo" }).click();
      const form = page.getByTestId("profile-data-form");
      await form.locator("[name=telephone]").fill("+39 02 7654321");
      await form.locator("[name=company]").fill(`Nuova ${run} srl`);
      await form.getByRole("button", { name: /Salva/i }).click();
      await hasText(form.getByRole("alert"), "Non è stato possibile salvare le modifiche. Riprova.");
      expect(await errorPageShown(page)).toBe(false);
      expect(await page.getByRole("dialog").count()).toBe(1);
      expect(await form.locator("[name=telephone]").inputValue()).toBe("+39 02 7654321");
      expect(await form.locator("[name=company]").inputValue()).toBe(`Nuova ${run} srl`);
      expect(await form.getByRole("button", { name: /Salva/i }).isEnabled()).toBe(true);
      expect(await app.db.selectFrom("users").select("company").where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({ company: "Conti srl" });

      // Back online, the same popup saves what it still holds.
      await release();
      await form.getByRole("button", { name: /Salva/i }).click();
      await hasText(page.getByTestId("profile-title"), new RegExp(`Nuova ${run} srl`));
      expect(await app.db.selectFrom("users").select("company").where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({ company: `Nuova ${run} srl` });

      // Credentials.
      const releaseAgain = await breakDataCalls(page, failure, posts);
      await page.getByRole("button", { name: "Modifica e-mail o password" }).click();
      const creds = page.getByTestId("credentials-form");
      const newEmail = `saves-new-${failure}-${run}@example.com`;
      await creds.locator("[name=email]").fill(newEmail);
      await creds.locator("[name=current_password]").fill(password);
      await creds.getByRole("button", { name: /Salva/i }).click();
      await hasText(creds.getByRole("alert"), "Non è stato possibile salvare le modifiche. Riprova.");
      expect(await errorPageShown(page)).toBe(false);
      expect(await page.getByRole("dialog").count()).toBe(1);
      expect(await creds.locator("[name=email]").inputValue()).toBe(newEmail);
      expect(await creds.locator("[name=current_password]").inputValue()).toBe(password);
      await releaseAgain();
      await creds.getByRole("button", { name: /Salva/i }).click();
      await page.getByTestId("pending-email").waitFor();
      await context.close();
    });
  }
});

describe("a request's state selector when the change cannot reach the server", () => {
  for (const failure of ["abort", "500"] as const) {
    it(`goes back to the state the link had and says the change was not saved (${failure})`, async () => {
      const stocker = await userIdOf(app.db, DEMO.stocker);
      const warehouse = await app.db
        .selectFrom("warehouses")
        .select(["id", "name"])
        .where("user_id", "=", stocker)
        .where("status", "=", "approved")
        .where("deactivated", "=", false)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const { request, links } = await makeRequest(app.db, { userId: null, warehouseIds: [warehouse.id] });
      const { context, page } = await newPage(b.browser, { locale: "en" });
      await loginAs(context, "stocker");
      await page.goto("/en/stocker/profile/messages");
      await hydrated(page);
      const card = page
        .getByTestId("handler-requests")
        .locator("li")
        .filter({ hasText: requestNumber(request.id) });
      await card.getByRole("button").first().click();
      const select = card.getByTestId("request-state");
      expect(await select.inputValue()).toBe("pending");

      const release = await breakDataCalls(page, failure, posts);
      await select.selectOption("confirmed");
      await hasText(card.getByRole("status"), "The state could not be saved. Please try again.");
      expect(await errorPageShown(page)).toBe(false);
      expect(await select.inputValue()).toBe("pending");
      expect(await select.getAttribute("aria-invalid")).toBe("true");
      expect(await card.getAttribute("data-state")).toBe("pending");
      expect((await app.db.selectFrom("warehouse_request_warehouses").select("state").where("id", "=", links[0]!.id).executeTakeFirstOrThrow()).state).toBe(
        "pending",
      );

      // Back online, the same choice is saved.
      await release();
      await select.selectOption("confirmed");
      await hasText(card.getByRole("status"), "State saved");
      expect(await select.inputValue()).toBe("confirmed");
      expect((await app.db.selectFrom("warehouse_request_warehouses").select("state").where("id", "=", links[0]!.id).executeTakeFirstOrThrow()).state).toBe(
        "confirmed",
      );
      await context.close();
    });
  }
});

describe("a search re-sorted when the connection drops", () => {
  const cardIds = (page: Page) =>
    page.locator("[data-testid=found-list] [data-testid=result-card]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-id"))));

  for (const [failure, locale, retry] of [
    ["abort", "it", "Riprova la ricerca"],
    ["500", "en", "Try the search again"],
  ] as const) {
    it(`keeps the results on screen with an error and a retry that works once it is back (${failure}, ${locale})`, async () => {
      const { context, page } = await newPage(b.browser, { locale });
      await page.goto(`/${locale}/stocks?location=Milano&radius=25`);
      await hydrated(page);
      await page.locator("[data-testid=found-list] [data-testid=result-card]").first().waitFor();
      const before = await cardIds(page);
      expect(before.length).toBeGreaterThan(1);

      // The failing calls wait for the test to let them go (it looks at the retry's loading state first).
      let open = () => {};
      const gate = { wait: Promise.resolve() };
      const release = await breakDataCalls(page, failure, () => true, gate);
      await page.locator("[data-testid=search-sort-select]").selectOption("distance");
      const failed = page.getByTestId("search-failed");
      await failed.waitFor({ timeout: 15_000 });
      expect(await errorPageShown(page)).toBe(false);
      expect(await failed.getByRole("alert").textContent()).toBe(
        locale === "it" ? "Non è stato possibile completare la ricerca. Riprova tra poco." : "The search could not be completed. Please try again in a moment.",
      );
      // The results stay as they were, in their own order, and say so.
      expect(await cardIds(page)).toEqual(before);
      expect(await page.locator("[data-testid=search-sort-select]").inputValue()).toBe("relevance");
      expect(await page.locator("[data-testid=found-list] [data-testid=result-skeleton]").count()).toBe(0);

      // The retry, while the connection is still down, fails the same way and keeps them.
      const again = failed.getByRole("button", { name: retry });
      gate.wait = new Promise<void>((resolve) => (open = resolve));
      await again.click();
      await page.getByTestId("search-progress").waitFor();
      expect(await again.isDisabled()).toBe(true);
      open();
      await page.getByTestId("search-progress").waitFor({ state: "detached", timeout: 15_000 });
      expect(await failed.isVisible()).toBe(true);
      expect(await again.isEnabled()).toBe(true);
      expect(await cardIds(page)).toEqual(before);

      // Back online, the retry brings the sorted results.
      await release();
      await again.click();
      await page.getByTestId("search-failed").waitFor({ state: "detached", timeout: 15_000 });
      await expect.poll(() => page.locator("[data-testid=search-sort-select]").inputValue(), { timeout: 15_000 }).toBe("distance");
      const res = await page.request.get("/api/warehouses/search?location=Milano&radius=25&sort=distance");
      const nearest = ((await res.json()) as { warehouses: { id: number }[] }).warehouses.slice(0, 10).map((w) => w.id);
      await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual(nearest);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("distance");
      await context.close();
    });
  }
  it("keeps them too when the browser goes offline, and the retry works once it is back online", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it/stocks?location=Milano&radius=25&sort=distance");
    await hydrated(page);
    await page.locator("[data-testid=found-list] [data-testid=result-card]").first().waitFor();
    const before = await cardIds(page);
    await context.setOffline(true);
    await page.locator("[data-testid=search-sort-select]").selectOption("relevance");
    const failed = page.getByTestId("search-failed");
    await failed.waitFor({ timeout: 15_000 });
    expect(await errorPageShown(page)).toBe(false);
    expect(await cardIds(page)).toEqual(before);
    expect(await page.locator("[data-testid=search-sort-select]").inputValue()).toBe("distance");
    await context.setOffline(false);
    await failed.getByRole("button", { name: "Riprova la ricerca" }).click();
    await failed.waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => page.locator("[data-testid=search-sort-select]").inputValue(), { timeout: 15_000 }).toBe("relevance");
    expect(new URL(page.url()).searchParams.has("sort")).toBe(false);
    const res = await page.request.get("/api/warehouses/search?location=Milano&radius=25");
    const relevant = ((await res.json()) as { warehouses: { id: number }[] }).warehouses.slice(0, 10).map((w) => w.id);
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual(relevant);
    await context.close();
  });
});
