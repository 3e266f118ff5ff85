// The endpoint-by-role matrix: every route of app/routes.ts, page or API, with the answer
// each kind of user gets, asked over HTTP of the app started as in production. A route
// without a row fails the test, so every new page or endpoint declares who may use it and
// proves the refusals. Where ownership applies, "other" is the same role without the
// ownership: another hunter, the owner of another warehouse.
//
// What a status means here: 401 not logged in, 403 the wrong role, 404 not there *or not
// yours* (one answer for both), 405 a method the route does not take, 422 the guard let the
// call through and the (deliberately incomplete) body was refused without writing anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { makeRequest, makeSavedSearch, makeUser } from "../support/factories.ts";
import { requestAccessToken } from "../../app/server/deal/request-access.service.ts";
import { signUnsubscribeToken, unsubscribeSecret } from "../../app/server/mail/unsubscribe-token.ts";
import { routeTable } from "../support/route-table.ts";
import { call, DEMO, DEMO_PASSWORD, jar, jsonHeaders, loggedIn, useAppDatabase, type Jar } from "./support.ts";

const ACTORS = ["visitor", "hunter", "stocker", "keeper", "referent", "admin"] as const;
type Actor = (typeof ACTORS)[number] | "other";
type Expect = Record<(typeof ACTORS)[number], number> & { other?: number };

type Ids = {
  warehouse: number;
  otherWarehouse: number;
  requestLink: { warehouseId: number; requestId: number };
  userId: number;
  /** The test request's link (the demo stocker's warehouse) and a link of another owner's warehouse. */
  linkId: number;
  otherLinkId: number;
  /** A notification of the demo hunter. */
  hunterNotification: number;
  /** The demo stocker's and the demo hunter's user ids (the administrator's view of their areas). */
  stockerId: number;
  hunterId: number;
  /** The personal link's token of a visitor's request (decision 036). */
  requestToken: string;
  /** A one-click unsubscribe token of an address without an account (decision 038). */
  unsubscribeToken: string;
  /** A saved search of the demo hunter, and one of the other hunter (decision 038). */
  savedSearch: number;
  otherSavedSearch: number;
};
type Row = {
  /** The route's path as app/routes.ts spells it, with a leading slash. */
  route: string;
  method: "GET" | "POST";
  url: (ids: Ids) => string;
  /**
   * JSON, "form" (a plain form with the CSRF field only), { form: fields } (a plain form with
   * these fields; "LINK", "OTHER_LINK", "HUNTER_NOTIFICATION" and "SAVED_SEARCH" stand for those ids), or "upload" (a multipart
   * upload of a file that is no image).
   */
  body?: unknown;
  /** Each actor on a session of its own (the call ends it: logout). */
  fresh?: boolean;
  expect: Expect;
};

const all = (status: number): Expect => ({ visitor: status, hunter: status, stocker: status, keeper: status, referent: status, admin: status });
/** An area reserved to some roles: visitors 401, the others 403, the owners of the area `inside`. */
const area = (inside: number, ...roles: (typeof ACTORS)[number][]): Expect => {
  const out = { ...all(403), visitor: 401 };
  for (const role of roles) out[role] = inside;
  return out;
};
/** The parties of the test's request link (the hunter who sent it, the warehouse's stocker and referent) vs everyone else. */
const parties = (status: number): Expect => ({ visitor: 401, hunter: status, stocker: status, referent: status, keeper: 404, admin: 404, other: 404 });

const review = {
  review_data: {
    full_name: "Matrix",
    email: "matrix@example.com",
    telephone: "+39 02 1234567",
    description: "Fine.",
    reliability_value: 4,
    communication_value: 5,
  },
};
const report = { report_data: { full_name: "Matrix", email: "matrix@example.com", telephone: "+39 02 1234567", subject: "Matrix", description: "A report." } };
const search = "location=Milano&radius=10";
/** An unsubscribe token of the right shape that no secret signed. */
const FORGED_UNSUBSCRIBE = `${Buffer.from("matrix.unsubscribe@example.com").toString("base64url")}.news.${"A".repeat(22)}`;
/** The e-mail preferences' form with every kind ticked. */
const ALL_KINDS_TICKED = Object.fromEntries(["requests", "deal", "reminders", "alerts", "news"].map((kind) => [`email_preferences[${kind}]`, "on"]));

/** A complete offer, valid for a month from the run's day. */
const matrixOffer = {
  m2_type: "m2",
  quantity: 100,
  price_month: 450,
  start_date: "2031-01-01",
  end_date: "2031-06-30",
  valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
};

// More square metres than any demo warehouse has: refused after the ownership check, nothing written.
const spacesOverSurface = { spaces: [{ m2_type: "m2", quantity: 10_000_000, available_from: "2030-01-01", available_until: null }] };
/** The same, as the warehouse page's availability panel posts it (answered to the form: 200). */
const spacesPanelOverSurface = {
  form: { intent: "spaces", "spaces[0][m2_type]": "m2", "spaces[0][quantity]": "9.999.999", "spaces[0][available_from]": "01.01.2030" },
};

// Valid warehouse calls that fail only after the ownership check, so they write nothing: a photo
// to delete that does not exist, a referent that is not the owner's, an e-mail that has an account.
const warehouseSave = {
  warehouse_data: {
    name: "Matrix",
    country: "Italia",
    address: "Via Matrix 1",
    cap: "20100",
    city: "Milano",
    province: "MI",
    vat: "IT00000000000",
    m2: 100,
    lat: 45.46,
    lng: 9.19,
  },
  contacts: [],
  warehouse_times: {},
  specifications: [],
  imgs_to_delete: [999_999_999],
};
const newReferent = { user_data: { first_name: "Matrix", last_name: "Referent", email: "hunter@demo.test", telephone: "+39 02 1234567" } };
const pickReferent = { warehouse_data: { referent_id: 999_999_999 } };

