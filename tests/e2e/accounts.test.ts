// The account journeys in a real browser, against the built app with a real SMTP server
// catching its mail: a stock hunter registers in Italian, reads the code from the e-mail,
// sets a password, logs out and in again; a stocker sends a request in English and sees the
// done screen; an invited referent completes the account from the e-mail link; a forgotten
// password is reset from the e-mail link and the old session ends; a switched-off account is told
// so (after its right password only) and offered support; 30 wrong logins get 429.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { baseUrl, DEMO, hasText, linkIn, mailTo, newPage, tick, useAppDatabase, useBrowser, xsrf } from "./support.ts";
import { inviteUser } from "../../app/server/accounts/invitations.service.ts";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import type { Actor } from "../../app/server/context.ts";
import { m } from "../../app/paraglide/messages.js";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

/** Waits until the locator's text matches (playwright-core has no locator assertions). */
const visible = (locator: Locator) => locator.first().waitFor({ state: "visible", timeout: 10_000 });

async function me(page: Page): Promise<{ id: number; role: string; email: string } | null> {
  return (await (await page.request.get("/api/me")).json()).user;
}

function codeIn(text: string): string {
  const match = /^(\d{6})$/m.exec(text);
  if (!match) throw new Error(`no code in:\n${text}`);
  return match[1]!;
}

