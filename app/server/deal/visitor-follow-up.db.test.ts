// A visitor's follow-up of a request: the personal link in the confirmation e-mail, renewing it
// (the old link stops at once), having it sent again, and the account that takes the request
// over (registering from the personal page, or a logged-in stock hunter attaching it).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { codeIn, cookieHeader, lastMailTo, mailsTo } from "../../../tests/support/accounts.ts";
import { actorOf, makeRedeemedWarehouse, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { action as sendRequests } from "../../routes/api/warehouses.send-requests.ts";
import { action as renewAction, loader as renewLoader } from "../../routes/api/requests.renew.ts";
import { action as resendAction } from "../../routes/api/requests.resend.ts";
import { action as registerAction } from "../../routes/api/register.ts";
import { action as confirmAction } from "../../routes/api/confirm-code.ts";
import { action as newLinkAction, loader as newLinkLoader } from "../../routes/visitor-new-link.tsx";
import { handleVisitorIntent, VISITOR_INTENTS, visitorIntentContext, type VisitorIntentContext } from "../../routes/shared/visitor-intents.server.ts";
import { pageAction } from "../http/page.ts";
import { PENDING_COOKIE } from "../accounts/pending-registration.ts";
import { requestNumber } from "../../lib/format.ts";
import type { Actor } from "../context.ts";
import { renewRequestAccess, requestAccessToken, resolveRequestAccess } from "./request-access.service.ts";
import { visitorFollowUpView } from "./visitor-follow-up.service.ts";
import { TAKEOVER_COOKIE } from "./visitor-takeover-cookie.ts";

const t = useTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const ORIGIN = "http://stockspace.test";
const TOKEN_IN = /\/(it|en)\/requests\/([A-Za-z0-9_-]{43})/;
const tokenIn = (text: string) => TOKEN_IN.exec(text)?.[2] ?? null;
const requestOf = (id: number) => t.db.selectFrom("warehouse_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const liveLinks = async (requestId: number) =>
  (await t.db.selectFrom("request_access_tokens").select("id").where("warehouse_request_id", "=", requestId).where("revoked_at", "is", null).execute()).length;

let n = 0;
/** A visitor's request (no account) to one warehouse, with its personal link. */
async function visitorRequest(contact = `visitor-${++n}@test.example`) {
  const w = await makeWarehouse(t.db, {});
  const { request } = await makeRequest(t.db, { userId: null, warehouseIds: [w.id], contact });
  return { request, contact, token: await requestAccessToken(t.db, request.id) };
}

function intentContext(actor: Actor | null, locale: "it" | "en" = "it"): VisitorIntentContext {
  return { actor, locale, origin: ORIGIN, ip: "203.0.113.9", supportEmail: "support@test.example", secret: "test-secret-test-secret", secure: false };
}

/** handleVisitorIntent's outcome: the redirect it threw (status, Location, Set-Cookie) or the error. */
async function intent(token: string, body: unknown, actor: Actor | null = null) {
  try {
    await handleVisitorIntent(t.db, token, body, intentContext(actor));
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), cookie: thrown.headers.get("Set-Cookie") };
    const err = thrown as { status?: number; code?: string };
    if (err.status) return { status: err.status, code: err.code, location: null, cookie: null };
    throw thrown;
  }
  throw new Error("handleVisitorIntent always redirects or throws");
}

const renew = (token: string, ip = "203.0.113.7") => callJson(renewAction, t.db, { path: `/api/requests/${token}/renew`, params: { token }, ip });

