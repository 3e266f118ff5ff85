// The deal's shared pieces: the personal link of a request and the one notifier of its steps.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { findDealLink } from "./deal.queries.ts";
import { notifyDealStep } from "./deal-notify.service.ts";
import { renewRequestAccess, requestAccessToken, resolveRequestAccess } from "./request-access.service.ts";

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";

describe("the personal link of a request", () => {
  it("opens its request, the same link every time, until renewed", async () => {
    const { request } = await makeRequest(t.db, { userId: null, warehouseIds: [(await makeWarehouse(t.db, {})).id] });
    const token = await requestAccessToken(t.db, request.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await requestAccessToken(t.db, request.id)).toBe(token);
    expect(await resolveRequestAccess(t.db, token)).toBe(request.id);

    const renewed = await renewRequestAccess(t.db, request.id);
    expect(renewed).not.toBe(token);
    expect(await resolveRequestAccess(t.db, token)).toBeNull();
    expect(await resolveRequestAccess(t.db, renewed)).toBe(request.id);
  });

  it("refuses a forged, truncated or malformed token", async () => {
    const { request } = await makeRequest(t.db, { userId: null, warehouseIds: [(await makeWarehouse(t.db, {})).id] });
    const token = await requestAccessToken(t.db, request.id);
    const bytes = Buffer.from(token, "base64url");
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(await resolveRequestAccess(t.db, bytes.toString("base64url"))).toBeNull();
    expect(await resolveRequestAccess(t.db, token.slice(0, 42))).toBeNull();
    expect(await resolveRequestAccess(t.db, "../../etc/passwd")).toBeNull();
    expect(await resolveRequestAccess(t.db, "A".repeat(43))).toBeNull();
  });
});

describe("notifyDealStep", () => {
  it("tells the owner and the referent, in the app and by e-mail", async () => {
    const owner = await makeUser(t.db, { role: "stocker", lang: "it" });
    const referent = await makeUser(t.db, { role: "referent", lang: "en" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const w = await makeWarehouse(t.db, { user_id: owner.id, referent_id: referent.id, name: "Deposito Nord" });
    const { links } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.id] });
    const link = (await findDealLink(t.db, links[0]!.id))!;
    await notifyDealStep(t.db, link, { event: "changes_asked", to: "handlers", quote: "Serve da marzo" }, { origin: ORIGIN });

    const notes = await t.db.selectFrom("notifications").selectAll().where("user_id", "in", [owner.id, referent.id]).execute();
    expect(notes.map((n) => n.type)).toEqual(["deal_changes_asked", "deal_changes_asked"]);
    expect(notes.find((n) => n.user_id === referent.id)!.data).toMatchObject({ url: `/en/referent/profile/messages/${link.id}`, quote: "Serve da marzo" });
    const mails = await t.db.selectFrom("mail_outbox").selectAll().where("template", "=", "deal_step").execute();
    expect(mails.map((x) => x.to_address).sort()).toEqual([owner.email, referent.email].sort());
  });

  it("tells a visitor at the request's address, with the personal link, the warehouse anonymised", async () => {
    const w = await makeWarehouse(t.db, { name: "Deposito Sud" });
    const visitor = await makeRequest(t.db, { userId: null, warehouseIds: [w.id], contact: "visitor@example.test" });
    const link = (await findDealLink(t.db, visitor.links[0]!.id))!;
    await notifyDealStep(t.db, link, { event: "offer_sent", to: "hunter" }, { origin: ORIGIN });
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "visitor@example.test").executeTakeFirstOrThrow();
    // Unredeemed: anonymised.
    expect(mail.text).not.toContain("Deposito");
    const token = /\/it\/requests\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(await resolveRequestAccess(t.db, token)).toBe(visitor.request.id);
  });
});