describe("a stock hunter signs up in Italian", () => {
  it("registers, reads the code from the e-mail, sets a password, logs out and in again", async () => {
    const email = `cacciatore-${run}@example.com`;
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it");
    await page.getByRole("button", { name: "Registrati", exact: true }).click();
    const dialog = page.locator("#register-ap");
    await dialog.getByText("Cerco spazio").click();
    await dialog.getByRole("button", { name: "Continua" }).click();

    // The client check first: nothing is sent, the fields are marked.
    await dialog.getByRole("button", { name: "Crea l'account" }).click();
    await hasText(dialog.getByRole("alert").first(), /Compila tutti i campi obbligatori/);
    expect(await dialog.locator("[name=first_name]").getAttribute("aria-invalid")).toBe("true");
    // The focus goes to the first wrong field, not left on the button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("first_name");

    await dialog.locator("[name=first_name]").fill("Giulia");
    await dialog.locator("[name=last_name]").fill("Bianchi");
    await dialog.locator("[name=email]").fill(`  ${email.toUpperCase()} `);
    await dialog.locator("[name=telephone]").fill("+39 333 1234567");
    await dialog.locator("[name=address]").fill("Via Roma 1, Milano");
    await dialog.locator("[name=market_id]").selectOption({ label: "Moda" });
    await tick(dialog.getByRole("checkbox", { name: /Accetto le/ }));
    await tick(dialog.getByRole("checkbox", { name: /Ho letto/ }));
    await dialog.getByRole("button", { name: "Crea l'account" }).click();

    await page.waitForURL("**/it/confirm-code");
    await visible(page.getByRole("heading", { name: "Conferma il tuo account" }));
    await visible(page.getByText(`a ${email}`));
    const mail = await mailTo(email, { subject: /codice di conferma/ });
    const code = codeIn(mail.text);

    // A wrong code and mismatching passwords are explained, in Italian.
    await page.locator("[name=code]").fill(code === "000000" ? "111111" : "000000");
    await page.locator("[name=password]").fill("scaffali-e-pallet");
    await page.locator("[name=confirm_password]").fill("scaffali-e-pallet");
    await page.getByRole("button", { name: "Conferma e accedi" }).click();
    await hasText(page.getByRole("alert").first(), /Il codice non è corretto/);
    await page.locator("[name=code]").fill(code);
    await page.locator("[name=confirm_password]").fill("scaffali-e-palletX");
    await page.getByRole("button", { name: "Conferma e accedi" }).click();
    await hasText(page.getByRole("alert").first(), /Le due password non coincidono/);
    await page.locator("[name=confirm_password]").fill("scaffali-e-pallet");
    await page.getByRole("button", { name: "Conferma e accedi" }).click();
    await page.waitForURL("**/it/stock-hunter/profile");
    expect(await me(page)).toMatchObject({ email, role: "stock_hunter" });

    const row = await app.db
      .selectFrom("users")
      .select(["has_confirmed_code", "conditions_at", "privacy_at", "market_id"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.has_confirmed_code).toBe(true);
    expect(row.conditions_at).not.toBeNull();
    expect(row.market_id).not.toBeNull();

    // Log out from the header, then in again through the login popup.
    await page.goto("/it");
    await page.getByRole("button", { name: "Esci" }).first().click();
    await page.waitForURL("**/it");
    expect(await me(page)).toBeNull();
    await page.getByRole("button", { name: "Accedi", exact: true }).first().click();
    const login = page.locator("#login-ap");
    await login.locator("[name=email]").fill(email);
    await login.locator("[name=password]").fill("sbagliata-123");
    await login.getByRole("button", { name: "Accedi" }).click();
    await hasText(login.getByRole("alert"), /L'e-mail o la password non sono corrette/);
    await login.locator("[name=password]").fill("scaffali-e-pallet");
    await login.getByRole("button", { name: "Accedi" }).click();
    await visible(page.getByRole("button", { name: "Esci" }).first());
    expect(await me(page)).toMatchObject({ email });
    await context.close();
  });
});

describe("a stocker sends a request in English", () => {
  it("fills the request from ?serr, sees the done screen, and the request waits for approval", async () => {
    const email = `stocker-${run}@example.com`;
    const { context, page } = await newPage(b.browser, { locale: "en" });
    await page.goto(`/en?serr=1&ic=STK${run}`);
    const dialog = page.locator("#register-ap");
    await visible(dialog.getByText("Step 1 of 2"));
    await dialog.locator("[name=email]").fill(email);
    await dialog.locator("[name=request_business_name]").fill("Logistica Verdi Srl");
    await dialog.locator("[name=request_vat]").fill("01234567890");
    await dialog.locator("[name=request_address]").fill("Via dell'Industria 5");
    await dialog.locator("[name=request_cap]").fill("20090");
    await dialog.locator("[name=request_city]").fill("Segrate");
    await tick(dialog.getByRole("checkbox", { name: /I accept the/ }));
    await tick(dialog.getByRole("checkbox", { name: /I have read the/ }));
    await dialog.getByRole("button", { name: "Send request" }).click();
    // The province is missing: highlighted, nothing sent.
    await hasText(dialog.getByRole("alert").first(), /Please fill in all required fields/);
    expect(await dialog.locator("[name=request_province]").getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("request_province");
    await dialog.locator("[name=request_province]").fill("MI");
    await dialog.getByRole("button", { name: "Send request" }).click();

    const done = dialog.getByTestId("register-stocker-done");
    await hasText(done, "Request sent!");
    await hasText(done, email);
    await done.getByRole("link", { name: "Back to the home page" }).click();
    await dialog.waitFor({ state: "detached" });

    const user = await app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "stocker", approval_status: "pending", request_province: "MI", lang: "en", password_hash: null });
    // The receipt goes to an address nobody has proved yet: it carries none of the text typed in the form.
    const mail = await mailTo(email, { subject: /received your Stockspace request/ });
    expect(mail.text).not.toContain("Logistica Verdi Srl");
    await mailTo("support@stockspace.test", { subject: /Logistica Verdi Srl/ });
    await context.close();
  });
});

describe("an invited referent", () => {
  it("completes the account from the e-mail link and lands in the referent area", async () => {
    const owner = await app.db.selectFrom("users").selectAll().where("email", "=", DEMO.stocker).executeTakeFirstOrThrow();
    const actor: Actor = {
      id: owner.id,
      role: "stocker",
      accountType: 0,
      email: owner.email,
      firstName: owner.first_name,
      lastName: owner.last_name,
      company: owner.company,
      telephone: owner.telephone,
      lang: "it",
      sessionId: "e2e",
    };
    const email = `referente-${run}@example.com`;
    const { userId } = await inviteUser(app.db, actor, { role: "referent", email, first_name: "Marta", last_name: "Galli" }, { origin: baseUrl() });
    const mail = await mailTo(email, { subject: /invitato/ });
    const link = linkIn(mail.text, /\/complete-account\//);
    expect(link).toContain(`/it/complete-account/${userId}?u_token=`);

    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto(link);
    await hasText(page.getByTestId("complete-email"), email);
    expect(await page.locator("[name=first_name]").inputValue()).toBe("Marta");
    await page.locator("[name=telephone]").fill("+39 347 5551234");
    await page.locator("[name=company]").fill("Logistica Galli");
    await page.locator("[name=password]").fill("password1");
    await page.locator("[name=confirm_password]").fill("password1");
    await page.getByRole("button", { name: "Salva e continua" }).click();
    await hasText(page.getByRole("alert").first(), /troppo comune/);
    await page.locator("[name=password]").fill("referente-di-fiducia");
    await page.locator("[name=confirm_password]").fill("referente-di-fiducia");
    await page.getByRole("button", { name: "Salva e continua" }).click();
    await page.waitForURL("**/it/referent/profile");
    expect(await me(page)).toMatchObject({ id: userId, role: "referent", email });

    // The link works once.
    const other = await newPage(b.browser, { locale: "it" });
    await other.page.goto(link);
    await visible(other.page.getByText("Questo link non è più valido"));
    await other.context.close();
    await context.close();
  });
});

describe("a forgotten password", () => {
  it("is reset from the e-mail link, and the old session ends", async () => {
    const email = `smemorato-${run}@example.com`;
    await app.db
      .insertInto("users")
      .values({
        email,
        role: "stock_hunter",
        password_hash: await hashPassword("vecchia-password-1"),
        has_confirmed_code: true,
        lang: "en",
        invite_code: `E2E${run}`.toUpperCase().slice(0, 12),
        first_name: "Sam",
      })
      .execute();

    // A session on another device, logged in with the old password.
    const old = await newPage(b.browser, { locale: "en" });
    await old.page.goto("/en");
    const login = await old.page.request.post("/login", {
      data: { email, password: "vecchia-password-1" },
      headers: { "X-XSRF-TOKEN": await xsrf(old.context) },
    });
    expect(login.status()).toBe(200);
    expect(await me(old.page)).toMatchObject({ email });

    const { context, page } = await newPage(b.browser, { locale: "en" });
    await page.goto("/en?ctml=1");
    await page.locator("#login-ap").getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/en/forgot-password");
    // The login popup closes as the page changes (it may still be fading out right after the URL does).
    await page.getByRole("dialog", { name: "Log in" }).waitFor({ state: "detached" });
    await page.getByTestId("forgot-password-form").locator("[name=email]").fill(email);
    const sentAt = Date.now() - 1000;
    await page.getByRole("button", { name: "Send the link" }).click();
    await visible(page.getByText(`If an account exists for ${email}`));
    const mail = await mailTo(email, { subject: /Reset your Stockspace password/, after: sentAt });
    const link = linkIn(mail.text, /\/reset-password\//);

    await page.goto(link);
    await page.locator("[name=password]").fill("nuova-password-sicura");
    await page.locator("[name=confirm_password]").fill("nuova-password-sicura");
    await page.getByRole("button", { name: m.reset_submit({}, { locale: "en" }) }).click();
    await visible(page.getByText("Password changed"));

    // The other device is logged out; the old password no longer works, the new one does.
    expect(await me(old.page)).toBeNull();
    await page.getByRole("button", { name: "Log in" }).last().click();
    const popup = page.locator("#login-ap");
    await popup.locator("[name=email]").fill(email);
    await popup.locator("[name=password]").fill("vecchia-password-1");
    await popup.getByRole("button", { name: "Log in" }).click();
    await hasText(popup.getByRole("alert"), /not correct/);
    await popup.locator("[name=password]").fill("nuova-password-sicura");
    await popup.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/en/stock-hunter/profile");
    expect(await me(page)).toMatchObject({ email });

    // The link was single use.
    await page.goto(link);
    await visible(page.getByText("This link no longer works"));
    await old.context.close();
    await context.close();
  });
});

describe("a switched-off account", () => {
  it("hears the ordinary answer to a wrong password and, after the right one, that it is suspended and how to reach support", async () => {
    for (const locale of ["it", "en"] as const) {
      const email = `sospeso-${locale}-${run}@example.com`;
      await app.db
        .insertInto("users")
        .values({
          email,
          role: "stock_hunter",
          password_hash: await hashPassword("password-giusta-1"),
          has_confirmed_code: true,
          active: false,
          lang: locale,
          invite_code: `SUS${locale}${run}`.toUpperCase().slice(0, 12),
        })
        .execute();
      const { context, page } = await newPage(b.browser, { locale });
      await page.goto(`/${locale}?ctml=1`);
      const popup = page.locator("#login-ap");
      const submit = popup.getByRole("button", { name: m.login_submit({}, { locale }), exact: true });
      await popup.locator("[name=email]").fill(email);
      await popup.locator("[name=password]").fill("password-sbagliata-1");
      await submit.click();
      await hasText(popup.getByRole("alert"), m.login_error1({}, { locale }));
      expect(await popup.getByRole("alert").textContent()).not.toMatch(/sospeso|suspended/);
      await popup.locator("[name=password]").fill("password-giusta-1");
      await submit.click();
      await hasText(popup.getByRole("alert"), locale === "it" ? /Il tuo account è sospeso/ : /Your account is suspended/);
      expect(await me(page)).toBeNull();
      // The way to support: its popup, from the message.
      await popup.getByRole("button", { name: m.login_suspended_support({}, { locale }) }).click();
      await visible(page.locator("#support-overlay").getByRole("heading", { name: m.support_title({}, { locale }) }));
      await context.close();
    }
  });
});

describe("hostile input over HTTP", () => {
  it("gets a clear 4xx and changes nothing; 30 wrong logins in a row get 429", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    await page.goto("/en");
    const headers = { "X-XSRF-TOKEN": await xsrf(context) };
    const users = async () =>
      Number(
        (
          await app.db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await users();

    const big = "x".repeat(10_000);
    const cases: [string, unknown, number][] = [
      ["/register", { user_data: { role: "stock_hunter", email: `${big}@example.com`, first_name: big } }, 422],
      ["/register", { user_data: { role: "admin", email: "a@example.com" } }, 422],
      ["/register", { user_data: [] }, 422],
      ["/confirm-code", { code: "abc", password: 1 }, 422],
      ["/confirm-code", { code: "123456", password: "a-fine-password" }, 422],
      ["/send-code", {}, 422],
      ["/api/recover-password", { user_data: { email: big } }, 422],
      ["/api/users/1/reset-password", { user_data: { rpt_token: "forged-token", password: "a-fine-password" } }, 422],
      ["/api/users/not-a-number/reset-password", { user_data: { rpt_token: "x", password: "a-fine-password" } }, 422],
      [
        "/api/users/2/complete-account",
        { user_data: { first_name: "A", last_name: "B", telephone: "0212345", password: "a-fine-password" }, u_token: "forged" },
        422,
      ],
      ["/api/send-support-requests", { support_data: { first_name: big } }, 422],
    ];
    for (const [path, data, status] of cases) {
      const res = await page.request.post(path, { data, headers });
      expect(res.status(), path).toBe(status);
      const body = await res.json();
      expect(body.error, path).toBeTruthy();
      expect(body.message, path).toBeTruthy();
    }
    const noCsrf = await page.request.post("/register", { data: { user_data: {} } });
    expect(noCsrf.status()).toBe(419);
    expect(await users()).toBe(before);

    const target = `nobody-${run}@example.com`;
    const statuses: number[] = [];
    let last: { status: number; body: { message?: string }; retryAfter: string | null } | null = null;
    for (let i = 0; i < 30; i++) {
      const res = await page.request.post("/login", { data: { email: target, password: `guess-${i}` }, headers: { ...headers, "Accept-Language": "it" } });
      statuses.push(res.status());
      last = { status: res.status(), body: await res.json(), retryAfter: res.headers()["retry-after"] ?? null };
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(last!.status).toBe(429);
    expect(last!.body.message).toMatch(/Too many attempts/); // the page's language (/en)
    expect(Number(last!.retryAfter)).toBeGreaterThan(0);
    await context.close();
  });
});
