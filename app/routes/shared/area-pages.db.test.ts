// An area's page (pageLoader with `access: { area }`): an administrator's view of it is audited
// when the page is opened and shown, once; the page drawn again with a form's answer (React
// Router runs the loaders after the action, with a GET request of its own) is not another view,
// a layout is not a view of its own, and a page that refuses is none.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { pageShown, testContext } from "../../../tests/support/endpoint.ts";
import { requestMethodContext } from "../../server/context.ts";
import type { User } from "../../server/db/types.ts";
import { pageLoader } from "../../server/http/page.ts";
import { areaLayoutLoader } from "./area-pages.server.ts";
import { areaWarehouseNewLoader } from "./warehouse-pages.server.ts";

const t = useTestDatabase();

function args(path: string, actor: User, method: string, params: Record<string, string> = {}) {
  const context = testContext(t.db, { actor: actorOf(actor), locale: "it" });
  context.set(requestMethodContext, method);
  // The loaders' own request is a GET whatever the client sent.
  return { request: new Request(`http://stockspace.test${path}`), params, context: context as unknown as Readonly<RouterContextProvider> };
}

const views = (userId: number) =>
  t.db.selectFrom("audit_log").select(["action", "details"]).where("entity_id", "=", userId).where("action", "=", "user.area_view").execute();

const stockerPage = pageLoader({ access: { area: "stocker" } }, ({ area, actor, locale }) => ({
  asAdmin: area.asAdmin,
  base: area.base,
  owner: area.owner.id,
  actor: actor.id,
  locale,
}));

describe("an area's page", () => {
  it("opens the area: its owner, who acts, its base and language", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const admin = await makeUser(t.db, { role: "admin" });
    const own = args("/en/stocker/profile/notifications", stocker, "GET");
    own.context.set(requestMethodContext, "GET");
    expect(await stockerPage(own)).toEqual({ asAdmin: false, base: "/it/stocker/profile", owner: stocker.id, actor: stocker.id, locale: "it" });
    // The administrator's view is in Italian, under the /admin prefix.
    expect(await stockerPage(args(`/admin/stocker/${stocker.id}/notifications`, admin, "GET", { userId: String(stocker.id) }))).toEqual({
      asAdmin: true,
      base: `/admin/stocker/${stocker.id}`,
      owner: stocker.id,
      actor: admin.id,
      locale: "it",
    });
  });

  it("refuses another role (403), a user id that is not a stocker or not a number (404)", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const admin = await makeUser(t.db, { role: "admin" });
    await expect(stockerPage(args("/it/stocker/profile", hunter, "GET"))).rejects.toMatchObject({ init: { status: 403 } });
    await expect(stockerPage(args(`/admin/stocker/${hunter.id}`, admin, "GET", { userId: String(hunter.id) }))).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(stockerPage(args("/admin/stocker/abc", admin, "GET", { userId: "abc" }))).rejects.toMatchObject({ init: { status: 404 } });
    // Someone else's prefix: an administrator's only.
    await expect(stockerPage(args(`/admin/stocker/${hunter.id}`, hunter, "GET", { userId: String(hunter.id) }))).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("audits an administrator's view of a page opened, not the page drawn again after a submission, nor the layout", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const admin = await makeUser(t.db, { role: "admin" });
    const path = `/admin/stocker/${stocker.id}/notifications`;
    const opened = args(path, admin, "GET", { userId: String(stocker.id) });
    await areaLayoutLoader("stocker")(opened);
    await stockerPage(opened);
    // Written once the page is shown (the root middleware, on a 200), not while it loads.
    expect(await views(stocker.id)).toEqual([]);
    await pageShown(opened.context);
    expect(await views(stocker.id)).toEqual([{ action: "user.area_view", details: { area: "stocker", page: "/notifications" } }]);
    const again = args(path, admin, "POST", { userId: String(stocker.id) });
    const page = await stockerPage(again);
    await pageShown(again.context);
    expect(page.asAdmin).toBe(true);
    expect(await views(stocker.id)).toHaveLength(1);
  });

  it("audits nothing for a page that refuses: an administrator's new-warehouse page in a stocker's area is a 404", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const admin = await makeUser(t.db, { role: "admin" });
    const refused = args(`/admin/stocker/${stocker.id}/warehouses/new`, admin, "GET", { userId: String(stocker.id) });
    await expect(areaWarehouseNewLoader("stocker")(refused)).rejects.toMatchObject({ init: { status: 404 } });
    // The middleware runs the writes only for a 200: nothing is left to write, nothing was written.
    expect(await views(stocker.id)).toEqual([]);
  });

  it("audits nothing when the owner opens its own area", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const own = args("/it/stocker/profile/notifications", stocker, "GET");
    const page = await stockerPage(own);
    await pageShown(own.context);
    expect(page.asAdmin).toBe(false);
    expect(await views(stocker.id)).toEqual([]);
  });
});
