// The one-click unsubscribe page, /{locale}/unsubscribe/{token}, its loader and action called as
// the route calls them: a GET only shows; a POST (the page's button or a mail provider's
// List-Unsubscribe=One-Click) opts that address out of that kind, idempotently, and the undo
// takes it back; a forged token, or a token of another kind or address, changes nothing and is
// a 404 that counts against the IP.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { testContext } from "../../tests/support/endpoint.ts";
import { makeUser } from "../../tests/support/factories.ts";
import { action, loader } from "./unsubscribe.tsx";
import { signUnsubscribeToken, unsubscribeSecret } from "../server/mail/unsubscribe-token.ts";
import { UNSUBSCRIBE_CHANGES_PER_ADDRESS, UNSUBSCRIBE_FAILURES_PER_IP } from "../server/mail/email-preferences.service.ts";

const t = useTestDatabase();

beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
  await t.db.deleteFrom("email_opt_outs").execute();
});

const url = (locale: string, token: string) => `http://stockspace.test/${locale}/unsubscribe/${token}`;

function open(token: string, opts: { locale?: "it" | "en"; ip?: string } = {}) {
  const locale = opts.locale ?? "en";
  return loader({ request: new Request(url(locale, token)), params: { locale, token }, context: testContext(t.db, { locale, ip: opts.ip }) } as never);
}

function post(token: string, body: string, opts: { locale?: "it" | "en"; ip?: string } = {}) {
  const locale = opts.locale ?? "en";
  const request = new Request(url(locale, token), { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  return action({ request, params: { locale, token }, context: testContext(t.db, { locale, ip: opts.ip }) } as never);
}

const optOuts = () => t.db.selectFrom("email_opt_outs").select(["email", "kind", "via"]).orderBy("kind").execute();
const tokenFor = async (email: string, kind: "requests" | "deal" | "reminders" | "alerts" | "news") =>
  signUnsubscribeToken(await unsubscribeSecret(t.db), email, kind);

describe("the unsubscribe page", () => {
  it("a forged link before any was signed is a 404 that makes no secret (a GET writes nothing but the abuse counter)", async () => {
    const secrets = () => t.db.selectFrom("app_secrets").select("name").where("name", "=", "unsubscribe").execute();
    expect(await secrets()).toEqual([]);
    const forged = `${Buffer.from("someone@example.com").toString("base64url")}.news.${"A".repeat(22)}`;
    await expect(open(forged)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(post(forged, "List-Unsubscribe=One-Click")).rejects.toMatchObject({ init: { status: 404 } });
    expect(await secrets()).toEqual([]);
    expect(await optOuts()).toEqual([]);
  });

  it("a GET shows the masked address and the kind and changes nothing", async () => {
    const token = await tokenFor("visitor@example.com", "alerts");
    expect(await open(token)).toEqual({ link: { email: "v•••@example.com", kind: "alerts", opted_out: false, preferences_path: null } });
    expect(await optOuts()).toEqual([]);
  });

  it("the one-click POST unsubscribes that address from that kind only, twice is once, and the undo subscribes it again", async () => {
    const token = await tokenFor("visitor@example.com", "alerts");
    const done = await post(token, "List-Unsubscribe=One-Click");
    expect(done).toMatchObject({ ok: true, change: "unsubscribe", link: { kind: "alerts", opted_out: true } });
    expect(await optOuts()).toEqual([{ email: "visitor@example.com", kind: "alerts", via: "one_click" }]);
    expect(await post(token, "List-Unsubscribe=One-Click")).toMatchObject({ ok: true, link: { opted_out: true } });
    expect(await post(token, "intent=unsubscribe")).toMatchObject({ ok: true, link: { opted_out: true } });
    expect(await optOuts()).toHaveLength(1);
    expect(await open(token)).toMatchObject({ link: { opted_out: true } });
    expect(await post(token, "intent=resubscribe")).toMatchObject({ ok: true, change: "resubscribe", link: { opted_out: false } });
    expect(await optOuts()).toEqual([]);
  });

  it("a user's link leads to the data page of their area, in the page's language", async () => {
    const stocker = await makeUser(t.db, { role: "stocker", email: "Owner.Unsub@example.com" });
    const token = await tokenFor(stocker.email, "reminders");
    expect(await open(token, { locale: "it" })).toMatchObject({
      link: { email: "o•••@example.com", kind: "reminders", preferences_path: "/it/stocker/profile/data#email-preferences" },
    });
    await post(token, "intent=unsubscribe");
    expect(await optOuts()).toEqual([{ email: "owner.unsub@example.com", kind: "reminders", via: "one_click" }]);
  });

  it("refuses a forged token and another kind's or address's signature with a 404, changing nothing", async () => {
    const token = await tokenFor("victim@example.com", "alerts");
    const [address, , mac] = token.split(".");
    const forged = [
      `${address}.news.${mac}`,
      `${Buffer.from("other@example.com").toString("base64url")}.alerts.${mac}`,
      `${address}.alerts.${"A".repeat(22)}`,
      "not-a-token",
      "",
      "x".repeat(3000),
    ];
    for (const bad of forged) {
      await expect(open(bad), bad).rejects.toMatchObject({ init: { status: 404 } });
      await expect(post(bad, "List-Unsubscribe=One-Click"), bad).rejects.toMatchObject({ init: { status: 404 } });
    }
    expect(await optOuts()).toEqual([]);
    // A body that is neither the page's nor RFC 8058's comes back to the form.
    expect(await post(token, "List-Unsubscribe=Something")).toMatchObject({ ok: false, error: "invalid" });
    expect(await optOuts()).toEqual([]);
  });

  it("limits forged tokens per IP and changes per address (429), so a link cannot churn the table", async () => {
    for (let i = 0; i < UNSUBSCRIBE_FAILURES_PER_IP.max; i++)
      await expect(open(`forged-${i}`, { ip: "198.51.100.20" })).rejects.toMatchObject({ init: { status: 404 } });
    const good = await tokenFor("limited@example.com", "news");
    await expect(open(good, { ip: "198.51.100.20" })).rejects.toMatchObject({ init: { status: 429 } });
    await expect(post(good, "List-Unsubscribe=One-Click", { ip: "198.51.100.20" })).rejects.toMatchObject({ init: { status: 429 } });
    // Another IP (a mail provider posting for many users) is not held back by it.
    expect(await post(good, "List-Unsubscribe=One-Click", { ip: "198.51.100.21" })).toMatchObject({ ok: true });
    for (let i = 1; i < UNSUBSCRIBE_CHANGES_PER_ADDRESS.max; i++) await post(good, `intent=${i % 2 ? "resubscribe" : "unsubscribe"}`, { ip: "198.51.100.21" });
    await expect(post(good, "intent=unsubscribe", { ip: "198.51.100.22" })).rejects.toMatchObject({ init: { status: 429 } });
  });
});