describe("the confirmation e-mail of a quote request", () => {
  async function send(actor: Actor | null, contact: string, locale: "it" | "en" = "it") {
    const { warehouse } = await makeRedeemedWarehouse(t.db, {});
    const res = await callJson(sendRequests, t.db, {
      body: {
        request_data: {
          business_name: "Logistica Nord srl",
          contact,
          telephone: "+39 333 0000000",
          referent: "Giulia Bianchi",
          message: "Cerchiamo 800 m2.",
          location: "Milano",
          m2_type: "m2",
          m2_value: 800,
          start_date: "2031-06-01",
          end_date: "2031-09-30",
          conditions: true,
          privacy: true,
          lat: 45.46,
          lng: 9.19,
        },
        warehouse_ids: [warehouse.id],
      },
      actor,
      locale,
      ip: `198.51.100.${++n}`,
    });
    expect(res.status).toBe(200);
    return res.json.warehouse_request_id as number;
  }

  it("a visitor's carries the request's personal link as its action, and says it is personal", async () => {
    for (const locale of ["it", "en"] as const) {
      const contact = `follow-${locale}@test.example`;
      const requestId = await send(null, contact, locale);
      const mail = await lastMailTo(t.db, contact);
      expect(mail.template).toBe("quote_request_confirmation");
      const token = tokenIn(mail.text)!;
      expect(mail.text).toContain(`${locale === "it" ? "Segui la tua richiesta" : "Follow your request"}: ${ORIGIN}/${locale}/requests/${token}`);
      expect(mail.html).toContain(`${ORIGIN}/${locale}/requests/${token}`);
      expect(await resolveRequestAccess(t.db, token)).toBe(requestId);
      // How to get a new one: from the page, or with the address and the number.
      expect(mail.text).toContain(`${ORIGIN}/${locale}/requests/new-link`);
      expect(mail.text).toMatch(locale === "it" ? /non inoltrarlo/ : /do not forward it/);
    }
  });

  it("a stock hunter's links to the request's page in their area, and makes no personal link", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const requestId = await send(actorOf(hunter), hunter.email);
    const mail = await lastMailTo(t.db, hunter.email);
    expect(mail.text).toContain(`${ORIGIN}/it/stock-hunter/profile/messages/${requestId}`);
    expect(tokenIn(mail.text)).toBeNull();
    expect(await liveLinks(requestId)).toBe(0);
  });

  it("another account's carries no link to follow", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const requestId = await send(actorOf(stocker), stocker.email);
    const mail = await lastMailTo(t.db, stocker.email);
    expect(mail.text).not.toContain("/requests/");
    expect(mail.text).not.toContain("/messages/");
    expect(await liveLinks(requestId)).toBe(0);
  });
});

describe("POST /api/requests/{token}/renew", () => {
  it("revokes the link at once and mails a new one to the request's address", async () => {
    const v = await visitorRequest("Giulia.Bianchi@test.example");
    const res = await renew(v.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ contact: "G•••@test.example" });
    expect(await resolveRequestAccess(t.db, v.token)).toBeNull();
    const mail = await lastMailTo(t.db, v.contact);
    expect(mail.template).toBe("request_link_renewed");
    expect(mail.subject).toContain(requestNumber(v.request.id));
    const fresh = tokenIn(mail.text)!;
    expect(fresh).not.toBe(v.token);
    expect(await resolveRequestAccess(t.db, fresh)).toBe(v.request.id);
    // The old link renews nothing any more.
    expect((await renew(v.token)).status).toBe(404);
  });

  it("allows 3 a day per request: the 4th is 429 too_many, nothing revoked, nothing sent", async () => {
    const v = await visitorRequest();
    let token = v.token;
    for (let i = 0; i < 3; i++) {
      expect((await renew(token, `203.0.113.${20 + i}`)).status).toBe(200);
      token = tokenIn((await lastMailTo(t.db, v.contact)).text)!;
    }
    const sent = (await mailsTo(t.db, v.contact)).length;
    const res = await renew(token, "203.0.113.99");
    expect(res.status).toBe(429);
    expect(res.json.error).toBe("too_many");
    expect(res.headers.get("Retry-After")).toBeTruthy();
    expect((await mailsTo(t.db, v.contact)).length).toBe(sent);
    expect(await resolveRequestAccess(t.db, token)).toBe(v.request.id);
  });

  it("answers 404 for a malformed, forged, revoked or taken-over link, and 405 to GET", async () => {
    const v = await visitorRequest();
    const forged = Buffer.from(v.token, "base64url");
    forged.writeUInt8(forged.readUInt8(0) ^ 1, 0);
    for (const token of ["nope", "A".repeat(43), forged.toString("base64url"), "x".repeat(500)]) expect((await renew(token)).status).toBe(404);
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    expect((await intent(v.token, { intent: "attach" }, actorOf(hunter))).status).toBe(302);
    expect((await renew(v.token)).status).toBe(404);
    expect((await callJson(renewLoader, t.db, { method: "GET", params: { token: v.token } })).status).toBe(405);
    expect((await mailsTo(t.db, v.contact)).filter((mail) => mail.template === "request_link_renewed")).toHaveLength(0);
  });
});