const ROWS: Row[] = [
  { route: "/", method: "GET", url: () => "/", expect: all(302) },
  { route: "/robots.txt", method: "GET", url: () => "/robots.txt", expect: all(200) },
  { route: "/robots.txt", method: "POST", url: () => "/robots.txt", body: {}, expect: all(405) },
  { route: "/sitemap.xml", method: "GET", url: () => "/sitemap.xml", expect: all(200) },
  { route: "/sitemap.xml", method: "POST", url: () => "/sitemap.xml", body: {}, expect: all(405) },
  { route: "/sitemaps/:file", method: "GET", url: () => "/sitemaps/pages.xml", expect: all(200) },
  { route: "/sitemaps/:file", method: "GET", url: () => "/sitemaps/warehouses-1.xml", expect: all(200) },
  { route: "/sitemaps/:file", method: "GET", url: () => "/sitemaps/secrets.xml", expect: all(404) },
  { route: "/sitemaps/:file", method: "POST", url: () => "/sitemaps/pages.xml", body: {}, expect: all(405) },

  // Accounts: open to everyone; an empty body is refused (422) before anything is written.
  { route: "/login", method: "POST", url: () => "/login", body: {}, expect: all(422) },
  { route: "/login", method: "GET", url: () => "/login", expect: all(405) },
  { route: "/logout", method: "POST", url: () => "/logout", body: {}, fresh: true, expect: all(200) },
  { route: "/logout", method: "GET", url: () => "/logout", expect: all(405) },
  { route: "/register", method: "POST", url: () => "/register", body: {}, expect: all(422) },
  { route: "/register", method: "GET", url: () => "/register", expect: all(405) },
  { route: "/confirm-code", method: "POST", url: () => "/confirm-code", body: {}, expect: all(422) },
  { route: "/confirm-code", method: "GET", url: () => "/confirm-code", expect: all(405) },
  { route: "/send-code", method: "POST", url: () => "/send-code", body: {}, expect: all(422) },
  { route: "/send-code", method: "GET", url: () => "/send-code", expect: all(405) },
  { route: "/api/recover-password", method: "POST", url: () => "/api/recover-password", body: {}, expect: all(422) },
  { route: "/api/recover-password", method: "GET", url: () => "/api/recover-password", expect: all(405) },
  { route: "/api/users/:id/complete-account", method: "POST", url: (ids) => `/api/users/${ids.userId}/complete-account`, body: {}, expect: all(422) },
  { route: "/api/users/:id/complete-account", method: "GET", url: (ids) => `/api/users/${ids.userId}/complete-account`, expect: all(405) },
  { route: "/api/users/:id/reset-password", method: "POST", url: (ids) => `/api/users/${ids.userId}/reset-password`, body: {}, expect: all(422) },
  { route: "/api/users/:id/reset-password", method: "GET", url: (ids) => `/api/users/${ids.userId}/reset-password`, expect: all(405) },
  { route: "/api/send-support-requests", method: "POST", url: () => "/api/send-support-requests", body: {}, expect: all(422) },
  { route: "/api/send-support-requests", method: "GET", url: () => "/api/send-support-requests", expect: all(405) },
  { route: "/api/markets", method: "GET", url: () => "/api/markets", expect: all(200) },
  { route: "/api/markets", method: "POST", url: () => "/api/markets", body: {}, expect: all(405) },
  { route: "/api/health/live", method: "GET", url: () => "/api/health/live", expect: all(200) },
  { route: "/api/health/live", method: "POST", url: () => "/api/health/live", body: {}, expect: all(405) },
  { route: "/api/health/ready", method: "GET", url: () => "/api/health/ready", expect: all(200) },
  { route: "/api/health/ready", method: "POST", url: () => "/api/health/ready", body: {}, expect: all(405) },
  // Ready's older name, kept for the load balancers configured with it.
  { route: "/api/health", method: "GET", url: () => "/api/health", expect: all(200) },
  { route: "/api/health", method: "POST", url: () => "/api/health", body: {}, expect: all(405) },
  { route: "/api/me", method: "GET", url: () => "/api/me", expect: all(200) },
  { route: "/api/me", method: "POST", url: () => "/api/me", body: {}, expect: all(405) },

  // Quote requests, favourites, reviews and reports.
  { route: "/api/warehouses/send-requests", method: "POST", url: () => "/api/warehouses/send-requests", body: {}, expect: all(422) },
  { route: "/api/warehouses/send-requests", method: "GET", url: () => "/api/warehouses/send-requests", expect: all(405) },
  // A visitor's personal link: a token that opens nothing is a 404 for everyone; "send it again" refuses an empty body.
  { route: "/api/requests/:token/renew", method: "POST", url: () => `/api/requests/${"A".repeat(43)}/renew`, body: {}, expect: all(404) },
  { route: "/api/requests/:token/renew", method: "GET", url: () => `/api/requests/${"A".repeat(43)}/renew`, expect: all(405) },
  { route: "/api/requests/renew", method: "POST", url: () => "/api/requests/renew", body: {}, expect: all(422) },
  { route: "/api/requests/renew", method: "GET", url: () => "/api/requests/renew", expect: all(405) },
  // The hunter passes the guard and meets a warehouse that does not exist.
  {
    route: "/api/stock-hunter/warehouses/:id/toggle-favourite",
    method: "POST",
    url: () => "/api/stock-hunter/warehouses/999999999/toggle-favourite",
    expect: area(404, "hunter"),
  },
  {
    route: "/api/stock-hunter/warehouses/:id/toggle-favourite",
    method: "GET",
    url: (ids) => `/api/stock-hunter/warehouses/${ids.warehouse}/toggle-favourite`,
    expect: area(405, "hunter"),
  },
  {
    route: "/api/warehouses/:warehouseId/requests/:requestId/review",
    method: "POST",
    url: ({ requestLink: l }) => `/api/warehouses/${l.warehouseId}/requests/${l.requestId}/review`,
    body: review,
    expect: parties(200),
  },
  {
    route: "/api/warehouses/:warehouseId/requests/:requestId/review",
    method: "GET",
    url: ({ requestLink: l }) => `/api/warehouses/${l.warehouseId}/requests/${l.requestId}/review`,
    expect: all(405),
  },
  {
    route: "/api/warehouses/:warehouseId/requests/:requestId/report",
    method: "POST",
    url: ({ requestLink: l }) => `/api/warehouses/${l.warehouseId}/requests/${l.requestId}/report`,
    body: report,
    expect: parties(200),
  },
  {
    route: "/api/warehouses/:warehouseId/requests/:requestId/report",
    method: "GET",
    url: ({ requestLink: l }) => `/api/warehouses/${l.warehouseId}/requests/${l.requestId}/report`,
    expect: all(405),
  },

  // Map search and geocoding: public reads.
  { route: "/api/warehouses/search", method: "GET", url: () => `/api/warehouses/search?${search}`, expect: all(200) },
  { route: "/api/warehouses/search", method: "POST", url: () => "/api/warehouses/search", body: {}, expect: all(405) },
  {
    route: "/api/warehouses/search/map",
    method: "GET",
    url: () => `/api/warehouses/search/map?${search}&zoom=11&west=8.9&south=45.3&east=9.4&north=45.6`,
    expect: all(200),
  },
  { route: "/api/warehouses/search/map", method: "POST", url: () => "/api/warehouses/search/map", body: {}, expect: all(405) },
  {
    route: "/api/warehouses/search/cards",
    method: "GET",
    url: (ids) => `/api/warehouses/search/cards?ids=${ids.warehouse}&lat=45.46&lng=9.19`,
    expect: all(200),
  },
  { route: "/api/warehouses/search/cards", method: "POST", url: () => "/api/warehouses/search/cards", body: {}, expect: all(405) },
  { route: "/api/places", method: "GET", url: () => "/api/places?location=Mila", expect: all(200) },
  { route: "/api/places", method: "POST", url: () => "/api/places", body: {}, expect: all(405) },
  { route: "/api/geocode/location", method: "GET", url: () => "/api/geocode/location?location=Milano", expect: all(200) },
  { route: "/api/geocode/location", method: "POST", url: () => "/api/geocode/location", body: {}, expect: all(405) },
  { route: "/api/geocode/coords", method: "GET", url: () => "/api/geocode/coords?latitude=45.46&longitude=9.19", expect: all(200) },
  { route: "/api/geocode/coords", method: "POST", url: () => "/api/geocode/coords", body: {}, expect: all(405) },

  {
    route: "/api/geocode/address",
    method: "GET",
    url: () => "/api/geocode/address?address=Via%20Roma%201&cap=10100&city=Torino&province=TO",
    expect: all(200),
  },
  { route: "/api/geocode/address", method: "POST", url: () => "/api/geocode/address", body: {}, expect: all(405) },

  // Warehouse management: the back office's calls (an empty body is refused once the guard let the admin in).
  { route: "/api/admin/warehouses/create", method: "POST", url: () => "/api/admin/warehouses/create", body: {}, expect: area(422, "admin") },
  { route: "/api/admin/warehouses/create", method: "GET", url: () => "/api/admin/warehouses/create", expect: area(405, "admin") },
  {
    route: "/api/admin/warehouses/:id/update",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update`,
    body: warehouseSave,
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update",
    method: "POST",
    url: () => "/api/admin/warehouses/999999999/update",
    body: warehouseSave,
    expect: area(404, "admin"),
  },
  { route: "/api/admin/warehouses/:id/update", method: "GET", url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update`, expect: area(405, "admin") },
  {
    route: "/api/admin/warehouses/:id/update-spaces",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update-spaces`,
    body: spacesOverSurface,
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update-spaces",
    method: "POST",
    url: () => "/api/admin/warehouses/999999999/update-spaces",
    body: spacesOverSurface,
    expect: area(404, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update-spaces",
    method: "GET",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update-spaces`,
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/upload",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/upload`,
    body: "upload",
    expect: area(422, "admin"),
  },
  { route: "/api/admin/warehouses/:id/upload", method: "GET", url: (ids) => `/api/admin/warehouses/${ids.warehouse}/upload`, expect: area(405, "admin") },
  {
    route: "/api/admin/warehouses/:id/create-referent",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/create-referent`,
    body: newReferent,
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/create-referent",
    method: "GET",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/create-referent`,
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update-referent",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update-referent`,
    body: pickReferent,
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update-referent",
    method: "GET",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update-referent`,
    expect: area(405, "admin"),
  },
  // The stocker's calls: its own warehouse passes the ownership check (then 422, nothing written), another owner's is 403.
  { route: "/api/stocker/warehouses/create", method: "POST", url: () => "/api/stocker/warehouses/create", body: {}, expect: area(422, "stocker", "keeper") },
  { route: "/api/stocker/warehouses/create", method: "GET", url: () => "/api/stocker/warehouses/create", expect: area(405, "stocker", "keeper") },
  {
    route: "/api/stocker/warehouses/:id/update",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update`,
    body: warehouseSave,
    expect: { ...area(422, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/update",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouses/:id/update-spaces",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update-spaces`,
    body: spacesOverSurface,
    expect: { ...area(422, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/update-spaces",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update-spaces`,
    expect: area(405, "stocker", "keeper"),
  },
  // The demo stocker's warehouse is approved: nothing to send again; the keeper's is someone else's, on the map.
  {
    route: "/api/stocker/warehouses/:id/resubmit",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/resubmit`,
    body: {},
    expect: { ...area(409, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/resubmit",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/resubmit`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouses/:id/upload",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/upload`,
    body: "upload",
    expect: { ...area(422, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/upload",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/upload`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouses/:id/create-referent",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/create-referent`,
    body: newReferent,
    expect: { ...area(422, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/create-referent",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/create-referent`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouses/:id/update-referent",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update-referent`,
    body: pickReferent,
    expect: { ...area(422, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/update-referent",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update-referent`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouses/:id/update-request-emails",
    method: "POST",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update-request-emails`,
    body: { warehouse_data: { owner_request_emails: true } },
    expect: { ...area(200, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouses/:id/update-request-emails",
    method: "GET",
    url: (ids) => `/api/stocker/warehouses/${ids.warehouse}/update-request-emails`,
    expect: area(405, "stocker", "keeper"),
  },
  // The referent's calls: the warehouse it manages passes, one it does not manage is 403.
  {
    route: "/api/referent/warehouses/:id/update",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/update`,
    body: warehouseSave,
    expect: area(422, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.otherWarehouse}/update`,
    body: warehouseSave,
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update",
    method: "GET",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/update`,
    expect: area(405, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update-spaces",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/update-spaces`,
    body: spacesOverSurface,
    expect: area(422, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update-spaces",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.otherWarehouse}/update-spaces`,
    body: spacesOverSurface,
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update-spaces",
    method: "GET",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/update-spaces`,
    expect: area(405, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/upload",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/upload`,
    body: "upload",
    expect: area(422, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/upload",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.otherWarehouse}/upload`,
    body: "upload",
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/upload",
    method: "GET",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/upload`,
    expect: area(405, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/create-referent",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/create-referent`,
    body: newReferent,
    expect: area(422, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/create-referent",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.otherWarehouse}/create-referent`,
    body: newReferent,
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/create-referent",
    method: "GET",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/create-referent`,
    expect: area(405, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update-referent",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/update-referent`,
    body: pickReferent,
    expect: area(422, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update-referent",
    method: "POST",
    url: (ids) => `/api/referent/warehouses/${ids.otherWarehouse}/update-referent`,
    body: pickReferent,
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouses/:id/update-referent",
    method: "GET",
    url: (ids) => `/api/referent/warehouses/${ids.warehouse}/update-referent`,
    expect: area(405, "referent"),
  },

  // Quote requests in the areas: each role reads its own list; a state change passes for the
  // stocker and the referent of the link's warehouse (the same state again: nothing changes) and
  // is 403 for another owner's link, 404 for no link at all.
  {
    route: "/api/stocker/requests",
    method: "GET",
    url: (ids) => `/api/stocker/requests?limit=8&offset=0&filters[state]=pending&filters[warehouse_id]=${ids.warehouse}`,
    expect: area(200, "stocker", "keeper"),
  },
  { route: "/api/referent/requests", method: "GET", url: () => "/api/referent/requests?offset=1", expect: area(200, "referent") },
  { route: "/api/stock-hunter/requests", method: "GET", url: () => "/api/stock-hunter/requests?filters[from]=2026-01-01", expect: area(200, "hunter") },
  { route: "/api/stocker/requests", method: "POST", url: () => "/api/stocker/requests", body: {}, expect: area(405, "stocker", "keeper") },
  { route: "/api/referent/requests", method: "POST", url: () => "/api/referent/requests", body: {}, expect: area(405, "referent") },
  { route: "/api/stock-hunter/requests", method: "POST", url: () => "/api/stock-hunter/requests", body: {}, expect: area(405, "hunter") },
  // The requester's comparison of a request's offers (decision 036): the demo hunter's own request; another hunter's is a 404.
  {
    route: "/api/stock-hunter/requests/:request_id/offers",
    method: "GET",
    url: (ids) => `/api/stock-hunter/requests/${ids.requestLink.requestId}/offers?sort=rating`,
    expect: { ...area(200, "hunter"), other: 404 },
  },
  {
    route: "/api/stock-hunter/requests/:request_id/offers",
    method: "POST",
    url: (ids) => `/api/stock-hunter/requests/${ids.requestLink.requestId}/offers`,
    body: {},
    expect: area(405, "hunter"),
  },
  {
    route: "/api/stocker/warehouse-requests/:id/update",
    method: "POST",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/update`,
    body: { state: "confirmed" },
    expect: { ...area(200, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouse-requests/:id/update",
    method: "POST",
    url: () => "/api/stocker/warehouse-requests/999999999/update",
    body: { state: "confirmed" },
    expect: area(404, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouse-requests/:id/update",
    method: "GET",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/update`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/update",
    method: "POST",
    url: (ids) => `/api/referent/warehouse-requests/${ids.linkId}/update`,
    body: { state: "confirmed" },
    expect: area(200, "referent"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/update",
    method: "POST",
    url: (ids) => `/api/referent/warehouse-requests/${ids.otherLinkId}/update`,
    body: { state: "confirmed" },
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/update",
    method: "GET",
    url: (ids) => `/api/referent/warehouse-requests/${ids.linkId}/update`,
    expect: area(405, "referent"),
  },
  // The hunter's answers to offers: no offer of that id (404 for the hunter, whose guard passed);
  // asking for changes on the hunter's own link without a message (422), on another's (404).
  {
    route: "/api/stock-hunter/offers/:offerId/accept",
    method: "POST",
    url: () => "/api/stock-hunter/offers/999999999/accept",
    body: {},
    expect: area(404, "hunter"),
  },
  { route: "/api/stock-hunter/offers/:offerId/accept", method: "GET", url: () => "/api/stock-hunter/offers/999999999/accept", expect: area(405, "hunter") },
  {
    route: "/api/stock-hunter/offers/:offerId/decline",
    method: "POST",
    url: () => "/api/stock-hunter/offers/999999999/decline",
    body: {},
    expect: area(404, "hunter"),
  },
  { route: "/api/stock-hunter/offers/:offerId/decline", method: "GET", url: () => "/api/stock-hunter/offers/999999999/decline", expect: area(405, "hunter") },
  {
    route: "/api/stock-hunter/warehouse-requests/:id/ask-changes",
    method: "POST",
    url: (ids) => `/api/stock-hunter/warehouse-requests/${ids.linkId}/ask-changes`,
    body: {},
    expect: area(422, "hunter"),
  },
  {
    route: "/api/stock-hunter/warehouse-requests/:id/ask-changes",
    method: "POST",
    url: (ids) => `/api/stock-hunter/warehouse-requests/${ids.otherLinkId}/ask-changes`,
    body: { message: "Matrix" },
    expect: area(404, "hunter"),
  },
  {
    route: "/api/stock-hunter/warehouse-requests/:id/ask-changes",
    method: "GET",
    url: (ids) => `/api/stock-hunter/warehouse-requests/${ids.linkId}/ask-changes`,
    expect: area(405, "hunter"),
  },
  // The conversation on a request link: the link's handlers and its requester read and write (one
  // message each), another owner or referent is 403, another hunter 404; the back office reads
  // (audited) and has no POST.
  {
    route: "/api/stocker/warehouse-requests/:id/messages",
    method: "GET",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/messages`,
    expect: { ...area(200, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouse-requests/:id/messages",
    method: "POST",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/messages`,
    body: { message: "Matrice dei permessi" },
    expect: { ...area(200, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouse-requests/:id/messages",
    method: "POST",
    url: () => "/api/stocker/warehouse-requests/999999999/messages",
    body: { message: "Nessun collegamento" },
    expect: area(404, "stocker", "keeper"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/messages",
    method: "GET",
    url: (ids) => `/api/referent/warehouse-requests/${ids.otherLinkId}/messages`,
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/messages",
    method: "POST",
    url: (ids) => `/api/referent/warehouse-requests/${ids.linkId}/messages`,
    body: { message: "Matrice dei permessi" },
    expect: area(200, "referent"),
  },
  {
    route: "/api/stock-hunter/warehouse-requests/:id/messages",
    method: "GET",
    url: (ids) => `/api/stock-hunter/warehouse-requests/${ids.linkId}/messages`,
    expect: { ...area(200, "hunter"), other: 404 },
  },
  {
    route: "/api/stock-hunter/warehouse-requests/:id/messages",
    method: "POST",
    url: (ids) => `/api/stock-hunter/warehouse-requests/${ids.linkId}/messages`,
    body: { message: "Matrice dei permessi" },
    expect: { ...area(200, "hunter"), other: 404 },
  },
  {
    route: "/api/admin/warehouse-requests/:id/messages",
    method: "GET",
    url: (ids) => `/api/admin/warehouse-requests/${ids.linkId}/messages`,
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/messages",
    method: "POST",
    url: (ids) => `/api/admin/warehouse-requests/${ids.linkId}/messages`,
    body: { message: "Mai" },
    expect: area(405, "admin"),
  },
  // Profile data and credentials: the owner's role passes the guard and meets an incomplete body.
  {
    route: "/api/stocker/profile/update-profile-data",
    method: "POST",
    url: () => "/api/stocker/profile/update-profile-data",
    body: {},
    expect: area(422, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/profile/update-profile-data",
    method: "GET",
    url: () => "/api/stocker/profile/update-profile-data",
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/profile/update-credentials",
    method: "POST",
    url: () => "/api/stocker/profile/update-credentials",
    body: {},
    expect: area(422, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/profile/update-credentials",
    method: "GET",
    url: () => "/api/stocker/profile/update-credentials",
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/referent/profile/update-profile-data",
    method: "POST",
    url: () => "/api/referent/profile/update-profile-data",
    body: {},
    expect: area(422, "referent"),
  },
  { route: "/api/referent/profile/update-profile-data", method: "GET", url: () => "/api/referent/profile/update-profile-data", expect: area(405, "referent") },
  {
    route: "/api/referent/profile/update-credentials",
    method: "POST",
    url: () => "/api/referent/profile/update-credentials",
    body: {},
    expect: area(422, "referent"),
  },
  { route: "/api/referent/profile/update-credentials", method: "GET", url: () => "/api/referent/profile/update-credentials", expect: area(405, "referent") },
  {
    route: "/api/stock-hunter/profile/update-profile-data",
    method: "POST",
    url: () => "/api/stock-hunter/profile/update-profile-data",
    body: {},
    expect: area(422, "hunter"),
  },
  {
    route: "/api/stock-hunter/profile/update-profile-data",
    method: "GET",
    url: () => "/api/stock-hunter/profile/update-profile-data",
    expect: area(405, "hunter"),
  },
  {
    route: "/api/stock-hunter/profile/update-credentials",
    method: "POST",
    url: () => "/api/stock-hunter/profile/update-credentials",
    body: {},
    expect: area(422, "hunter"),
  },
  {
    route: "/api/stock-hunter/profile/update-credentials",
    method: "GET",
    url: () => "/api/stock-hunter/profile/update-credentials",
    expect: area(405, "hunter"),
  },
  // Which notification e-mails each user gets (decision 038): the caller's own, so no "other";
  // an incomplete body is refused before anything is written.
  {
    route: "/api/stocker/profile/email-preferences",
    method: "GET",
    url: () => "/api/stocker/profile/email-preferences",
    expect: area(200, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/profile/email-preferences",
    method: "POST",
    url: () => "/api/stocker/profile/email-preferences",
    body: {},
    expect: area(422, "stocker", "keeper"),
  },
  { route: "/api/referent/profile/email-preferences", method: "GET", url: () => "/api/referent/profile/email-preferences", expect: area(200, "referent") },
  {
    route: "/api/referent/profile/email-preferences",
    method: "POST",
    url: () => "/api/referent/profile/email-preferences",
    body: {},
    expect: area(422, "referent"),
  },
  {
    route: "/api/stock-hunter/profile/email-preferences",
    method: "GET",
    url: () => "/api/stock-hunter/profile/email-preferences",
    expect: area(200, "hunter"),
  },
  {
    route: "/api/stock-hunter/profile/email-preferences",
    method: "POST",
    url: () => "/api/stock-hunter/profile/email-preferences",
    body: {},
    expect: area(422, "hunter"),
  },

  // Notifications: the stocker reads its own through the stock-hunter path (the spec); another
  // user's notification is 403, none at all 404.
  {
    route: "/api/stock-hunter/notifications",
    method: "GET",
    url: () => "/api/stock-hunter/notifications?limit=8&offset=0&filters[unread]=1",
    expect: area(200, "hunter", "stocker", "keeper"),
  },
  {
    route: "/api/stock-hunter/notifications",
    method: "POST",
    url: () => "/api/stock-hunter/notifications",
    body: {},
    expect: area(405, "hunter", "stocker", "keeper"),
  },
  {
    route: "/api/stock-hunter/notifications/:id/set-as-read",
    method: "POST",
    url: (ids) => `/api/stock-hunter/notifications/${ids.hunterNotification}/set-as-read`,
    expect: { ...area(200, "hunter"), stocker: 403, keeper: 403, other: 403 },
  },
  {
    route: "/api/stock-hunter/notifications/:id/set-as-read",
    method: "POST",
    url: () => "/api/stock-hunter/notifications/999999999/set-as-read",
    expect: area(404, "hunter", "stocker", "keeper"),
  },
  {
    route: "/api/stock-hunter/notifications/:id/set-as-read",
    method: "GET",
    url: (ids) => `/api/stock-hunter/notifications/${ids.hunterNotification}/set-as-read`,
    expect: area(405, "hunter", "stocker", "keeper"),
  },
  // Saved searches (decision 038): the hunter's calls; another hunter's search is 404. A resume of
  // an active search changes nothing; the other hunter deletes their own search last.
  { route: "/api/stock-hunter/saved-searches", method: "GET", url: () => "/api/stock-hunter/saved-searches?limit=8&offset=0", expect: area(200, "hunter") },
  { route: "/api/stock-hunter/saved-searches", method: "POST", url: () => "/api/stock-hunter/saved-searches", body: {}, expect: area(422, "hunter") },
  {
    route: "/api/stock-hunter/saved-searches/:id/update",
    method: "POST",
    url: (ids) => `/api/stock-hunter/saved-searches/${ids.savedSearch}/update`,
    body: { saved_search_data: { paused: false } },
    expect: { ...area(200, "hunter"), other: 404 },
  },
  {
    route: "/api/stock-hunter/saved-searches/:id/update",
    method: "GET",
    url: (ids) => `/api/stock-hunter/saved-searches/${ids.savedSearch}/update`,
    expect: area(405, "hunter"),
  },
  {
    route: "/api/stock-hunter/saved-searches/:id/delete",
    method: "POST",
    url: (ids) => `/api/stock-hunter/saved-searches/${ids.otherSavedSearch}/delete`,
    expect: { ...area(404, "hunter"), other: 200 },
  },
  {
    route: "/api/stock-hunter/saved-searches/:id/delete",
    method: "GET",
    url: (ids) => `/api/stock-hunter/saved-searches/${ids.savedSearch}/delete`,
    expect: area(405, "hunter"),
  },
  // A visitor's save: the body is checked first (422 for everyone); a stock hunter's is the account's, other roles 403.
  { route: "/api/saved-searches", method: "POST", url: () => "/api/saved-searches", body: {}, expect: all(422) },
  {
    route: "/api/saved-searches",
    method: "POST",
    url: () => "/api/saved-searches",
    body: { saved_search_data: { name: "Matrix", lat: 45.46, lng: 9.19 } },
    expect: { ...all(403), visitor: 422, hunter: 200 },
  },
  { route: "/api/saved-searches", method: "GET", url: () => "/api/saved-searches", expect: all(405) },
  // The API's description: public, the same for everyone; a document, not a form target.
  // Personal access tokens (decision 059): stockers, keepers, referents and administrators, in a session.
  { route: "/api/tokens", method: "GET", url: () => "/api/tokens", expect: area(200, "stocker", "keeper", "referent", "admin") },
  { route: "/api/tokens", method: "POST", url: () => "/api/tokens", body: {}, expect: all(405) },
  {
    route: "/api/tokens/create",
    method: "POST",
    url: () => "/api/tokens/create",
    body: { scope: "read" },
    expect: area(422, "stocker", "keeper", "referent", "admin"),
  },
  { route: "/api/tokens/create", method: "GET", url: () => "/api/tokens/create", expect: all(405) },
  // A token that is nobody's (or another's): 404 for whoever may hold tokens.
  {
    route: "/api/tokens/:id/revoke",
    method: "POST",
    url: () => "/api/tokens/999999999/revoke",
    body: {},
    expect: area(404, "stocker", "keeper", "referent", "admin"),
  },
  { route: "/api/tokens/:id/revoke", method: "GET", url: () => "/api/tokens/1/revoke", expect: all(405) },
  { route: "/api/openapi.json", method: "GET", url: () => "/api/openapi.json", expect: all(200) },
  { route: "/api/openapi.json", method: "POST", url: () => "/api/openapi.json", body: {}, expect: all(405) },
  { route: "/api/docs", method: "GET", url: () => "/api/docs", expect: all(200) },
  { route: "/api/docs", method: "POST", url: () => "/api/docs", body: {}, expect: all(405) },
  { route: "/api/docs/:file", method: "GET", url: () => "/api/docs/swagger-ui.css", expect: all(200) },
  { route: "/api/docs/:file", method: "GET", url: () => "/api/docs/..%2Fpackage.json", expect: all(404) },
  { route: "/api/docs/:file", method: "POST", url: () => "/api/docs/start.js", body: {}, expect: all(405) },
  { route: "/api/referent/notifications", method: "GET", url: () => "/api/referent/notifications?offset=2", expect: area(200, "referent") },
  { route: "/api/referent/notifications", method: "POST", url: () => "/api/referent/notifications", body: {}, expect: area(405, "referent") },
  {
    route: "/api/referent/notifications/:id/set-as-read",
    method: "POST",
    url: (ids) => `/api/referent/notifications/${ids.hunterNotification}/set-as-read`,
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/notifications/:id/set-as-read",
    method: "GET",
    url: (ids) => `/api/referent/notifications/${ids.hunterNotification}/set-as-read`,
    expect: area(405, "referent"),
  },
  // Reviews and reports received, each area its own.
  { route: "/api/stocker/reviews", method: "GET", url: () => "/api/stocker/reviews?limit=8&offset=0", expect: area(200, "stocker", "keeper") },
  { route: "/api/stocker/reviews", method: "POST", url: () => "/api/stocker/reviews", body: {}, expect: area(405, "stocker", "keeper") },
  { route: "/api/stocker/reports", method: "GET", url: () => "/api/stocker/reports?offset=1", expect: area(200, "stocker", "keeper") },
  { route: "/api/stocker/reports", method: "POST", url: () => "/api/stocker/reports", body: {}, expect: area(405, "stocker", "keeper") },
  { route: "/api/referent/reviews", method: "GET", url: () => "/api/referent/reviews", expect: area(200, "referent") },
  { route: "/api/referent/reviews", method: "POST", url: () => "/api/referent/reviews", body: {}, expect: area(405, "referent") },
  { route: "/api/referent/reports", method: "GET", url: () => "/api/referent/reports", expect: area(200, "referent") },
  { route: "/api/referent/reports", method: "POST", url: () => "/api/referent/reports", body: {}, expect: area(405, "referent") },
  { route: "/api/stock_hunter/reviews", method: "GET", url: () => "/api/stock_hunter/reviews?limit=8", expect: area(200, "hunter") },
  { route: "/api/stock_hunter/reviews", method: "POST", url: () => "/api/stock_hunter/reviews", body: {}, expect: area(405, "hunter") },
  { route: "/api/stock_hunter/reports", method: "GET", url: () => "/api/stock_hunter/reports", expect: area(200, "hunter") },
  { route: "/api/stock_hunter/reports", method: "POST", url: () => "/api/stock_hunter/reports", body: {}, expect: area(405, "hunter") },

  // Every other /api path: the areas the next issues build, guarded already, then a JSON 404.
  { route: "/api/*", method: "GET", url: () => "/api/no-such-call", expect: all(404) },
  { route: "/api/*", method: "POST", url: () => "/api/no-such-call", body: {}, expect: all(404) },
  { route: "/api/*", method: "GET", url: () => "/api/admin/no-such-call", expect: area(404, "admin") },
  { route: "/api/*", method: "POST", url: () => "/api/admin/warehouses/1/edit", body: {}, expect: area(404, "admin") },
  { route: "/api/*", method: "GET", url: () => "/api/stocker/billing", expect: area(404, "stocker", "keeper") },
  { route: "/api/*", method: "GET", url: () => "/api/referent/no-such-call", expect: area(404, "referent") },
  { route: "/api/*", method: "GET", url: () => "/api/stock-hunter/no-such-call", expect: area(404, "hunter") },
  { route: "/api/*", method: "GET", url: () => "/api/stock-hunter/notifications/unread", expect: area(404, "hunter", "stocker", "keeper") },
  { route: "/api/*", method: "GET", url: () => "/api/stock_hunter/no-such-call", expect: area(404, "hunter") },
  // The back office: administrators only.
  { route: "/admin", method: "GET", url: () => "/admin", expect: area(200, "admin") },
  { route: "/admin/*", method: "GET", url: () => "/admin/no-such-page", expect: area(404, "admin") },
  { route: "/admin/warehouses", method: "GET", url: () => "/admin/warehouses?search_term=Milano&page=2", expect: area(200, "admin") },
  // The Warehouses filter and toggle, and the New hubs (app/server/warehouses/warehouse-toggle.db.test.ts, hub-requests.db.test.ts).
  { route: "/admin/warehouses", method: "GET", url: () => "/admin/warehouses?deactivated=deact&search_term=Milano", expect: area(200, "admin") },
  // A toggle without its value: refused by the page in data, nothing changed.
  { route: "/admin/warehouses", method: "POST", url: () => "/admin/warehouses", body: { form: { warehouse_id: "1" } }, expect: area(200, "admin") },
  { route: "/admin/hub-requests", method: "GET", url: () => "/admin/hub-requests?search_term=hub&page=2", expect: area(200, "admin") },
  // A refusal without its note: refused by the page in data, nothing decided.
  {
    route: "/admin/hub-requests",
    method: "POST",
    url: () => "/admin/hub-requests",
    body: { form: { warehouse_id: "1", status: "refused", note: "" } },
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/warehouses",
    method: "GET",
    url: () => "/api/admin/warehouses?search_term=Milano&offset=0&filters[deactivated]=act",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-warehouses",
    method: "GET",
    url: () => "/api/admin/export-warehouses?filters[province]=MI&filters[hub]=1&order[key]=name&order[dir]=asc&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/hub-requests", method: "GET", url: () => "/api/admin/hub-requests?search_term=hub&offset=0", expect: area(200, "admin") },
  {
    route: "/api/admin/export-hub-requests",
    method: "GET",
    url: () => "/api/admin/export-hub-requests?filters[waiting_days]=3&order[key]=name&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-hub-requests", method: "POST", url: () => "/api/admin/export-hub-requests", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/warehouses/:id/toggle-deactivated",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/toggle-deactivated`,
    body: { warehouse_data: {} },
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/toggle-deactivated",
    method: "GET",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/toggle-deactivated`,
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update-status",
    method: "POST",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update-status`,
    body: { warehouse_data: { status: "refused", to_approve: 0 } },
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/:id/update-status",
    method: "GET",
    url: (ids) => `/api/admin/warehouses/${ids.warehouse}/update-status`,
    expect: area(405, "admin"),
  },
  // Bulk actions and "select all N" (app/server/admin/bulk-actions.db.test.ts): bodies that change nothing.
  {
    route: "/api/admin/hub-requests/bulk-update-status",
    method: "POST",
    url: () => "/api/admin/hub-requests/bulk-update-status",
    body: { ids: [999999999], status: "refused" },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/hub-requests/bulk-update-status", method: "GET", url: () => "/api/admin/hub-requests/bulk-update-status", expect: area(405, "admin") },
  {
    route: "/api/admin/warehouses/bulk-toggle-deactivated",
    method: "POST",
    url: () => "/api/admin/warehouses/bulk-toggle-deactivated",
    body: { ids: [], deactivated: true },
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouses/bulk-toggle-deactivated",
    method: "GET",
    url: () => "/api/admin/warehouses/bulk-toggle-deactivated",
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/users/bulk-toggle-active",
    method: "POST",
    url: () => "/api/admin/users/bulk-toggle-active",
    body: { ids: [1, 1], active: 0 },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/users/bulk-toggle-active", method: "GET", url: () => "/api/admin/users/bulk-toggle-active", expect: area(405, "admin") },
  { route: "/api/admin/hub-requests/ids", method: "GET", url: () => "/api/admin/hub-requests/ids?search_term=hub", expect: area(200, "admin") },
  {
    route: "/api/admin/warehouses/ids",
    method: "GET",
    url: () => "/api/admin/warehouses/ids?search_term=Milano&filters[deactivated]=act",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/stockers/ids",
    method: "GET",
    url: () => "/api/admin/stockers/ids?search_term=demo&filters[sub_type]=active",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/stock-hunters/ids", method: "GET", url: () => "/api/admin/stock-hunters/ids?search_term=demo", expect: area(200, "admin") },
  { route: "/admin/warehouses/new", method: "GET", url: () => "/admin/warehouses/new", expect: area(200, "admin") },
  { route: "/admin/warehouses/:id/edit", method: "GET", url: (ids) => `/admin/warehouses/${ids.warehouse}/edit`, expect: area(200, "admin") },
  { route: "/admin/transfers", method: "GET", url: () => "/admin/transfers?search=demo&page=2", expect: area(200, "admin") },
  { route: "/admin/audit", method: "GET", url: () => "/admin/audit?entity_type=warehouse&entity_id=1&from=2020-01-01&page=2", expect: area(200, "admin") },
  { route: "/admin/audit", method: "GET", url: () => "/admin/audit?search=demo&action=user.approve", expect: area(200, "admin") },
  // The reports on warehouses (decision 046): open by default, closed or all, sorted; closing one (decision 053).
  { route: "/admin/reports", method: "GET", url: () => "/admin/reports?page=2", expect: area(200, "admin") },
  { route: "/admin/reports", method: "GET", url: () => "/admin/reports?state=all&sort=warehouse&dir=desc", expect: area(200, "admin") },
  // "Chiudi" on no such report: answered on the page, nothing closed.
  { route: "/admin/reports", method: "POST", url: () => "/admin/reports", body: { form: { intent: "close", id: "999999999" } }, expect: area(200, "admin") },
  {
    route: "/api/admin/warehouse-reports/:id/close",
    method: "POST",
    url: () => "/api/admin/warehouse-reports/999999999/close",
    body: {},
    expect: area(404, "admin"),
  },
  { route: "/api/admin/warehouse-reports/:id/close", method: "GET", url: () => "/api/admin/warehouse-reports/1/close", expect: area(405, "admin") },
  {
    route: "/api/admin/export-warehouse-reports",
    method: "GET",
    url: () => "/api/admin/export-warehouse-reports?filters[state]=all&order[key]=warehouse&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-warehouse-reports", method: "POST", url: () => "/api/admin/export-warehouse-reports", body: {}, expect: area(405, "admin") },
  { route: "/api/admin/dashboard", method: "GET", url: () => "/api/admin/dashboard", expect: area(200, "admin") },
  // Undelivered e-mails (decision 043): the list, and sending one again; no such e-mail: nothing sent.
  {
    route: "/admin/emails",
    method: "GET",
    url: () => "/admin/emails?search=matrix&template=confirm_code&lang=it&sort=attempts&dir=asc&page=2&resend=all",
    expect: area(200, "admin"),
  },
  // A form without an intent: refused by the page, nothing sent again.
  { route: "/admin/emails", method: "POST", url: () => "/admin/emails", body: "form", expect: area(200, "admin") },
  { route: "/api/admin/emails/failed", method: "GET", url: () => "/api/admin/emails/failed?search_term=matrix&offset=0", expect: area(200, "admin") },
  { route: "/api/admin/emails/failed", method: "POST", url: () => "/api/admin/emails/failed", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/emails/failed",
    method: "GET",
    url: () => "/api/admin/emails/failed?filters[template]=confirm_code&filters[lang]=en&order[key]=attempts&order[dir]=asc",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/emails/failed", method: "GET", url: () => "/api/admin/emails/failed?order[key]=subject", expect: area(422, "admin") },
  {
    route: "/api/admin/export-failed-emails",
    method: "GET",
    url: () => "/api/admin/export-failed-emails?filters[lang]=it&order[key]=recipient&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-failed-emails", method: "GET", url: () => "/api/admin/export-failed-emails?filters[lang]=fr", expect: area(422, "admin") },
  { route: "/api/admin/export-failed-emails", method: "POST", url: () => "/api/admin/export-failed-emails", body: {}, expect: area(405, "admin") },
  { route: "/api/admin/emails/:id/resend", method: "POST", url: () => "/api/admin/emails/999999999/resend", body: {}, expect: area(404, "admin") },
  { route: "/api/admin/emails/:id/resend", method: "GET", url: () => "/api/admin/emails/999999999/resend", expect: area(405, "admin") },
  // A search term over its limit: refused, nothing sent again (the demo's failed e-mails, if any, stay failed).
  {
    route: "/api/admin/emails/failed/resend",
    method: "POST",
    url: () => "/api/admin/emails/failed/resend",
    body: { search_term: "x".repeat(121) },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/emails/failed/resend", method: "GET", url: () => "/api/admin/emails/failed/resend", expect: area(405, "admin") },
  { route: "/api/admin/dashboard", method: "POST", url: () => "/api/admin/dashboard", body: {}, expect: area(405, "admin") },
  // A form without a user id: refused by the page, nothing confirmed.
  { route: "/admin/transfers", method: "POST", url: () => "/admin/transfers", body: "form", expect: area(200, "admin") },
  { route: "/admin/promo-codes", method: "GET", url: () => "/admin/promo-codes?page=1", expect: area(200, "admin") },
  {
    route: "/admin/promo-codes",
    method: "GET",
    url: () => "/admin/promo-codes?search=e2e&state=usable&sort=expiry&dir=asc&edit=1",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-transfers",
    method: "GET",
    url: () => "/api/admin/export-transfers?filters[kind]=subscription&filters[waiting_days]=1&order[key]=amount&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-transfers", method: "POST", url: () => "/api/admin/export-transfers", body: {}, expect: area(405, "admin") },
  { route: "/api/admin/export-transfers", method: "GET", url: () => "/api/admin/export-transfers?filters[kind]=gift", expect: area(422, "admin") },
  {
    route: "/admin/transfers",
    method: "GET",
    url: () => "/admin/transfers?search=e2e&kind=addition&waiting=3&sort=name&dir=desc",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-promo-codes",
    method: "GET",
    url: () => "/api/admin/export-promo-codes?filters[state]=expired&order[key]=code&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-promo-codes", method: "POST", url: () => "/api/admin/export-promo-codes", body: {}, expect: area(405, "admin") },
  { route: "/admin/promo-codes", method: "POST", url: () => "/admin/promo-codes", body: { form: { intent: "create", code: "" } }, expect: area(200, "admin") },
  { route: "/admin/stocker-requests", method: "GET", url: () => "/admin/stocker-requests?status=refused&search=srl&page=1", expect: area(200, "admin") },
  {
    route: "/admin/stocker-requests",
    method: "POST",
    url: () => "/admin/stocker-requests",
    body: { form: { intent: "refuse", user_id: "1", note: "" } },
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/stocker-requests",
    method: "GET",
    url: () => "/api/admin/stocker-requests?search_term=srl&offset=0&filters[approved]=pending",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-stocker-requests",
    method: "GET",
    url: () => "/api/admin/export-stocker-requests?filters[waiting_days]=1&order[key]=city&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-stocker-requests", method: "POST", url: () => "/api/admin/export-stocker-requests", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/warehouses/search",
    method: "GET",
    url: () => "/api/admin/warehouses/search?search_term=Magazzino&type=all",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/users/:id/update",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/update`,
    body: { user_data: { approved: 0, note: "" } },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/users/:id/update", method: "GET", url: (ids) => `/api/admin/users/${ids.stockerId}/update`, expect: area(405, "admin") },
  { route: "/admin/warehouses/:id/edit", method: "GET", url: () => "/admin/warehouses/999999999/edit", expect: area(404, "admin") },
  // The specification catalogue: the demo catalogue is loaded at start with ids from 1; incomplete posts write nothing.
  { route: "/admin/specifications", method: "GET", url: () => "/admin/specifications?search=a&cat_id=1&page=2", expect: area(200, "admin") },
  { route: "/admin/specifications", method: "GET", url: () => "/admin/specifications?active=no&sort=title&dir=desc", expect: area(200, "admin") },
  {
    route: "/api/admin/export-specifications",
    method: "GET",
    url: () => "/api/admin/export-specifications?filters[active]=yes&order[key]=title&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-specifications", method: "POST", url: () => "/api/admin/export-specifications", body: {}, expect: area(405, "admin") },
  { route: "/admin/specifications", method: "POST", url: () => "/admin/specifications", body: "form", expect: area(200, "admin") },
  { route: "/admin/specifications/new", method: "GET", url: () => "/admin/specifications/new", expect: area(200, "admin") },
  {
    route: "/admin/specifications/new",
    method: "POST",
    url: () => "/admin/specifications/new",
    body: { form: { cat_id: "", value: "" } },
    expect: area(200, "admin"),
  },
  { route: "/admin/specifications/:id/edit", method: "GET", url: () => "/admin/specifications/1/edit", expect: area(200, "admin") },
  { route: "/admin/specifications/:id/edit", method: "GET", url: () => "/admin/specifications/999999999/edit", expect: area(404, "admin") },
  {
    route: "/admin/specifications/:id/edit",
    method: "POST",
    url: () => "/admin/specifications/1/edit",
    body: { form: { value: "" } },
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/specifications",
    method: "GET",
    url: () => "/api/admin/specifications?search_term=a&offset=0&filters[cat_id]=1",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/specifications/create", method: "POST", url: () => "/api/admin/specifications/create", body: {}, expect: area(422, "admin") },
  { route: "/api/admin/specifications/create", method: "GET", url: () => "/api/admin/specifications/create", expect: area(405, "admin") },
  {
    route: "/api/admin/specifications/:id/update",
    method: "POST",
    url: () => "/api/admin/specifications/1/update",
    body: { specification_data: { value: "" } },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/specifications/:id/update", method: "GET", url: () => "/api/admin/specifications/1/update", expect: area(405, "admin") },
  {
    route: "/api/admin/specifications/:id/toggle-hidden",
    method: "POST",
    url: () => "/api/admin/specifications/1/toggle-hidden",
    body: { specification_data: {} },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/specifications/:id/toggle-hidden", method: "GET", url: () => "/api/admin/specifications/1/toggle-hidden", expect: area(405, "admin") },
  // The CRM and its follow-up actions (app/server/crm/crm.db.test.ts): incomplete posts write nothing.
  {
    route: "/admin/crm",
    method: "GET",
    url: () => "/admin/crm?search=a&date=2026-11-21&event_type=call&sort=client&dir=asc&page=2",
    expect: area(200, "admin"),
  },
  // A new event without its date and type: refused by the page in data, nothing written.
  {
    route: "/admin/crm",
    method: "POST",
    url: () => "/admin/crm",
    body: { form: { intent: "create", date: "", event_type: "", client: "" } },
    expect: area(200, "admin"),
  },
  { route: "/admin/crm-actions", method: "GET", url: () => "/admin/crm-actions?status=all&search=a&page=2", expect: area(200, "admin") },
  {
    route: "/admin/crm-actions",
    method: "GET",
    url: () => "/admin/crm-actions?status=overdue&search=a&sort=created_at&dir=asc&page=1",
    expect: area(200, "admin"),
  },
  { route: "/admin/crm", method: "GET", url: () => "/admin/crm?edit=1", expect: area(200, "admin") },
  // A handling without its entry: refused by the page in data, nothing handled.
  { route: "/admin/crm-actions", method: "POST", url: () => "/admin/crm-actions", body: "form", expect: area(200, "admin") },
  {
    route: "/api/admin/crm-entries",
    method: "GET",
    url: () => "/api/admin/crm-entries?search_term=a&offset=0&filters[event_type]=mail&order[key]=event_type&order[dir]=desc",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/crm-entries", method: "POST", url: () => "/api/admin/crm-entries", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/crm-entries/create",
    method: "POST",
    url: () => "/api/admin/crm-entries/create",
    body: { crm_entry_data: { client: "Senza data" } },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/crm-entries/create", method: "GET", url: () => "/api/admin/crm-entries/create", expect: area(405, "admin") },
  {
    route: "/api/admin/crm-entries/:id/update",
    method: "POST",
    url: () => "/api/admin/crm-entries/1/update",
    body: { crm_entry_data: {} },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/crm-entries/:id/update", method: "GET", url: () => "/api/admin/crm-entries/1/update", expect: area(405, "admin") },
  {
    route: "/api/admin/crm-entries/:id/handle",
    method: "POST",
    url: () => "/api/admin/crm-entries/1/handle",
    body: { crm_entry_data: {} },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/crm-entries/:id/handle", method: "GET", url: () => "/api/admin/crm-entries/1/handle", expect: area(405, "admin") },
  { route: "/api/admin/export-crm-entries", method: "GET", url: () => "/api/admin/export-crm-entries?filters[event_type]=meet", expect: area(200, "admin") },
  { route: "/api/admin/export-crm-entries", method: "POST", url: () => "/api/admin/export-crm-entries", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/export-crm-entries",
    method: "GET",
    url: () => "/api/admin/export-crm-entries?order[key]=contact&order[dir]=desc&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-crm-entries", method: "GET", url: () => "/api/admin/export-crm-entries?order[key]=password", expect: area(422, "admin") },
  {
    route: "/api/admin/export-crm-actions",
    method: "GET",
    url: () => "/api/admin/export-crm-actions?search_term=a&filters[follow_up_done]=overdue&order[key]=client&order[dir]=desc&format=xlsx",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-crm-actions",
    method: "GET",
    url: () => "/api/admin/export-crm-actions?filters[follow_up_done]=late",
    expect: area(422, "admin"),
  },
  { route: "/api/admin/export-crm-actions", method: "POST", url: () => "/api/admin/export-crm-actions", body: {}, expect: area(405, "admin") },
  // The audit log as filtered (decision 046): CSV or XLSX, a bad filter refused.
  { route: "/api/admin/export-audit-log", method: "GET", url: () => "/api/admin/export-audit-log?entity_type=user&format=xlsx", expect: area(200, "admin") },
  { route: "/api/admin/export-audit-log", method: "GET", url: () => "/api/admin/export-audit-log?from=yesterday", expect: area(422, "admin") },
  { route: "/api/admin/export-audit-log", method: "POST", url: () => "/api/admin/export-audit-log", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/crm-actions",
    method: "GET",
    url: () => "/api/admin/crm-actions?offset=0&filters[follow_up_done]=done&search_term=a",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/crm-actions",
    method: "GET",
    url: () => "/api/admin/crm-actions?filters[follow_up_done]=overdue&order[key]=follow_up_done&order[dir]=desc",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/crm-actions", method: "GET", url: () => "/api/admin/crm-actions?order[key]=email", expect: area(422, "admin") },
  { route: "/api/admin/crm-actions", method: "POST", url: () => "/api/admin/crm-actions", body: {}, expect: area(405, "admin") },
  // The location search (app/server/admin-search/location-search.db.test.ts): the page before and after a search, the JSON lists, the exports; no centre is 422.
  { route: "/admin/search", method: "GET", url: () => "/admin/search", expect: area(200, "admin") },
  { route: "/admin/search", method: "GET", url: () => "/admin/search?location=Milano&radius=25&tab=requests&page=2", expect: area(200, "admin") },
  {
    route: "/api/admin/location-search-warehouses",
    method: "GET",
    url: () => "/api/admin/location-search-warehouses?filters[location]=Milano&filters[radius]=&lat=45.4642&lng=9.19&wh_offset=0",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/location-search-warehouses",
    method: "GET",
    url: () => "/api/admin/location-search-warehouses?filters[location]=Milano",
    expect: area(422, "admin"),
  },
  { route: "/api/admin/location-search-warehouses", method: "POST", url: () => "/api/admin/location-search-warehouses", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/location-search-requests",
    method: "GET",
    url: () => "/api/admin/location-search-requests?filters[location]=Milano&filters[radius]=50&lat=45.4642&lng=9.19&wr_offset=0",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/location-search-requests", method: "POST", url: () => "/api/admin/location-search-requests", body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/export-location-search-warehouses",
    method: "GET",
    url: () => "/api/admin/export-location-search-warehouses?filters[location]=Milano&filters[radius]=10&lat=45.4642&lng=9.19",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-location-search-warehouses",
    method: "POST",
    url: () => "/api/admin/export-location-search-warehouses",
    body: {},
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/export-location-search-requests",
    method: "GET",
    url: () => "/api/admin/export-location-search-requests?filters[location]=Milano&lat=45.4642&lng=9.19",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-location-search-requests",
    method: "POST",
    url: () => "/api/admin/export-location-search-requests",
    body: {},
    expect: area(405, "admin"),
  },
  // Requests (app/server/admin-requests/admin-requests.db.test.ts): the test request's id; an add without ids writes nothing.
  {
    route: "/admin/requests",
    method: "GET",
    url: ({ requestLink: l }) => `/admin/requests?search=Logistica&from=2026-01-01&open=${l.requestId}&page=1`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/requests",
    method: "POST",
    url: () => "/admin/requests",
    body: { form: { intent: "add_warehouses", request_id: "1" } },
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests",
    method: "GET",
    url: () => "/api/admin/warehouse-requests?search_term=Logistica&offset=0&filters[from]=2026-01-01&filters[to]=2030-12-31",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/warehouse-requests", method: "POST", url: () => "/api/admin/warehouse-requests", body: {}, expect: area(405, "admin") },
  {
    route: "/admin/requests",
    method: "GET",
    url: () => "/admin/requests?search=Logistica&answered=no&requester=visitor&sort=warehouses&dir=asc&page=1",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests",
    method: "GET",
    url: () => "/api/admin/warehouse-requests?filters[answered]=yes&filters[requester]=account&order[key]=quantity&order[dir]=desc",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/warehouse-requests", method: "GET", url: () => "/api/admin/warehouse-requests?order[key]=email", expect: area(422, "admin") },
  {
    route: "/api/admin/export-warehouse-requests",
    method: "GET",
    url: () =>
      "/api/admin/export-warehouse-requests?search_term=Logistica&filters[from]=2026-01-01&filters[answered]=no&filters[requester]=visitor&order[key]=warehouses&order[dir]=desc&format=xlsx",
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/export-warehouse-requests",
    method: "POST",
    url: () => "/api/admin/export-warehouse-requests",
    body: {},
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/export-warehouse-requests",
    method: "GET",
    url: () => "/api/admin/export-warehouse-requests?filters[answered]=maybe",
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/warehouses/search",
    method: "GET",
    url: ({ requestLink: l }) => `/api/admin/warehouse-requests/${l.requestId}/warehouses/search?search_term=Magazzino&ids=1`,
    expect: area(200, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/warehouses/search",
    method: "GET",
    url: () => "/api/admin/warehouse-requests/999999999/warehouses/search?search_term=Magazzino",
    expect: area(404, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/warehouses/search",
    method: "POST",
    url: ({ requestLink: l }) => `/api/admin/warehouse-requests/${l.requestId}/warehouses/search`,
    body: {},
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/add-warehouses",
    method: "POST",
    url: ({ requestLink: l }) => `/api/admin/warehouse-requests/${l.requestId}/add-warehouses`,
    body: { ids: [] },
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/add-warehouses",
    method: "POST",
    url: () => "/api/admin/warehouse-requests/999999999/add-warehouses",
    body: { ids: [1] },
    expect: area(404, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/add-warehouses",
    method: "GET",
    url: ({ requestLink: l }) => `/api/admin/warehouse-requests/${l.requestId}/add-warehouses`,
    expect: area(405, "admin"),
  },
  {
    route: "/api/admin/warehouse-requests/:id/export",
    method: "GET",
    url: ({ requestLink: l }) => `/api/admin/warehouse-requests/${l.requestId}/export`,
    expect: area(200, "admin"),
  },
  { route: "/api/admin/warehouse-requests/:id/export", method: "GET", url: () => "/api/admin/warehouse-requests/999999999/export", expect: area(404, "admin") },
  {
    route: "/api/admin/warehouse-requests/:id/export",
    method: "POST",
    url: ({ requestLink: l }) => `/api/admin/warehouse-requests/${l.requestId}/export`,
    body: {},
    expect: area(405, "admin"),
  },

  // Public pages.
  { route: "/:locale", method: "GET", url: () => "/it", expect: all(200) },
  { route: "/:locale/stocks", method: "GET", url: () => `/en/stocks?${search}`, expect: all(200) },
  { route: "/:locale/stock-hunter-conditions", method: "GET", url: () => "/it/stock-hunter-conditions", expect: all(200) },
  { route: "/:locale/stocker-conditions", method: "GET", url: () => "/it/stocker-conditions", expect: all(200) },
  { route: "/:locale/privacy-policy", method: "GET", url: () => "/en/privacy-policy", expect: all(200) },
  { route: "/:locale/general-conditions", method: "GET", url: () => "/en/general-conditions", expect: all(200) },
  { route: "/:locale/warehouses/:id", method: "GET", url: (ids) => `/it/warehouses/${ids.warehouse}`, expect: all(200) },
  { route: "/:locale/compare", method: "GET", url: (ids) => `/en/compare?wids=${ids.warehouse}`, expect: all(200) },
  // A request's personal link (decision 036): whoever holds the token, logged in or not; a token that opens nothing is a 404.
  { route: "/:locale/requests/:token", method: "GET", url: (ids) => `/it/requests/${ids.requestToken}?sort=speed`, expect: all(200) },
  { route: "/:locale/requests/:token", method: "GET", url: () => `/en/requests/${"A".repeat(43)}`, expect: all(404) },
  // One-click unsubscribe (decision 038): whoever holds the link, logged in or not, for that
  // address and kind only (a second POST changes nothing); a forged token is a 404 page.
  { route: "/:locale/unsubscribe/:token", method: "GET", url: (ids) => `/it/unsubscribe/${ids.unsubscribeToken}`, expect: all(200) },
  { route: "/:locale/unsubscribe/:token", method: "GET", url: () => `/en/unsubscribe/${FORGED_UNSUBSCRIBE}`, expect: all(404) },
  {
    route: "/:locale/unsubscribe/:token",
    method: "POST",
    url: (ids) => `/en/unsubscribe/${ids.unsubscribeToken}`,
    body: { form: { intent: "unsubscribe" } },
    expect: all(200),
  },
  {
    route: "/:locale/unsubscribe/:token",
    method: "POST",
    url: () => `/it/unsubscribe/${FORGED_UNSUBSCRIBE}`,
    body: { form: { intent: "unsubscribe" } },
    expect: all(404),
  },
  // The personal page's forms, in the request's name whoever posts (the token is the access): a
  // link not of the request is the form's not_found; a forged token opens no page at all (404).
  {
    route: "/:locale/requests/:token",
    method: "POST",
    url: (ids) => `/it/requests/${ids.requestToken}`,
    body: { form: { intent: "ask_changes", link_id: "999999999", message: "Da marzo?" } },
    expect: all(200),
  },
  {
    route: "/:locale/requests/:token",
    method: "POST",
    url: () => `/it/requests/${"A".repeat(43)}`,
    body: { form: { intent: "message", link_id: "1", message: "x" } },
    expect: all(404),
  },
  {
    route: "/:locale/warehouses/:warehouseId/requests/:requestId/review",
    method: "GET",
    url: ({ requestLink: l }) => `/en/warehouses/${l.warehouseId}/requests/${l.requestId}/review`,
    expect: parties(200),
  },
  {
    route: "/:locale/warehouses/:warehouseId/requests/:requestId/review",
    method: "POST",
    url: ({ requestLink: l }) => `/en/warehouses/${l.warehouseId}/requests/${l.requestId}/review`,
    body: "form",
    expect: parties(200),
  },
  {
    route: "/:locale/warehouses/:warehouseId/requests/:requestId/report",
    method: "GET",
    url: ({ requestLink: l }) => `/en/warehouses/${l.warehouseId}/requests/${l.requestId}/report`,
    expect: parties(200),
  },
  {
    route: "/:locale/warehouses/:warehouseId/requests/:requestId/report",
    method: "POST",
    url: ({ requestLink: l }) => `/en/warehouses/${l.warehouseId}/requests/${l.requestId}/report`,
    body: "form",
    expect: parties(200),
  },
  // A logged-in user has no registration to confirm: sent on to the site.
  { route: "/:locale/confirm-code", method: "GET", url: () => "/it/confirm-code", expect: { ...all(302), visitor: 200 } },
  { route: "/:locale/complete-account/:id", method: "GET", url: (ids) => `/it/complete-account/${ids.userId}?u_token=not-a-token`, expect: all(200) },
  { route: "/:locale/forgot-password", method: "GET", url: () => "/en/forgot-password", expect: all(200) },
  // Asking for a request's personal link again: public; an empty form comes back to the page with its errors.
  { route: "/:locale/requests/new-link", method: "GET", url: () => "/it/requests/new-link", expect: all(200) },
  { route: "/:locale/requests/new-link", method: "POST", url: () => "/en/requests/new-link", body: "form", expect: all(200) },
  { route: "/:locale/reset-password/:id", method: "GET", url: (ids) => `/en/reset-password/${ids.userId}?rpt_token=not-a-token`, expect: all(200) },
  { route: "/:locale/*", method: "GET", url: () => "/it/no-such-page", expect: all(404) },
  // The owners' warehouse pages: their own (the demo stocker's, managed by the demo referent); another's is a 404.
  { route: "/:locale/stocker/profile/warehouses", method: "GET", url: () => "/it/stocker/profile/warehouses", expect: area(200, "stocker", "keeper") },
  { route: "/:locale/stocker/profile/warehouses/new", method: "GET", url: () => "/en/stocker/profile/warehouses/new", expect: area(200, "stocker", "keeper") },
  {
    route: "/:locale/stocker/profile/warehouses/:id",
    method: "GET",
    url: (ids) => `/it/stocker/profile/warehouses/${ids.warehouse}`,
    expect: { ...area(200, "stocker"), keeper: 404 },
  },
  {
    route: "/:locale/stocker/profile/warehouses/:id",
    method: "POST",
    url: (ids) => `/it/stocker/profile/warehouses/${ids.warehouse}`,
    body: spacesPanelOverSurface,
    expect: { ...area(200, "stocker"), keeper: 404 },
  },
  {
    route: "/:locale/stocker/profile/warehouses/:id/edit",
    method: "GET",
    url: (ids) => `/en/stocker/profile/warehouses/${ids.warehouse}/edit`,
    expect: { ...area(200, "stocker"), keeper: 404 },
  },
  { route: "/:locale/referent/profile/warehouses", method: "GET", url: () => "/it/referent/profile/warehouses", expect: area(200, "referent") },
  {
    route: "/:locale/referent/profile/warehouses/:id",
    method: "GET",
    url: (ids) => `/en/referent/profile/warehouses/${ids.warehouse}`,
    expect: area(200, "referent"),
  },
  {
    route: "/:locale/referent/profile/warehouses/:id",
    method: "GET",
    url: (ids) => `/en/referent/profile/warehouses/${ids.otherWarehouse}`,
    expect: area(404, "referent"),
  },
  {
    route: "/:locale/referent/profile/warehouses/:id",
    method: "POST",
    url: (ids) => `/en/referent/profile/warehouses/${ids.warehouse}`,
    body: spacesPanelOverSurface,
    expect: area(200, "referent"),
  },
  {
    route: "/:locale/referent/profile/warehouses/:id",
    method: "POST",
    url: (ids) => `/en/referent/profile/warehouses/${ids.otherWarehouse}`,
    body: spacesPanelOverSurface,
    expect: area(404, "referent"),
  },
  {
    route: "/:locale/referent/profile/warehouses/:id/edit",
    method: "GET",
    url: (ids) => `/it/referent/profile/warehouses/${ids.warehouse}/edit`,
    expect: area(200, "referent"),
  },
  {
    route: "/:locale/referent/profile/warehouses/:id/edit",
    method: "GET",
    url: (ids) => `/it/referent/profile/warehouses/${ids.otherWarehouse}/edit`,
    expect: area(404, "referent"),
  },
  // The logged-in areas: each reserved to its role; a path that is no page of the area is a 404.
  // An area's address without "/profile" leads to the area, whose own guard then answers.
  { route: "/:locale/stocker", method: "GET", url: () => "/it/stocker", expect: all(302) },
  { route: "/:locale/referent", method: "GET", url: () => "/en/referent/", expect: all(302) },
  { route: "/:locale/stock-hunter", method: "GET", url: () => "/it/stock-hunter?tab=1", expect: all(302) },
  { route: "/:locale/stocker/profile", method: "GET", url: () => "/it/stocker/profile", expect: area(200, "stocker", "keeper") },
  { route: "/:locale/referent/profile", method: "GET", url: () => "/en/referent/profile", expect: area(200, "referent") },
  { route: "/:locale/stock-hunter/profile", method: "GET", url: () => "/it/stock-hunter/profile", expect: area(200, "hunter") },
  { route: "/:locale/stock-hunter/profile/warehouses", method: "GET", url: () => "/en/stock-hunter/profile/warehouses?page=2", expect: area(200, "hunter") },
  // A warehouse the hunter wrote to; one it never saved nor wrote to is a 404.
  {
    route: "/:locale/stock-hunter/profile/warehouses/:id",
    method: "GET",
    url: (ids) => `/it/stock-hunter/profile/warehouses/${ids.warehouse}`,
    expect: { ...area(200, "hunter"), other: 404 },
  },
  {
    route: "/:locale/stock-hunter/profile/warehouses/:id",
    method: "GET",
    url: () => "/it/stock-hunter/profile/warehouses/999999999",
    expect: area(404, "hunter"),
  },
  {
    route: "/:locale/stocker/profile/messages",
    method: "GET",
    url: (ids) => `/it/stocker/profile/messages?state=confirmed&page=2&warehouse_id=${ids.warehouse}`,
    expect: area(200, "stocker", "keeper"),
  },
  // The page's state selector: an incomplete form is answered with its field errors; another owner's link
  // is the selector's not_found (a PageActionFailure, nothing changed: area-requests.test.ts), like a missing one.
  {
    route: "/:locale/stocker/profile/messages",
    method: "POST",
    url: () => "/it/stocker/profile/messages",
    body: "form",
    expect: area(200, "stocker", "keeper"),
  },
  {
    route: "/:locale/stocker/profile/messages",
    method: "POST",
    url: () => "/it/stocker/profile/messages",
    body: { form: { intent: "state", link_id: "LINK", state: "confirmed" } },
    expect: area(200, "stocker", "keeper"),
  },
  {
    route: "/:locale/referent/profile/messages",
    method: "GET",
    url: () => "/en/referent/profile/messages?from=2026-01-01&to=2026-12-31",
    expect: area(200, "referent"),
  },
  {
    route: "/:locale/referent/profile/messages",
    method: "POST",
    url: () => "/en/referent/profile/messages",
    body: { form: { intent: "state", link_id: "OTHER_LINK", state: "confirmed" } },
    expect: area(200, "referent"),
  },
  { route: "/:locale/stock-hunter/profile/messages", method: "GET", url: () => "/en/stock-hunter/profile/messages?page=1", expect: area(200, "hunter") },
  // A message on a warehouse's conversation of the selected request (another hunter's link is the form's not_found).
  {
    route: "/:locale/stock-hunter/profile/messages",
    method: "POST",
    url: () => "/it/stock-hunter/profile/messages",
    body: { form: { intent: "message", link_id: "LINK", message: "Dalla pagina delle richieste" } },
    expect: { ...area(200, "hunter"), other: 200 },
  },
  // One request's offers compared (decision 036): the hunter's own; another hunter's is a 404.
  {
    route: "/:locale/stock-hunter/profile/messages/:id",
    method: "GET",
    url: (ids) => `/it/stock-hunter/profile/messages/${ids.requestLink.requestId}?sort=rating`,
    expect: { ...area(200, "hunter"), other: 404 },
  },
  // Its forms (answers to an offer, a message on a link): the hunter's own request; another hunter's page is a 404, as its GET.
  {
    route: "/:locale/stock-hunter/profile/messages/:id",
    method: "POST",
    url: (ids) => `/it/stock-hunter/profile/messages/${ids.requestLink.requestId}`,
    body: { form: { intent: "message", link_id: "LINK", message: "Dalla pagina della richiesta" } },
    expect: { ...area(200, "hunter"), other: 404 },
  },
  { route: "/:locale/stocker/profile/data", method: "GET", url: () => "/it/stocker/profile/data", expect: area(200, "stocker", "keeper") },
  { route: "/:locale/stocker/profile/data", method: "POST", url: () => "/it/stocker/profile/data", body: "form", expect: area(200, "stocker", "keeper") },
  { route: "/:locale/referent/profile/data", method: "GET", url: () => "/en/referent/profile/data", expect: area(200, "referent") },
  { route: "/:locale/referent/profile/data", method: "POST", url: () => "/en/referent/profile/data", body: "form", expect: area(200, "referent") },
  { route: "/:locale/stock-hunter/profile/data", method: "GET", url: () => "/it/stock-hunter/profile/data", expect: area(200, "hunter") },
  { route: "/:locale/stock-hunter/profile/data", method: "POST", url: () => "/it/stock-hunter/profile/data", body: "form", expect: area(200, "hunter") },
  // The e-mail preferences' form, every kind ticked (as the demo users have them: nothing changes).
  {
    route: "/:locale/stock-hunter/profile/data",
    method: "POST",
    url: () => "/it/stock-hunter/profile/data",
    body: { form: { intent: "email_preferences", ...ALL_KINDS_TICKED } },
    expect: area(200, "hunter"),
  },
  {
    route: "/:locale/stocker/profile/notifications",
    method: "GET",
    url: () => "/it/stocker/profile/notifications?page=2",
    expect: area(200, "stocker", "keeper"),
  },
  // The page's mark-as-read: a form without a notification is answered with its field errors, without a write.
  {
    route: "/:locale/stocker/profile/notifications",
    method: "POST",
    url: () => "/it/stocker/profile/notifications",
    body: "form",
    expect: area(200, "stocker", "keeper"),
  },
  { route: "/:locale/referent/profile/notifications", method: "GET", url: () => "/en/referent/profile/notifications", expect: area(200, "referent") },
  {
    route: "/:locale/referent/profile/notifications",
    method: "POST",
    url: () => "/en/referent/profile/notifications",
    body: "form",
    expect: area(200, "referent"),
  },
  // Opening another user's notification is a 404, like one that does not exist.
  {
    route: "/:locale/stock-hunter/profile/notifications",
    method: "GET",
    url: (ids) => `/it/stock-hunter/profile/notifications?selected=${ids.hunterNotification}`,
    expect: { ...area(200, "hunter"), other: 404 },
  },
  // Selecting another user's notification to mark it read: the form's not_found, nothing written (notifications.test.ts).
  {
    route: "/:locale/stock-hunter/profile/notifications",
    method: "POST",
    url: () => "/it/stock-hunter/profile/notifications",
    body: { form: { intent: "read", id: "HUNTER_NOTIFICATION" } },
    expect: { ...area(200, "hunter"), other: 200 },
  },
  {
    route: "/:locale/stocker/profile/reviews",
    method: "GET",
    url: () => "/it/stocker/profile/reviews?show=reports&page=2",
    expect: area(200, "stocker", "keeper"),
  },
  { route: "/:locale/referent/profile/reviews", method: "GET", url: () => "/en/referent/profile/reviews", expect: area(200, "referent") },
  { route: "/:locale/stock-hunter/profile/reviews", method: "GET", url: () => "/it/stock-hunter/profile/reviews?show=reviews", expect: area(200, "hunter") },
  {
    route: "/:locale/stock-hunter/profile/saved-searches",
    method: "GET",
    url: () => "/en/stock-hunter/profile/saved-searches?page=2",
    expect: area(200, "hunter"),
  },
  { route: "/:locale/stocker/profile/api-tokens", method: "GET", url: () => "/it/stocker/profile/api-tokens", expect: area(200, "stocker", "keeper") },
  // A token that is nobody's is the form's not_found: the page is drawn again (200).
  {
    route: "/:locale/stocker/profile/api-tokens",
    method: "POST",
    url: () => "/en/stocker/profile/api-tokens",
    body: { form: { intent: "revoke", id: "999999999" } },
    expect: area(200, "stocker", "keeper"),
  },
  { route: "/:locale/referent/profile/api-tokens", method: "GET", url: () => "/en/referent/profile/api-tokens", expect: area(200, "referent") },
  {
    route: "/:locale/referent/profile/api-tokens",
    method: "POST",
    url: () => "/it/referent/profile/api-tokens",
    body: { form: { intent: "revoke", id: "999999999" } },
    expect: area(200, "referent"),
  },
  { route: "/admin/api-tokens", method: "GET", url: () => "/admin/api-tokens", expect: area(200, "admin") },
  {
    route: "/admin/api-tokens",
    method: "POST",
    url: () => "/admin/api-tokens",
    body: { form: { intent: "revoke", id: "999999999" } },
    expect: area(200, "admin"),
  },
  { route: "/admin/stocker/:userId/api-tokens", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/api-tokens`, expect: area(200, "admin") },
  { route: "/admin/stocker/:userId/api-tokens", method: "GET", url: (ids) => `/admin/stocker/${ids.hunterId}/api-tokens`, expect: area(404, "admin") },
  {
    route: "/admin/stocker/:userId/api-tokens",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/api-tokens`,
    body: { form: { intent: "revoke", id: "999999999" } },
    expect: area(200, "admin"),
  },
  // Another hunter's search is the form's not_found: the page is drawn again (200).
  {
    route: "/:locale/stock-hunter/profile/saved-searches",
    method: "POST",
    url: () => "/it/stock-hunter/profile/saved-searches",
    body: { form: { intent: "update", id: "SAVED_SEARCH", "saved_search_data[paused]": "0" } },
    expect: { ...area(200, "hunter"), other: 200 },
  },

  {
    route: "/:locale/stocker/profile/statistics",
    method: "GET",
    url: (ids) => `/it/stocker/profile/statistics?period=month&warehouse=${ids.warehouse}`,
    expect: { ...area(200, "stocker"), keeper: 404 },
  },
  { route: "/:locale/referent/profile/statistics", method: "GET", url: () => "/en/referent/profile/statistics?period=week", expect: area(200, "referent") },
  {
    route: "/:locale/referent/profile/statistics",
    method: "GET",
    url: (ids) => `/en/referent/profile/statistics?warehouse=${ids.otherWarehouse}`,
    expect: area(404, "referent"),
  },
  { route: "/:locale/stocker/profile/invite", method: "GET", url: () => "/en/stocker/profile/invite", expect: area(200, "stocker", "keeper") },
  // Subscriptions and billing. The demo stocker's subscription runs; the keeper has none.
  { route: "/:locale/stocker/profile/billing", method: "GET", url: () => "/it/stocker/profile/billing", expect: area(200, "stocker", "keeper") },
  {
    route: "/:locale/stocker/profile/confirm-subscription",
    method: "GET",
    url: () => "/en/stocker/profile/confirm-subscription",
    expect: area(200, "stocker", "keeper"),
  },
  { route: "/admin/stocker/:userId/billing", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/billing`, expect: area(200, "admin") },
  { route: "/admin/stocker/:userId/billing", method: "GET", url: (ids) => `/admin/stocker/${ids.hunterId}/billing`, expect: area(404, "admin") },
  {
    route: "/admin/stocker/:userId/confirm-subscription",
    method: "GET",
    url: (ids) => `/admin/stocker/${ids.stockerId}/confirm-subscription`,
    expect: area(200, "admin"),
  },
  // An incomplete body: refused before anything is created (someone else's warehouse ids are in hostile-input and billing.test.ts).
  {
    route: "/init-subscription",
    method: "POST",
    url: () => "/init-subscription",
    body: { subscription: "yearly", w_ids: [] },
    expect: area(422, "stocker", "keeper"),
  },
  { route: "/init-subscription", method: "GET", url: () => "/init-subscription", expect: all(405) },
  // The demo stocker cancels (a demo card subscription: the app holds it) and resumes just after; the keeper has nothing to cancel.
  { route: "/cancel-subscription", method: "POST", url: () => "/cancel-subscription", body: {}, expect: { ...area(200, "stocker"), keeper: 404 } },
  { route: "/resume-subscription", method: "POST", url: () => "/resume-subscription", body: {}, expect: { ...area(200, "stocker"), keeper: 404 } },
  { route: "/cancel-subscription", method: "GET", url: () => "/cancel-subscription", expect: all(405) },
  { route: "/resume-subscription", method: "GET", url: () => "/resume-subscription", expect: all(405) },
  {
    route: "/api/stocker/profile/update-payment-type",
    method: "POST",
    url: () => "/api/stocker/profile/update-payment-type",
    body: { payment_type: "cash" },
    expect: area(422, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/profile/update-payment-type",
    method: "GET",
    url: () => "/api/stocker/profile/update-payment-type",
    expect: area(405, "stocker", "keeper"),
  },
  // An empty selection: refused before the subscription is read (someone else's warehouses: billing journey and additions.test.ts).
  {
    route: "/api/stocker/profile/add-subscription-warehouses",
    method: "POST",
    url: () => "/api/stocker/profile/add-subscription-warehouses",
    body: { w_ids: [] },
    expect: area(422, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/profile/add-subscription-warehouses",
    method: "GET",
    url: () => "/api/stocker/profile/add-subscription-warehouses",
    expect: area(405, "stocker", "keeper"),
  },
  // Stripe's webhook: public, but nothing without Stripe's signature.
  {
    route: "/api/stripe/webhook",
    method: "POST",
    url: () => "/api/stripe/webhook",
    body: { id: "evt_matrix", type: "customer.subscription.deleted" },
    expect: all(400),
  },
  { route: "/api/stripe/webhook", method: "GET", url: () => "/api/stripe/webhook", expect: all(405) },
  { route: "/api/admin/transfers", method: "GET", url: () => "/api/admin/transfers?search_term=demo&offset=0", expect: area(200, "admin") },
  {
    route: "/api/admin/stockers",
    method: "GET",
    url: () => "/api/admin/stockers?search_term=demo&filters[sub_type]=active&offset=0",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-stockers", method: "GET", url: () => "/api/admin/export-stockers?filters[sub_type]=expired", expect: area(200, "admin") },
  { route: "/api/admin/stock-hunters", method: "GET", url: () => "/api/admin/stock-hunters?search_term=demo", expect: area(200, "admin") },
  {
    route: "/api/admin/export-stock-hunters",
    method: "GET",
    url: () => "/api/admin/export-stock-hunters?filters[active]=yes&order[key]=name&format=xlsx",
    expect: area(200, "admin"),
  },
  { route: "/api/admin/export-stock-hunters", method: "POST", url: () => "/api/admin/export-stock-hunters", body: {}, expect: area(405, "admin") },
  { route: "/api/admin/export-stock-hunters", method: "GET", url: () => "/api/admin/export-stock-hunters?ids=1,2,x", expect: area(422, "admin") },
  { route: "/api/admin/export-stockers", method: "GET", url: () => "/api/admin/export-stockers?ids=1,2&format=xlsx", expect: area(200, "admin") },
  // An incomplete body: refused, nobody switched off.
  {
    route: "/api/admin/users/:id/toggle-active",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/toggle-active`,
    body: { user_data: {} },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/users/:id/toggle-active", method: "GET", url: (ids) => `/api/admin/users/${ids.stockerId}/toggle-active`, expect: area(405, "admin") },
  // The demo stocker is confirmed: nothing to send.
  {
    route: "/api/admin/users/:id/send-confirm-email",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/send-confirm-email`,
    body: {},
    expect: area(409, "admin"),
  },
  {
    route: "/api/admin/users/:id/send-confirm-email",
    method: "GET",
    url: (ids) => `/api/admin/users/${ids.stockerId}/send-confirm-email`,
    expect: area(405, "admin"),
  },
  // Corrections to one account. An incomplete profile: refused, nothing changed.
  {
    route: "/api/admin/users/:id/update-profile",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/update-profile`,
    body: { user_data: {} },
    expect: area(422, "admin"),
  },
  {
    route: "/api/admin/users/:id/update-profile",
    method: "GET",
    url: (ids) => `/api/admin/users/${ids.stockerId}/update-profile`,
    expect: area(405, "admin"),
  },
  // An unknown account: no e-mail sent to the demo users, no limit spent.
  {
    route: "/api/admin/users/:id/send-password-reset",
    method: "POST",
    url: () => "/api/admin/users/999999999/send-password-reset",
    body: {},
    expect: area(404, "admin"),
  },
  {
    route: "/api/admin/users/:id/send-password-reset",
    method: "GET",
    url: (ids) => `/api/admin/users/${ids.stockerId}/send-password-reset`,
    expect: area(405, "admin"),
  },
  { route: "/api/admin/users/:id/sessions", method: "GET", url: (ids) => `/api/admin/users/${ids.stockerId}/sessions`, expect: area(200, "admin") },
  // A session that does not exist: the matrix's own sessions stay.
  {
    route: "/api/admin/users/:id/sessions/end",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/sessions/end`,
    body: { session_id: "no-such-session" },
    expect: area(404, "admin"),
  },
  {
    route: "/api/admin/users/:id/sessions/end",
    method: "GET",
    url: (ids) => `/api/admin/users/${ids.stockerId}/sessions/end`,
    expect: area(405, "admin"),
  },
  // The GDPR requests. The export changes nothing (it is audited); the erasure is sent with too
  // short a reason, so the demo stocker is never erased.
  {
    route: "/api/admin/users/:id/export",
    method: "GET",
    url: (ids) => `/api/admin/users/${ids.stockerId}/export?reason=Matrice%20dei%20ruoli`,
    expect: area(200, "admin"),
  },
  { route: "/api/admin/users/:id/export", method: "POST", url: (ids) => `/api/admin/users/${ids.stockerId}/export`, body: {}, expect: area(405, "admin") },
  {
    route: "/api/admin/users/:id/erase",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/erase`,
    body: { reason: "x" },
    expect: area(422, "admin"),
  },
  { route: "/api/admin/users/:id/erase", method: "GET", url: (ids) => `/api/admin/users/${ids.stockerId}/erase`, expect: area(405, "admin") },
  { route: "/admin/stockers", method: "GET", url: () => "/admin/stockers?search=demo&sub=active&page=1", expect: area(200, "admin") },
  { route: "/admin/stockers", method: "POST", url: () => "/admin/stockers", body: "form", expect: area(200, "admin") },
  { route: "/admin/stock-hunters", method: "GET", url: () => "/admin/stock-hunters?search=demo", expect: area(200, "admin") },
  { route: "/admin/stock-hunters", method: "POST", url: () => "/admin/stock-hunters", body: "form", expect: area(200, "admin") },
  // The demo stocker's transfer is not waiting: nothing to start.
  {
    route: "/api/admin/users/:id/start-subscription",
    method: "POST",
    url: (ids) => `/api/admin/users/${ids.stockerId}/start-subscription`,
    body: { user_data: { transfer_info: "matrix" } },
    expect: area(409, "admin"),
  },
  {
    route: "/api/admin/users/:id/start-subscription",
    method: "GET",
    url: (ids) => `/api/admin/users/${ids.stockerId}/start-subscription`,
    expect: area(405, "admin"),
  },
  // No such addition waiting: nothing to confirm.
  {
    route: "/api/admin/subscription-additions/:id/confirm",
    method: "POST",
    url: () => "/api/admin/subscription-additions/999999999/confirm",
    body: { user_data: { transfer_info: "matrix" } },
    expect: area(404, "admin"),
  },
  {
    route: "/api/admin/subscription-additions/:id/confirm",
    method: "GET",
    url: () => "/api/admin/subscription-additions/999999999/confirm",
    expect: area(405, "admin"),
  },
  // The link of an e-mail change: public (the token is the proof); a wrong token changes nothing.
  // A visitor's saved search confirmed from its e-mailed link (decision 038): whoever holds the
  // link; a link that opens nothing is a page that says so, and its form answers the same page.
  { route: "/:locale/saved-searches/confirm/:token", method: "GET", url: () => `/it/saved-searches/confirm/${"A".repeat(43)}`, expect: all(200) },
  {
    route: "/:locale/saved-searches/confirm/:token",
    method: "POST",
    url: () => `/en/saved-searches/confirm/${"A".repeat(43)}`,
    body: "form",
    expect: all(200),
  },
  { route: "/:locale/confirm-email/:id", method: "GET", url: (ids) => `/it/confirm-email/${ids.userId}?token=not-a-token`, expect: all(200) },
  { route: "/:locale/confirm-email/:id", method: "POST", url: (ids) => `/it/confirm-email/${ids.userId}`, body: "form", expect: all(200) },
  { route: "/:locale/*", method: "GET", url: () => "/it/stocker/profile/no-such-page", expect: area(404, "stocker", "keeper") },
  // The administrator's view of a stocker's and a hunter's area: the user must have that role.
  { route: "/admin/stocker/:userId", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}`, expect: area(200, "admin") },
  { route: "/admin/stocker/:userId", method: "GET", url: (ids) => `/admin/stocker/${ids.hunterId}`, expect: area(404, "admin") },
  { route: "/admin/stocker/:userId/warehouses", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses`, expect: area(200, "admin") },
  // An administrator registers warehouses in the back office, where the owner is chosen.
  { route: "/admin/stocker/:userId/warehouses/new", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/new`, expect: area(404, "admin") },
  {
    route: "/admin/stocker/:userId/warehouses/:id",
    method: "GET",
    url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/${ids.warehouse}`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stocker/:userId/warehouses/:id",
    method: "GET",
    url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/${ids.otherWarehouse}`,
    expect: area(404, "admin"),
  },
  {
    route: "/admin/stocker/:userId/warehouses/:id",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/${ids.warehouse}`,
    body: spacesPanelOverSurface,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stocker/:userId/warehouses/:id",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/${ids.otherWarehouse}`,
    body: spacesPanelOverSurface,
    expect: area(404, "admin"),
  },
  {
    route: "/admin/stocker/:userId/warehouses/:id/edit",
    method: "GET",
    url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/${ids.warehouse}/edit`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stocker/:userId/warehouses/:id/edit",
    method: "GET",
    url: (ids) => `/admin/stocker/${ids.stockerId}/warehouses/${ids.otherWarehouse}/edit`,
    expect: area(404, "admin"),
  },
  { route: "/admin/stock-hunter/:userId", method: "GET", url: (ids) => `/admin/stock-hunter/${ids.hunterId}`, expect: area(200, "admin") },
  { route: "/admin/stock-hunter/:userId", method: "GET", url: (ids) => `/admin/stock-hunter/${ids.stockerId}`, expect: area(404, "admin") },
  {
    route: "/admin/stock-hunter/:userId/warehouses",
    method: "GET",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/warehouses`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stock-hunter/:userId/warehouses/:id",
    method: "GET",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/warehouses/${ids.warehouse}`,
    expect: area(200, "admin"),
  },
  { route: "/admin/stocker/:userId/messages", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/messages`, expect: area(200, "admin") },
  {
    route: "/admin/stocker/:userId/messages",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/messages`,
    body: { form: { intent: "state", link_id: "LINK", state: "confirmed" } },
    expect: area(200, "admin"),
  },
  { route: "/admin/stock-hunter/:userId/messages", method: "GET", url: (ids) => `/admin/stock-hunter/${ids.hunterId}/messages`, expect: area(200, "admin") },
  // An administrator reads the hunter's conversations and never writes in them.
  {
    route: "/admin/stock-hunter/:userId/messages",
    method: "POST",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/messages`,
    body: { form: { intent: "message", link_id: "LINK", message: "Mai" } },
    expect: area(403, "admin"),
  },
  {
    route: "/admin/stock-hunter/:userId/messages/:id",
    method: "GET",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/messages/${ids.requestLink.requestId}`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stock-hunter/:userId/messages/:id",
    method: "POST",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/messages/${ids.requestLink.requestId}`,
    body: { form: { intent: "message", link_id: "LINK", message: "Mai" } },
    expect: area(403, "admin"),
  },
  { route: "/admin/stocker/:userId/data", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/data`, expect: area(200, "admin") },
  { route: "/admin/stocker/:userId/data", method: "POST", url: (ids) => `/admin/stocker/${ids.stockerId}/data`, body: "form", expect: area(200, "admin") },
  // Only the user chooses their e-mails: an administrator's post of them in the user's area is refused.
  {
    route: "/admin/stocker/:userId/data",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/data`,
    body: { form: { intent: "email_preferences", "email_preferences[news]": "on" } },
    expect: area(403),
  },
  { route: "/admin/stock-hunter/:userId/data", method: "GET", url: (ids) => `/admin/stock-hunter/${ids.hunterId}/data`, expect: area(200, "admin") },
  {
    route: "/admin/stock-hunter/:userId/data",
    method: "POST",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/data`,
    body: "form",
    expect: area(200, "admin"),
  },
  { route: "/admin/stocker/:userId/notifications", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/notifications`, expect: area(200, "admin") },
  {
    route: "/admin/stocker/:userId/notifications",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/notifications`,
    body: "form",
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stock-hunter/:userId/notifications",
    method: "GET",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/notifications`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stock-hunter/:userId/notifications",
    method: "POST",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/notifications`,
    body: { form: { intent: "read", id: "HUNTER_NOTIFICATION" } },
    expect: area(200, "admin"),
  },
  { route: "/admin/stocker/:userId/reviews", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/reviews`, expect: area(200, "admin") },
  {
    route: "/admin/stock-hunter/:userId/reviews",
    method: "GET",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/reviews?show=reports`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stock-hunter/:userId/saved-searches",
    method: "GET",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/saved-searches`,
    expect: area(200, "admin"),
  },
  // An administrator reads the hunter's saved searches and changes none.
  {
    route: "/admin/stock-hunter/:userId/saved-searches",
    method: "POST",
    url: (ids) => `/admin/stock-hunter/${ids.hunterId}/saved-searches`,
    body: { form: { intent: "update", id: "SAVED_SEARCH", "saved_search_data[paused]": "0" } },
    expect: area(403, "admin"),
  },
  { route: "/admin/stocker/:userId/statistics", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/statistics`, expect: area(200, "admin") },
  { route: "/admin/stocker/:userId/invite", method: "GET", url: (ids) => `/admin/stocker/${ids.stockerId}/invite`, expect: area(200, "admin") },
  // The handler's offers on a request link (decision 036): a complete offer, so the ownership check decides.
  {
    route: "/api/stocker/warehouse-requests/:id/offers",
    method: "POST",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/offers`,
    body: { offer_data: matrixOffer },
    expect: { ...area(200, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouse-requests/:id/offers",
    method: "POST",
    url: () => "/api/stocker/warehouse-requests/999999999/offers",
    body: { offer_data: matrixOffer },
    expect: area(404, "stocker", "keeper"),
  },
  {
    route: "/api/stocker/warehouse-requests/:id/offers",
    method: "GET",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/offers`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/offers",
    method: "POST",
    url: (ids) => `/api/referent/warehouse-requests/${ids.linkId}/offers`,
    body: { offer_data: matrixOffer },
    expect: area(200, "referent"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/offers",
    method: "POST",
    url: (ids) => `/api/referent/warehouse-requests/${ids.otherLinkId}/offers`,
    body: { offer_data: matrixOffer },
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/offers",
    method: "GET",
    url: (ids) => `/api/referent/warehouse-requests/${ids.linkId}/offers`,
    expect: area(405, "referent"),
  },
  // No such offer on the stocker's own link: 404; on someone else's link: 403 first.
  {
    route: "/api/stocker/warehouse-requests/:id/offers/:offerId/withdraw",
    method: "POST",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/offers/999999999/withdraw`,
    body: {},
    expect: { ...area(404, "stocker"), keeper: 403 },
  },
  {
    route: "/api/stocker/warehouse-requests/:id/offers/:offerId/withdraw",
    method: "GET",
    url: (ids) => `/api/stocker/warehouse-requests/${ids.linkId}/offers/1/withdraw`,
    expect: area(405, "stocker", "keeper"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/offers/:offerId/withdraw",
    method: "POST",
    url: (ids) => `/api/referent/warehouse-requests/${ids.otherLinkId}/offers/999999999/withdraw`,
    body: {},
    expect: area(403, "referent"),
  },
  {
    route: "/api/referent/warehouse-requests/:id/offers/:offerId/withdraw",
    method: "GET",
    url: (ids) => `/api/referent/warehouse-requests/${ids.linkId}/offers/1/withdraw`,
    expect: area(405, "referent"),
  },
  // The handler's page of one link: another handler's link is not found, posted to or not (the page drawn
  // after the action is its 404); on the handler's own link a refused form comes back to it (200).
  {
    route: "/:locale/stocker/profile/messages/:id",
    method: "GET",
    url: (ids) => `/it/stocker/profile/messages/${ids.linkId}`,
    expect: { ...area(200, "stocker"), keeper: 404 },
  },
  {
    route: "/:locale/stocker/profile/messages/:id",
    method: "POST",
    url: (ids) => `/it/stocker/profile/messages/${ids.linkId}`,
    body: { form: { intent: "withdraw", offer_id: "999999999" } },
    expect: { ...area(200, "stocker"), keeper: 404 },
  },
  {
    route: "/:locale/referent/profile/messages/:id",
    method: "GET",
    url: (ids) => `/en/referent/profile/messages/${ids.linkId}`,
    expect: area(200, "referent"),
  },
  {
    route: "/:locale/referent/profile/messages/:id",
    method: "POST",
    url: (ids) => `/en/referent/profile/messages/${ids.otherLinkId}`,
    body: { form: { intent: "withdraw", offer_id: "999999999" } },
    expect: area(404, "referent"),
  },
  {
    route: "/admin/stocker/:userId/messages/:id",
    method: "GET",
    url: (ids) => `/admin/stocker/${ids.stockerId}/messages/${ids.linkId}`,
    expect: area(200, "admin"),
  },
  {
    route: "/admin/stocker/:userId/messages/:id",
    method: "POST",
    url: (ids) => `/admin/stocker/${ids.stockerId}/messages/${ids.linkId}`,
    body: { form: { intent: "withdraw", offer_id: "999999999" } },
    expect: area(200, "admin"),
  },
];

const isFormBody = (body: unknown): body is { form: Record<string, string> } => typeof body === "object" && body !== null && "form" in body;

const app = useAppDatabase();
const sessions = new Map<Actor, Jar>();
let ids: Ids;

async function asActor(actor: Actor, fresh: boolean): Promise<Jar> {
  const emails: Record<Actor, string | null> = {
    visitor: null,
    hunter: DEMO.hunter,
    stocker: DEMO.stocker,
    keeper: DEMO.keeper,
    referent: DEMO.referent,
    admin: DEMO.admin,
    other: otherHunterEmail,
  };
  if (!fresh && sessions.has(actor)) return sessions.get(actor)!;
  const email = emails[actor];
  let j: Jar;
  if (email) j = await loggedIn(email);
  else {
    j = jar();
    await call(j, "/it");
  }
  if (!fresh) sessions.set(actor, j);
  return j;
}

let otherHunterEmail = "";

beforeAll(async () => {
  const db = app.db;
  const stocker = await db.selectFrom("users").select("id").where("email", "=", DEMO.stocker).executeTakeFirstOrThrow();
  const referent = await db.selectFrom("users").select("id").where("email", "=", DEMO.referent).executeTakeFirstOrThrow();
  const hunter = await db.selectFrom("users").select("id").where("email", "=", DEMO.hunter).executeTakeFirstOrThrow();
  // A listed warehouse of the demo stocker whose referent is the demo referent.
  const warehouse = await db
    .selectFrom("warehouses")
    .select("id")
    .where("user_id", "=", stocker.id)
    .where("referent_id", "=", referent.id)
    .where("status", "=", "approved")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const { request, links } = await makeRequest(db, { userId: hunter.id, warehouseIds: [warehouse.id], state: "confirmed" });
  const other = await makeUser(db, { role: "stock_hunter", password_hash: await hashPassword(DEMO_PASSWORD) });
  otherHunterEmail = other.email;
  // A listed warehouse of another owner, not managed by the demo referent.
  const otherWarehouse = await db
    .selectFrom("warehouses")
    .select("id")
    .where("user_id", "is not", null)
    .where("user_id", "!=", stocker.id)
    .where((eb) => eb.or([eb("referent_id", "is", null), eb("referent_id", "!=", referent.id)]))
    .where("status", "=", "approved")
    .where("deactivated", "=", false)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const { links: otherLinks } = await makeRequest(db, { userId: other.id, warehouseIds: [otherWarehouse.id] });
  ids = {
    warehouse: warehouse.id,
    otherWarehouse: otherWarehouse.id,
    requestLink: { warehouseId: warehouse.id, requestId: request.id },
    linkId: links[0]!.id,
    otherLinkId: otherLinks[0]!.id,
    hunterNotification: (await db.selectFrom("notifications").select("id").where("user_id", "=", hunter.id).orderBy("id").executeTakeFirstOrThrow()).id,
    userId: other.id,
    stockerId: stocker.id,
    hunterId: hunter.id,
    requestToken: await requestAccessToken(db, (await makeRequest(db, { userId: null, warehouseIds: [warehouse.id] })).request.id),
    unsubscribeToken: signUnsubscribeToken(await unsubscribeSecret(db), "matrix.unsubscribe@example.com", "news"),
    savedSearch: (await makeSavedSearch(db, { user_id: hunter.id, name: "Matrix" })).id,
    otherSavedSearch: (await makeSavedSearch(db, { user_id: other.id, name: "Matrix" })).id,
  };
});

// The saved searches this run made (its own and the hunter's through the visitor's call): no later journey meets them.
afterAll(async () => {
  await app.db.deleteFrom("saved_searches").where("name", "=", "Matrix").execute();
});

describe("the endpoint-by-role matrix", () => {
  it("has a row for every route and method of app/routes.ts", () => {
    const declared = new Set(ROWS.map((row) => `${row.method} ${row.route}`));
    const table = routeTable();
    const missing = table.flatMap(({ route, methods }) => methods.map((method) => `${method} ${route}`)).filter((key) => !declared.has(key));
    expect(missing, "routes without a row in tests/e2e/route-matrix.test.ts").toEqual([]);
    const known = new Set(table.map((r) => r.route));
    expect(
      ROWS.filter((row) => !known.has(row.route)).map((row) => row.route),
      "rows of routes that do not exist",
    ).toEqual([]);
  });

  it("answers every route as declared, for every kind of user", async () => {
    const wrong: string[] = [];
    for (const row of ROWS) {
      const actors = [...ACTORS, ...(row.expect.other !== undefined ? (["other"] as const) : [])];
      for (const actor of actors) {
        const j = await asActor(actor, row.fresh ?? false);
        const url = row.url(ids);
        let init: RequestInit = { method: row.method };
        if (row.method === "POST") {
          if (row.body === "form" || isFormBody(row.body)) {
            const fields = isFormBody(row.body)
              ? Object.fromEntries(
                  Object.entries(row.body.form).map(([k, v]) => [
                    k,
                    v === "LINK"
                      ? String(ids.linkId)
                      : v === "OTHER_LINK"
                        ? String(ids.otherLinkId)
                        : v === "HUNTER_NOTIFICATION"
                          ? String(ids.hunterNotification)
                          : v === "SAVED_SEARCH"
                            ? String(ids.savedSearch)
                            : v,
                  ]),
                )
              : {};
            const body = new URLSearchParams({ ...fields, _xsrf: decodeURIComponent(j.cookies.get("XSRF-TOKEN") ?? "") });
            init = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString() };
          } else if (row.body === "upload") {
            const form = new FormData();
            form.append("type", "thumb");
            form.append("file", new Blob(["<?php echo 1; ?>"], { type: "image/jpeg" }), "photo.jpg");
            const { "Content-Type": _json, ...headers } = jsonHeaders(j);
            init = { method: "POST", headers, body: form };
          } else {
            init = { method: "POST", headers: jsonHeaders(j), body: JSON.stringify(row.body ?? {}) };
          }
        }
        const res = await call(j, url, init);
        await res.arrayBuffer();
        const expected = row.expect[actor as keyof Expect];
        if (res.status !== expected) wrong.push(`${row.method} ${url} as ${actor}: ${res.status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000); // about 2,500 calls: over a minute on a busy 2-core machine
});
