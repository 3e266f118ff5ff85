// Support requests (POST /api/send-support-requests): stored with the browser's data and
// e-mailed to the operator in the same transaction; bad input changes nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { lastMailTo, tableCounts } from "../../../tests/support/accounts.ts";
import { action as supportAction } from "../../routes/api/send-support-requests.ts";

const t = useTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const data = (over: Record<string, unknown> = {}) => ({
  first_name: " Carla ",
  last_name: "Rossi",
  business_name: "Rossi Import Srl",
  email: "Carla@Example.com",
  message: "  Non riesco a trovare magazzini a Bari.\nPotete aiutarmi?  ",
  privacy: true,
  user_agent_data: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
  ...over,
});
const send = (support_data: unknown, opts: { actor?: ReturnType<typeof actorOf>; locale?: "it" | "en"; ip?: string } = {}) =>
  callJson(supportAction, t.db, { path: "/api/send-support-requests", body: { support_data }, ...opts });

describe("POST /api/send-support-requests", () => {
  it("stores the request with the browser data and e-mails the operator (reply-to the sender)", async () => {
    const res = await send(data(), { locale: "en" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: false, support_request_id: expect.any(Number) });
    const row = await t.db.selectFrom("support_requests").selectAll().where("id", "=", res.json.support_request_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      first_name: "Carla",
      email: "carla@example.com",
      message: "Non riesco a trovare magazzini a Bari.\nPotete aiutarmi?",
      privacy: true,
      user_agent_data: { user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" },
      ip: "203.0.113.7",
      lang: "en",
    });
    const mail = await lastMailTo(t.db, "support@stockspace.local");
    expect(mail).toMatchObject({ template: "support_request", lang: "it", reply_to: "carla@example.com" });
    expect(mail.subject).toContain("Carla Rossi");
    expect(mail.text).toContain("Potete aiutarmi?");
    expect(mail.text).toContain("Chrome/140");
    expect(mail.text).toContain("Lingua: EN");
  });

  it("links a logged-in user's request to the account and accepts user-agent hints as an object", async () => {
    const user = await makeUser(t.db);
    const res = await send(data({ user_agent_data: { brands: [{ brand: "Chromium", version: "140" }], mobile: false, platform: "Linux" } }), {
      actor: actorOf(user),
    });
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom("support_requests").selectAll().where("id", "=", res.json.support_request_id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect(row.user_agent_data).toMatchObject({ platform: "Linux", mobile: false });
    expect((await lastMailTo(t.db, "support@stockspace.local")).text).toContain(`STK${String(user.id).padStart(7, "0")}`);
  });

  it("escapes what people write in the HTML e-mail", async () => {
    await send(data({ message: '<img src=x onerror="alert(1)"> & <b>bold</b>' }));
    const mail = await lastMailTo(t.db, "support@stockspace.local");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;");
  });

  it("refuses missing fields, an unticked privacy, a bad address, wrong types and 10 KB strings, writing nothing", async () => {
    const before = await tableCounts(t.db);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { first_name: "required", last_name: "required", business_name: "required", email: "required", message: "required", privacy: "required" }],
      [data({ first_name: "   ", message: "\n\t " }), { first_name: "required", message: "required" }],
      [data({ privacy: false }), { privacy: "required" }],
      [data({ email: "carla(at)example.com" }), { email: "email" }],
      [data({ message: "m".repeat(10_000) }), { message: "too_long" }],
      [data({ business_name: 12 }), { business_name: "invalid" }],
      [data({ user_agent_data: "u".repeat(10_000) }), { user_agent_data: "too_long" }],
      [data({ user_agent_data: [1, 2, 3] }), { user_agent_data: "invalid" }],
    ];
    for (const [body, errors] of cases) {
      const res = await send(body);
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await callJson(supportAction, t.db, { body: "nothing" })).status).toBe(422);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("limits requests per address and per IP with 429", async () => {
    for (let i = 0; i < 5; i++) expect((await send(data({ email: "same@example.com" }), { ip: `198.51.100.${i}` })).status).toBe(200);
    expect((await send(data({ email: "same@example.com" }), { ip: "198.51.100.99" })).status).toBe(429);
    await t.db.deleteFrom("rate_limits").execute();
    let status = 0;
    for (let i = 0; i < 11; i++) status = (await send(data({ email: `p${i}@example.com` }), { ip: "192.0.2.77" })).status;
    expect(status).toBe(429);
  });

  it("counts a logged-in user by account: visitors writing their address do not use up their requests", async () => {
    const user = await makeUser(t.db, { email: "owner-of-address@example.com" });
    for (let i = 0; i < 5; i++) await send(data({ email: user.email }), { ip: `198.51.100.${i}` });
    expect((await send(data({ email: user.email }), { ip: "198.51.100.50" })).status).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(data({ email: user.email }), { actor: actorOf(user), ip: "198.51.100.50" })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Nothing was ever mailed to the address written in the form.
    expect(await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", user.email).execute()).toEqual([]);
  });
});