describe("POST /api/requests/renew (the link again, by address and number)", () => {
  const resend = (body: unknown, ip = "203.0.113.7") => callJson(resendAction, t.db, { path: "/api/requests/renew", body, ip });

  it("sends the current link again to the request's address, revoking nothing; the answer is the same when nothing matches", async () => {
    const v = await visitorRequest("Visitor.Case@test.example");
    const ok = await resend({ email: "visitor.case@TEST.example", request_number: requestNumber(v.request.id) });
    expect(ok.status).toBe(200);
    const mail = await lastMailTo(t.db, v.contact);
    expect(mail.template).toBe("request_link_resent");
    expect(tokenIn(mail.text)).toBe(v.token);
    expect(await resolveRequestAccess(t.db, v.token)).toBe(v.request.id);

    const before = await t.db.selectFrom("mail_outbox").select("id").execute();
    const other = await visitorRequest();
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const owned = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [(await makeWarehouse(t.db, {})).id], contact: hunter.email });
    for (const body of [
      { email: "someone@test.example", request_number: requestNumber(v.request.id) },
      { email: v.contact, request_number: requestNumber(other.request.id) },
      { email: v.contact, request_number: "9999999999" },
      { email: hunter.email, request_number: String(owned.request.id) },
    ]) {
      const res = await resend(body, "203.0.113.50");
      expect(res.status).toBe(200);
      expect(res.json).toEqual(ok.json);
    }
    expect(await t.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(before.length);
  });

  it("refuses a malformed address or number with 422, and counts per address: the 4th a day is 429", async () => {
    const v = await visitorRequest();
    for (const body of [
      {},
      { email: "not-an-address", request_number: "1" },
      { email: v.contact, request_number: "12ab" },
      { email: v.contact, request_number: "12345678901" },
    ]) {
      expect((await resend(body)).status).toBe(422);
    }
    for (let i = 0; i < 3; i++) expect((await resend({ email: v.contact, request_number: "1" }, `203.0.113.${60 + i}`)).status).toBe(200);
    const res = await resend({ email: v.contact, request_number: requestNumber(v.request.id) }, "203.0.113.70");
    expect(res.status).toBe(429);
    expect(res.json.error).toBe("too_many");
    expect(await mailsTo(t.db, v.contact)).toHaveLength(0);
  });
});

/** POST /register as a stock hunter (the popup's call). */
async function registerHunter(email: string) {
  const reg = await callJson(registerAction, t.db, {
    path: "/register",
    body: {
      lang: "it",
      user_data: {
        role: "stock_hunter",
        email,
        first_name: "Anna",
        last_name: "Neri",
        telephone: "333 1234567",
        country: "Italia",
        address: "Via Po 3",
        conditions: true,
        privacy: true,
      },
    },
  });
  expect(reg.status).toBe(200);
  return reg;
}

describe("the account that takes a visitor's request over", () => {
  async function registerFromPersonalPage(token: string, email: string) {
    const started = await intent(token, { intent: "register" });
    expect(started.status).toBe(302);
    expect(started.location).toBe(`/it/requests/${token}?shrr=1`);
    const takeover = /request_takeover=([^;]+)/.exec(started.cookie ?? "")![1]!;
    const reg = await registerHunter(email);
    const code = codeIn((await lastMailTo(t.db, email)).text);
    const confirmed = await callJson(confirmAction, t.db, {
      path: "/confirm-code",
      body: { code, password: "mare-di-sardegna", confirm_password: "mare-di-sardegna" },
      headers: { Cookie: cookieHeader({ [PENDING_COOKIE]: reg.cookies[PENDING_COOKIE]!, [TAKEOVER_COOKIE]: takeover }) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.cookies[TAKEOVER_COOKIE]).toBe("");
    return { userId: confirmed.json.user_id as number, json: confirmed.json };
  }

  it("moves the request into the stock hunter's account once it is confirmed, and revokes the link", async () => {
    const v = await visitorRequest();
    const { userId, json } = await registerFromPersonalPage(v.token, v.contact);
    expect(json).toEqual({ user_id: userId, role: "stock_hunter", warehouse_request_id: v.request.id });
    expect((await requestOf(v.request.id)).user_id).toBe(userId);
    expect(await resolveRequestAccess(t.db, v.token)).toBeNull();
    expect(await liveLinks(v.request.id)).toBe(0);
    // Same address: nobody to warn.
    expect((await mailsTo(t.db, v.contact)).map((m) => m.template)).not.toContain("request_taken_over");
  });

  it("tells the request's address when the account's is another one", async () => {
    const v = await visitorRequest("first.address@test.example");
    const { userId } = await registerFromPersonalPage(v.token, "second.address@test.example");
    expect((await requestOf(v.request.id)).user_id).toBe(userId);
    const notice = await lastMailTo(t.db, v.contact);
    expect(notice.template).toBe("request_taken_over");
    expect(notice.text).toContain("s•••@test.example");
    expect(notice.text).not.toContain("second.address");
    expect(notice.text).toContain(requestNumber(v.request.id));
  });

  it("takes nothing over when the link was renewed meanwhile, or the request found an account", async () => {
    const renewed = await visitorRequest();
    const started = await intent(renewed.token, { intent: "register" });
    await renewRequestAccess(t.db, renewed.request.id);
    const takeover = /request_takeover=([^;]+)/.exec(started.cookie ?? "")![1]!;
    const email = `late-${++n}@test.example`;
    const reg = await registerHunter(email);
    const code = codeIn((await lastMailTo(t.db, email)).text);
    const confirmed = await callJson(confirmAction, t.db, {
      path: "/confirm-code",
      body: { code, password: "mare-di-sardegna", confirm_password: "mare-di-sardegna" },
      headers: { Cookie: cookieHeader({ [PENDING_COOKIE]: reg.cookies[PENDING_COOKIE]!, [TAKEOVER_COOKIE]: takeover }) },
    });
    // The account is confirmed all the same; the request stays the visitor's.
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.warehouse_request_id).toBeUndefined();
    expect((await requestOf(renewed.request.id)).user_id).toBeNull();
    expect(await liveLinks(renewed.request.id)).toBe(1);
  });

  it("a forged takeover cookie moves nothing", async () => {
    const v = await visitorRequest();
    const email = `forger-${++n}@test.example`;
    const reg = await registerHunter(email);
    const code = codeIn((await lastMailTo(t.db, email)).text);
    const live = await t.db.selectFrom("request_access_tokens").select("id").where("warehouse_request_id", "=", v.request.id).executeTakeFirstOrThrow();
    const forged = `${live.id}.${Math.floor(Date.now() / 1000) + 3600}.${"A".repeat(43)}`;
    const confirmed = await callJson(confirmAction, t.db, {
      path: "/confirm-code",
      body: { code, password: "mare-di-sardegna", confirm_password: "mare-di-sardegna" },
      headers: { Cookie: cookieHeader({ [PENDING_COOKIE]: reg.cookies[PENDING_COOKIE]!, [TAKEOVER_COOKIE]: forged }) },
    });
    expect(confirmed.status).toBe(200);
    expect((await requestOf(v.request.id)).user_id).toBeNull();
  });

  it("a logged-in stock hunter attaches it: the request moves, the link is revoked, the hunter goes to its page", async () => {
    const v = await visitorRequest();
    const hunter = await makeUser(t.db, { role: "stock_hunter", email: v.contact.toUpperCase() });
    const res = await intent(v.token, { intent: "attach" }, actorOf(hunter));
    expect(res).toMatchObject({ status: 302, location: `/it/stock-hunter/profile/messages/${v.request.id}` });
    expect((await requestOf(v.request.id)).user_id).toBe(hunter.id);
    expect(await liveLinks(v.request.id)).toBe(0);
    // The address is the account's (any case): no notice.
    expect(await mailsTo(t.db, v.contact)).toHaveLength(0);
    // Once attached, the link opens nothing: another hunter cannot take it again.
    const other = await makeUser(t.db, { role: "stock_hunter" });
    expect((await intent(v.token, { intent: "attach" }, actorOf(other))).status).toBe(404);
    expect((await requestOf(v.request.id)).user_id).toBe(hunter.id);
  });

  it("never takes over a request that has an account (409), even through a link still live", async () => {
    const owner = await makeUser(t.db, { role: "stock_hunter" });
    const { request } = await makeRequest(t.db, { userId: owner.id, warehouseIds: [(await makeWarehouse(t.db, {})).id] });
    const token = await requestAccessToken(t.db, request.id);
    const other = await makeUser(t.db, { role: "stock_hunter" });
    expect(await intent(token, { intent: "attach" }, actorOf(other))).toMatchObject({ status: 409, code: "request_owned" });
    // The personal page of an owned request opens nothing, and makes no takeover.
    expect(await intent(token, { intent: "register" })).toMatchObject({ status: 404 });
    expect((await renew(token)).status).toBe(404);
    expect((await requestOf(request.id)).user_id).toBe(owner.id);
  });

  it("refuses attach to a visitor (401) and to another role (403), and register to someone logged in (403)", async () => {
    const v = await visitorRequest();
    expect((await intent(v.token, { intent: "attach" })).status).toBe(401);
    for (const role of ["stocker", "referent", "admin"] as const) {
      expect((await intent(v.token, { intent: "attach" }, actorOf(await makeUser(t.db, { role })))).status).toBe(403);
    }
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    expect(await intent(v.token, { intent: "register" }, actorOf(hunter))).toMatchObject({ status: 403, code: "already_logged_in" });
    expect((await requestOf(v.request.id)).user_id).toBeNull();
    expect(await liveLinks(v.request.id)).toBe(1);
  });

  it("answers 404 to every intent with a bad token, and 422 to an unknown intent", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    for (const body of [{ intent: "renew" }, { intent: "register" }]) expect((await intent("A".repeat(43), body)).status).toBe(404);
    expect((await intent("bad", { intent: "attach" }, actorOf(hunter))).status).toBe(404);
    const v = await visitorRequest();
    expect(await intent(v.token, { intent: "delete" })).toMatchObject({ status: 422 });
    expect(await intent(v.token, {})).toMatchObject({ status: 422 });
  });

  it("renew from the personal page goes to the page that says a new link went out", async () => {
    const v = await visitorRequest();
    expect(await intent(v.token, { intent: "renew" })).toMatchObject({ status: 302, location: "/it/requests/new-link?renewed=1" });
    expect(await resolveRequestAccess(t.db, v.token)).toBeNull();
    expect((await lastMailTo(t.db, v.contact)).template).toBe("request_link_renewed");
  });
});

describe("/{locale}/requests/new-link (the page that asks for the link again)", () => {
  const postForm = (fields: Record<string, string>) => {
    const request = new Request("http://stockspace.test/it/requests/new-link", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return newLinkAction({ request, params: { locale: "it" }, context: testContext(t.db) as never });
  };

  it("sends the link as the JSON call does, and answers the same when nothing matches", async () => {
    const v = await visitorRequest();
    expect(await postForm({ email: v.contact, request_number: requestNumber(v.request.id) })).toEqual({ ok: true, sent: true });
    expect(tokenIn((await lastMailTo(t.db, v.contact)).text)).toBe(v.token);
    expect(await postForm({ email: "nobody@test.example", request_number: "1" })).toEqual({ ok: true, sent: true });
  });

  it("gives bad input back to the form with what was typed (422 codes, nothing sent)", async () => {
    const result = (await postForm({ email: "not-an-address", request_number: "12ab" })) as {
      ok: boolean;
      errors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(result.ok).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(["email", "request_number"]);
    expect(result.values).toMatchObject({ email: "not-an-address", request_number: "12ab" });
  });

  it("says a new link went out after a renewal", async () => {
    const load = (url: string) => newLinkLoader({ request: new Request(url), params: { locale: "it" }, context: testContext(t.db) as never });
    expect(await load("http://stockspace.test/it/requests/new-link?renewed=1")).toEqual({ renewed: true });
    expect(await load("http://stockspace.test/it/requests/new-link")).toEqual({ renewed: false });
  });
});

describe("handleVisitorIntent mounted in a page's action", () => {
  // As the personal page mounts it: a public pageAction, the token from the path.
  const pageActionOf = pageAction({ access: "public" }, (args) => {
    if (args.intent && VISITOR_INTENTS.includes(args.intent)) {
      return handleVisitorIntent(args.services.db, String(args.params.token), { intent: args.intent }, visitorIntentContext(args));
    }
    return { ok: true as const };
  });
  const post = (token: string, fields: Record<string, string>, actor: Actor | null = null) => {
    const request = new Request(`http://stockspace.test/it/requests/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return pageActionOf({ request, params: { locale: "it", token }, context: testContext(t.db, { actor }) as never });
  };

  it("redirects on success, and gives the form its failure", async () => {
    const v = await visitorRequest();
    const renewed = await post(v.token, { intent: "renew" }).catch((thrown: unknown) => thrown);
    expect(renewed).toBeInstanceOf(Response);
    expect((renewed as Response).headers.get("Location")).toBe("/it/requests/new-link?renewed=1");
    expect(await post(v.token, { intent: "renew" })).toMatchObject({ ok: false, intent: "renew", error: "not_found" });
    expect(await post(v.token, { intent: "something-else" })).toEqual({ ok: true });
  });
});

describe("visitorFollowUpView", () => {
  it("gives the panel the request's number and its address masked; 404 for a link that opens nothing", async () => {
    const v = await visitorRequest("mario.rossi@test.example");
    expect(await visitorFollowUpView(t.db, v.token)).toEqual({ requestId: v.request.id, number: requestNumber(v.request.id), contact: "m•••@test.example" });
    await expect(visitorFollowUpView(t.db, "A".repeat(43))).rejects.toMatchObject({ status: 404 });
  });
});
