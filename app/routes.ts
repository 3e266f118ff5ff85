// The route table. Page paths mirror the spec: /{locale}/… for the public and profile
// areas, /admin/… (Italian) for the back office, and the JSON API as resource routes.
import { type RouteConfig, index, route } from "@react-router/dev/routes";

// A page of an area. Registered once for the user's own area and once more (ids prefixed
// "admin/") for an administrator's view, since one module may serve several routes only
// under distinct ids.
const page = (idPrefix: string, path: string | null, file: string) => {
  const id = idPrefix ? `${idPrefix}${file.replace(/^routes\//, "").replace(/\.tsx$/, "")}` : undefined;
  if (path === null) return id ? index(file, { id }) : index(file);
  return id ? route(path, file, { id }) : route(path, file);
};

/** /{locale}/stocker/profile/… (and /admin/stocker/{id}/…). */
function stockerPages(idPrefix = "") {
  return [
    page(idPrefix, null, "routes/stocker/dashboard.tsx"),
    page(idPrefix, "warehouses", "routes/stocker/warehouses.tsx"),
    page(idPrefix, "warehouses/new", "routes/stocker/warehouse-new.tsx"),
    page(idPrefix, "warehouses/:id", "routes/stocker/warehouse-detail.tsx"),
    page(idPrefix, "warehouses/:id/edit", "routes/stocker/warehouse-edit.tsx"),
    page(idPrefix, "messages", "routes/stocker/messages.tsx"),
    page(idPrefix, "messages/:id", "routes/stocker/request.tsx"),
    page(idPrefix, "statistics", "routes/stocker/statistics.tsx"),
    page(idPrefix, "notifications", "routes/stocker/notifications.tsx"),
    page(idPrefix, "data", "routes/stocker/data.tsx"),
    page(idPrefix, "reviews", "routes/stocker/reviews.tsx"),
    page(idPrefix, "invite", "routes/stocker/invite.tsx"),
    page(idPrefix, "billing", "routes/stocker/billing.tsx"),
    page(idPrefix, "confirm-subscription", "routes/stocker/confirm-subscription.tsx"),
    page(idPrefix, "api-tokens", "routes/stocker/api-tokens.tsx"),
  ];
}

/** /{locale}/referent/profile/…. */
function referentPages() {
  return [
    index("routes/referent/profile.tsx"),
    route("warehouses", "routes/referent/warehouses.tsx"),
    route("warehouses/:id", "routes/referent/warehouse-detail.tsx"),
    route("warehouses/:id/edit", "routes/referent/warehouse-edit.tsx"),
    route("messages", "routes/referent/messages.tsx"),
    route("messages/:id", "routes/referent/request.tsx"),
    route("statistics", "routes/referent/statistics.tsx"),
    route("notifications", "routes/referent/notifications.tsx"),
    route("data", "routes/referent/data.tsx"),
    route("reviews", "routes/referent/reviews.tsx"),
    route("api-tokens", "routes/referent/api-tokens.tsx"),
  ];
}

/** /{locale}/stock-hunter/profile/… (and /admin/stock-hunter/{id}/…). */
function stockHunterPages(idPrefix = "") {
  return [
    page(idPrefix, null, "routes/stock-hunter/profile.tsx"),
    page(idPrefix, "warehouses", "routes/stock-hunter/warehouses.tsx"),
    page(idPrefix, "warehouses/:id", "routes/stock-hunter/warehouse-detail.tsx"),
    page(idPrefix, "messages", "routes/stock-hunter/messages.tsx"),
    // The deal (decision 036): one request, its offers compared.
    page(idPrefix, "messages/:id", "routes/stock-hunter/request.tsx"),
    page(idPrefix, "notifications", "routes/stock-hunter/notifications.tsx"),
    page(idPrefix, "data", "routes/stock-hunter/data.tsx"),
    page(idPrefix, "reviews", "routes/stock-hunter/reviews.tsx"),
    // Saved searches (decision 038): the criteria, run again, renamed, paused, deleted.
    page(idPrefix, "saved-searches", "routes/stock-hunter/saved-searches.tsx"),
  ];
}

export default [
  index("routes/index-redirect.ts"),
  // For search engines (decision 057): what they may read, and every public page and sheet.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-file.ts"),

  // The spec's top-level calls.
  route("login", "routes/api/login.ts"),
  route("logout", "routes/api/logout.ts"),
  // Accounts (decision 006): registration, confirmation code, invited accounts, recovery, support.
  route("register", "routes/api/register.ts"),
  route("confirm-code", "routes/api/confirm-code.ts"),
  route("send-code", "routes/api/send-code.ts"),
  route("api/recover-password", "routes/api/recover-password.ts"),
  route("api/users/:id/complete-account", "routes/api/users.complete-account.ts"),
  route("api/users/:id/reset-password", "routes/api/users.reset-password.ts"),
  route("api/send-support-requests", "routes/api/send-support-requests.ts"),
  route("api/markets", "routes/api/markets.ts"),
  // Health: the process answers (live); this instance should get traffic (ready). /api/health is
  // ready's older name, the same module.
  route("api/health/live", "routes/api/health.live.ts"),
  route("api/health/ready", "routes/api/health.ready.ts"),
  route("api/health", "routes/api/health.ready.ts", { id: "routes/api/health" }),
  route("api/me", "routes/api/me.ts"),

  // Quote requests, favourites, reviews and reports (decision 004).
  route("api/warehouses/send-requests", "routes/api/warehouses.send-requests.ts"),
  route("api/stock-hunter/warehouses/:id/toggle-favourite", "routes/api/stock-hunter.toggle-favourite.ts"),
  route("api/warehouses/:warehouseId/requests/:requestId/review", "routes/api/warehouses.request-review.ts"),
  route("api/warehouses/:warehouseId/requests/:requestId/report", "routes/api/warehouses.request-report.ts"),
  // A visitor's personal link to a request (decision 036): renewing it, or having it sent again.
  route("api/requests/:token/renew", "routes/api/requests.renew.ts"),
  route("api/requests/renew", "routes/api/requests.resend.ts"),

  // Map search and key-free geocoding (decision 027).
  route("api/warehouses/search", "routes/api/warehouses.search.ts"),
  route("api/warehouses/search/map", "routes/api/warehouses.search.map.ts"),
  route("api/warehouses/search/cards", "routes/api/warehouses.search.cards.ts"),
  route("api/places", "routes/api/places.ts"),
  route("api/geocode/location", "routes/api/geocode.location.ts"),
  route("api/geocode/coords", "routes/api/geocode.coords.ts"),

  route("api/geocode/address", "routes/api/geocode.address.ts"),

  // Warehouse management (decision 007): one form and its calls in the three areas
  // (app/routes/api/shared/warehouse-endpoints.ts).
  route("api/admin/warehouses/create", "routes/api/admin/warehouses.create.ts"),
  route("api/admin/warehouses/:id/update", "routes/api/admin/warehouses.update.ts"),
  route("api/admin/warehouses/:id/update-spaces", "routes/api/admin/warehouses.update-spaces.ts"),
  route("api/admin/warehouses/:id/upload", "routes/api/admin/warehouses.upload.ts"),
  route("api/admin/warehouses/:id/create-referent", "routes/api/admin/warehouses.create-referent.ts"),
  route("api/admin/warehouses/:id/update-referent", "routes/api/admin/warehouses.update-referent.ts"),
  // The back office's Warehouses and New hubs (decision 010).
  route("api/admin/warehouses", "routes/api/admin/warehouses.ts"),
  route("api/admin/export-warehouses", "routes/api/admin/export-warehouses.ts"),
  route("api/admin/warehouses/:id/toggle-deactivated", "routes/api/admin/warehouses.toggle-deactivated.ts"),
  route("api/admin/warehouses/:id/update-status", "routes/api/admin/warehouses.update-status.ts"),
  route("api/admin/hub-requests", "routes/api/admin/hub-requests.ts"),
  // Bulk actions on the rows picked in a list, and the ids of every row its filters match.
  route("api/admin/hub-requests/bulk-update-status", "routes/api/admin/hub-requests.bulk-update-status.ts"),
  route("api/admin/warehouses/bulk-toggle-deactivated", "routes/api/admin/warehouses.bulk-toggle-deactivated.ts"),
  route("api/admin/users/bulk-toggle-active", "routes/api/admin/users.bulk-toggle-active.ts"),
  route("api/admin/hub-requests/ids", "routes/api/admin/hub-requests.ids.ts"),
  route("api/admin/warehouses/ids", "routes/api/admin/warehouses.ids.ts"),
  route("api/admin/stockers/ids", "routes/api/admin/stockers.ids.ts"),
  route("api/admin/stock-hunters/ids", "routes/api/admin/stock-hunters.ids.ts"),
  route("api/admin/export-hub-requests", "routes/api/admin/export-hub-requests.ts"),
  route("api/stocker/warehouses/create", "routes/api/stocker/warehouses.create.ts"),
  route("api/stocker/warehouses/:id/update", "routes/api/stocker/warehouses.update.ts"),
  route("api/stocker/warehouses/:id/update-spaces", "routes/api/stocker/warehouses.update-spaces.ts"),
  route("api/stocker/warehouses/:id/resubmit", "routes/api/stocker/warehouses.resubmit.ts"),
  route("api/stocker/warehouses/:id/upload", "routes/api/stocker/warehouses.upload.ts"),
  route("api/stocker/warehouses/:id/create-referent", "routes/api/stocker/warehouses.create-referent.ts"),
  route("api/stocker/warehouses/:id/update-referent", "routes/api/stocker/warehouses.update-referent.ts"),
  route("api/stocker/warehouses/:id/update-request-emails", "routes/api/stocker/warehouses.update-request-emails.ts"),
  route("api/referent/warehouses/:id/update", "routes/api/referent/warehouses.update.ts"),
  route("api/referent/warehouses/:id/update-spaces", "routes/api/referent/warehouses.update-spaces.ts"),
  route("api/referent/warehouses/:id/upload", "routes/api/referent/warehouses.upload.ts"),
  route("api/referent/warehouses/:id/create-referent", "routes/api/referent/warehouses.create-referent.ts"),
  route("api/referent/warehouses/:id/update-referent", "routes/api/referent/warehouses.update-referent.ts"),

  // The logged-in areas (decision 008): quote requests on the handler's and the hunter's side.
  route("api/stocker/requests", "routes/api/stocker/requests.ts"),
  route("api/referent/requests", "routes/api/referent/requests.ts"),
  route("api/stocker/warehouse-requests/:id/update", "routes/api/stocker/warehouse-requests.update.ts"),
  route("api/referent/warehouse-requests/:id/update", "routes/api/referent/warehouse-requests.update.ts"),
  route("api/stock-hunter/requests", "routes/api/stock-hunter/requests.ts"),
  // The hunter's answers to offers (decision 036): accept, decline, ask for changes.
  route("api/stock-hunter/offers/:offerId/accept", "routes/api/stock-hunter/offers.accept.ts"),
  route("api/stock-hunter/offers/:offerId/decline", "routes/api/stock-hunter/offers.decline.ts"),
  route("api/stock-hunter/warehouse-requests/:id/ask-changes", "routes/api/stock-hunter/warehouse-requests.ask-changes.ts"),
  // The deal (decision 036): the requester's comparison of a request's offers.
  route("api/stock-hunter/requests/:request_id/offers", "routes/api/stock-hunter/requests.offers.ts"),
  // The deal (decision 036): the handler's offers on a request link.
  route("api/stocker/warehouse-requests/:id/offers", "routes/api/stocker/warehouse-requests.offers.ts"),
  route("api/referent/warehouse-requests/:id/offers", "routes/api/referent/warehouse-requests.offers.ts"),
  route("api/stocker/warehouse-requests/:id/offers/:offerId/withdraw", "routes/api/stocker/warehouse-requests.offers.withdraw.ts"),
  route("api/referent/warehouse-requests/:id/offers/:offerId/withdraw", "routes/api/referent/warehouse-requests.offers.withdraw.ts"),

  // Subscriptions and billing (decision 009).
  route("init-subscription", "routes/api/init-subscription.ts"),
  route("cancel-subscription", "routes/api/cancel-subscription.ts"),
  route("resume-subscription", "routes/api/resume-subscription.ts"),
  route("api/stocker/profile/update-payment-type", "routes/api/stocker/profile.update-payment-type.ts"),
  route("api/stocker/profile/add-subscription-warehouses", "routes/api/stocker/profile.add-subscription-warehouses.ts"),
  route("api/stripe/webhook", "routes/api/stripe.webhook.ts"),
  route("api/admin/transfers", "routes/api/admin/transfers.ts"),
  route("api/admin/export-transfers", "routes/api/admin/export-transfers.ts"),
  route("api/admin/stockers", "routes/api/admin/stockers.ts"),
  route("api/admin/export-stockers", "routes/api/admin/export-stockers.ts"),
  route("api/admin/stock-hunters", "routes/api/admin/stock-hunters.ts"),
  route("api/admin/export-stock-hunters", "routes/api/admin/export-stock-hunters.ts"),
  route("api/admin/users/:id/toggle-active", "routes/api/admin/users.toggle-active.ts"),
  route("api/admin/users/:id/send-confirm-email", "routes/api/admin/users.send-confirm-email.ts"),
  route("api/admin/users/:id/start-subscription", "routes/api/admin/users.start-subscription.ts"),
  // Corrections to one account: profile (a new e-mail confirmed by its owner), password reset, sessions.
  route("api/admin/users/:id/update-profile", "routes/api/admin/users.update-profile.ts"),
  route("api/admin/users/:id/send-password-reset", "routes/api/admin/users.send-password-reset.ts"),
  route("api/admin/users/:id/sessions", "routes/api/admin/users.sessions.ts"),
  route("api/admin/users/:id/sessions/end", "routes/api/admin/users.sessions.end.ts"),
  route("api/admin/users/:id/export", "routes/api/admin/users.export.ts"),
  route("api/admin/users/:id/erase", "routes/api/admin/users.erase.ts"),
  route("api/admin/subscription-additions/:id/confirm", "routes/api/admin/subscription-additions.confirm.ts"),
  route("api/admin/dashboard", "routes/api/admin/dashboard.ts"),
  route("api/admin/stocker-requests", "routes/api/admin/stocker-requests.ts"),
  route("api/admin/export-stocker-requests", "routes/api/admin/export-stocker-requests.ts"),
  route("api/admin/warehouses/search", "routes/api/admin/warehouses.search.ts"),
  route("api/admin/users/:id/update", "routes/api/admin/users.update.ts"),
  // E-mails the outbox gave up on, listed and sent again (decision 043).
  route("api/admin/emails/failed", "routes/api/admin/emails.failed.ts"),
  route("api/admin/export-failed-emails", "routes/api/admin/export-failed-emails.ts"),
  route("api/admin/emails/failed/resend", "routes/api/admin/emails.failed.resend.ts"),
  route("api/admin/emails/:id/resend", "routes/api/admin/emails.resend.ts"),
  // The audit log as filtered, as CSV or XLSX (decision 046).
  route("api/admin/export-audit-log", "routes/api/admin/export-audit-log.ts"),
  route("api/admin/warehouse-reports/:id/close", "routes/api/admin/warehouse-reports.close.ts"),
  route("api/admin/export-warehouse-reports", "routes/api/admin/export-warehouse-reports.ts"),

  // Profile data and credentials in every area.
  route("api/stocker/profile/update-profile-data", "routes/api/stocker/profile.update-profile-data.ts"),
  route("api/stocker/profile/update-credentials", "routes/api/stocker/profile.update-credentials.ts"),
  route("api/referent/profile/update-profile-data", "routes/api/referent/profile.update-profile-data.ts"),
  route("api/referent/profile/update-credentials", "routes/api/referent/profile.update-credentials.ts"),
  route("api/stock-hunter/profile/update-profile-data", "routes/api/stock-hunter/profile.update-profile-data.ts"),
  route("api/stock-hunter/profile/update-credentials", "routes/api/stock-hunter/profile.update-credentials.ts"),
  // Which notification e-mails each user gets (decision 038).
  route("api/stocker/profile/email-preferences", "routes/api/stocker/profile.email-preferences.ts"),
  route("api/referent/profile/email-preferences", "routes/api/referent/profile.email-preferences.ts"),
  route("api/stock-hunter/profile/email-preferences", "routes/api/stock-hunter/profile.email-preferences.ts"),

  // Notifications (the stocker reads its own through the stock-hunter path, as the spec says)
  // and the reviews and reports each area received.
  route("api/stock-hunter/notifications", "routes/api/stock-hunter/notifications.ts"),
  route("api/stock-hunter/notifications/:id/set-as-read", "routes/api/stock-hunter/notifications.set-as-read.ts"),
  route("api/referent/notifications", "routes/api/referent/notifications.ts"),
  route("api/referent/notifications/:id/set-as-read", "routes/api/referent/notifications.set-as-read.ts"),
  route("api/stocker/reviews", "routes/api/stocker/reviews.ts"),
  route("api/stocker/reports", "routes/api/stocker/reports.ts"),
  route("api/referent/reviews", "routes/api/referent/reviews.ts"),
  route("api/referent/reports", "routes/api/referent/reports.ts"),
  route("api/stock_hunter/reviews", "routes/api/stock_hunter/reviews.ts"),
  route("api/stock_hunter/reports", "routes/api/stock_hunter/reports.ts"),

  // The specification catalogue in the back office (decision 010).
  route("api/admin/specifications", "routes/api/admin/specifications.ts"),
  route("api/admin/export-specifications", "routes/api/admin/export-specifications.ts"),
  route("api/admin/export-promo-codes", "routes/api/admin/export-promo-codes.ts"),
  route("api/admin/specifications/create", "routes/api/admin/specifications.create.ts"),
  route("api/admin/specifications/:id/update", "routes/api/admin/specifications.update.ts"),
  route("api/admin/specifications/:id/toggle-hidden", "routes/api/admin/specifications.toggle-hidden.ts"),
  route("api/admin/crm-entries", "routes/api/admin/crm-entries.ts"),
  route("api/admin/crm-entries/create", "routes/api/admin/crm-entries.create.ts"),
  route("api/admin/crm-entries/:id/update", "routes/api/admin/crm-entries.update.ts"),
  route("api/admin/crm-entries/:id/handle", "routes/api/admin/crm-entries.handle.ts"),
  route("api/admin/export-crm-entries", "routes/api/admin/export-crm-entries.ts"),
  route("api/admin/crm-actions", "routes/api/admin/crm-actions.ts"),
  route("api/admin/export-crm-actions", "routes/api/admin/export-crm-actions.ts"),
  route("api/admin/location-search-warehouses", "routes/api/admin/location-search-warehouses.ts"),
  route("api/admin/location-search-requests", "routes/api/admin/location-search-requests.ts"),
  route("api/admin/export-location-search-warehouses", "routes/api/admin/export-location-search-warehouses.ts"),
  route("api/admin/export-location-search-requests", "routes/api/admin/export-location-search-requests.ts"),
  route("api/admin/warehouse-requests", "routes/api/admin/warehouse-requests.ts"),
  route("api/admin/export-warehouse-requests", "routes/api/admin/export-warehouse-requests.ts"),
  route("api/admin/warehouse-requests/:id/warehouses/search", "routes/api/admin/warehouse-requests.warehouses-search.ts"),
  route("api/admin/warehouse-requests/:id/add-warehouses", "routes/api/admin/warehouse-requests.add-warehouses.ts"),
  route("api/admin/warehouse-requests/:id/export", "routes/api/admin/warehouse-requests.export.ts"),

  // The conversation on each request link (decision 036): both sides write, the back office reads.
  route("api/stocker/warehouse-requests/:id/messages", "routes/api/stocker/warehouse-requests.messages.ts"),
  route("api/referent/warehouse-requests/:id/messages", "routes/api/referent/warehouse-requests.messages.ts"),
  route("api/stock-hunter/warehouse-requests/:id/messages", "routes/api/stock-hunter/warehouse-requests.messages.ts"),
  route("api/admin/warehouse-requests/:id/messages", "routes/api/admin/warehouse-requests.messages.ts"),

  // Saved searches (decision 038): the hunter's, and a visitor's confirmed by e-mail.
  route("api/stock-hunter/saved-searches", "routes/api/stock-hunter/saved-searches.ts"),
  route("api/stock-hunter/saved-searches/:id/update", "routes/api/stock-hunter/saved-searches.update.ts"),
  route("api/stock-hunter/saved-searches/:id/delete", "routes/api/stock-hunter/saved-searches.delete.ts"),
  route("api/saved-searches", "routes/api/saved-searches.ts"),

  // Personal access tokens for integrations (decision 059): made, listed and revoked in a session.
  route("api/tokens", "routes/api/tokens.ts"),
  route("api/tokens/create", "routes/api/tokens.create.ts"),
  route("api/tokens/:id/revoke", "routes/api/tokens.revoke.ts"),

  // The API's description (decision 058), generated from the routes below and their contracts.
  route("api/openapi.json", "routes/api/openapi.ts"),
  // …and for people: Swagger UI on that document, served from the app (no CDN).
  route("api/docs", "routes/api/docs.ts"),
  route("api/docs/:file", "routes/api/docs.asset.ts"),

  // Every other /api path: a JSON 404 (after the area guard).
  route("api/*", "routes/api/not-found.ts"),

  // The back office (Italian, administrators only).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("warehouses", "routes/admin/warehouses.tsx"),
    route("hub-requests", "routes/admin/hub-requests.tsx"),
    route("warehouses/new", "routes/admin/warehouse-new.tsx"),
    route("stockers", "routes/admin/stockers.tsx"),
    route("stock-hunters", "routes/admin/stock-hunters.tsx"),
    route("warehouses/:id/edit", "routes/admin/warehouse-edit.tsx"),
    route("specifications", "routes/admin/specifications.tsx"),
    route("specifications/new", "routes/admin/specification-new.tsx"),
    route("specifications/:id/edit", "routes/admin/specification-edit.tsx"),
    route("transfers", "routes/admin/transfers.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("emails", "routes/admin/emails.tsx"),
    route("promo-codes", "routes/admin/promo-codes.tsx"),
    route("stocker-requests", "routes/admin/stocker-requests.tsx"),
    route("crm", "routes/admin/crm.tsx"),
    route("crm-actions", "routes/admin/crm-actions.tsx"),
    route("search", "routes/admin/search.tsx"),
    route("requests", "routes/admin/requests.tsx"),
    route("api-tokens", "routes/admin/api-tokens.tsx"),
    // An administrator's view of a user's area (the spec's admin flag changes the prefix):
    // the same page modules as the user's own area, under their own route ids.
    route("stocker/:userId", "routes/stocker/layout.tsx", { id: "admin/stocker" }, stockerPages("admin/")),
    route("stock-hunter/:userId", "routes/stock-hunter/layout.tsx", { id: "admin/stock-hunter" }, stockHunterPages("admin/")),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  // The public and profile areas, under /{locale} (the layout checks the locale).
  route(":locale", "routes/locale-layout.tsx", [
    index("routes/home.tsx"),
    route("stocks", "routes/stocks.tsx"),
    // Legal pages: complete texts with the operator's details from configuration (decision 011).
    route("stock-hunter-conditions", "routes/legal/stock-hunter-conditions.tsx"),
    route("stocker-conditions", "routes/legal/stocker-conditions.tsx"),
    route("privacy-policy", "routes/legal/privacy-policy.tsx"),
    route("general-conditions", "routes/legal/general-conditions.tsx"),
    // Warehouse sheet, comparison, review and report (decision 004).
    route("warehouses/:id", "routes/warehouse-sheet.tsx"),
    route("compare", "routes/compare.tsx"),
    route("warehouses/:warehouseId/requests/:requestId/review", "routes/request-review.tsx"),
    route("warehouses/:warehouseId/requests/:requestId/report", "routes/request-report.tsx"),
    // A visitor's personal link to a request, asked for again (decision 036).
    route("requests/new-link", "routes/visitor-new-link.tsx"),
    // The deal (decision 036): a request followed through its personal link, without an account.
    route("requests/:token", "routes/request-access.tsx"),
    // One-click unsubscribe from a kind of notification e-mail, by the link's signed token (decision 038).
    route("unsubscribe/:token", "routes/unsubscribe.tsx"),
    // A visitor's saved search, confirmed through the e-mailed link (decision 038).
    route("saved-searches/confirm/:token", "routes/saved-search-confirm.tsx"),
    // The logged-in areas (decisions 007 and 008): each area's pages in its own folder.
    route("stocker/profile", "routes/stocker/layout.tsx", stockerPages()),
    route("referent/profile", "routes/referent/layout.tsx", referentPages()),
    route("stock-hunter/profile", "routes/stock-hunter/layout.tsx", stockHunterPages()),
    // An area's address without "/profile" leads to the area.
    route("stocker", "routes/area-redirect.ts", { id: "area-redirect/stocker" }),
    route("referent", "routes/area-redirect.ts", { id: "area-redirect/referent" }),
    route("stock-hunter", "routes/area-redirect.ts", { id: "area-redirect/stock-hunter" }),
    // Account pages (decision 006).
    route("confirm-code", "routes/account/confirm-code.tsx"),
    route("complete-account/:id", "routes/account/complete-account.tsx"),
    route("forgot-password", "routes/account/forgot-password.tsx"),
    route("reset-password/:id", "routes/account/reset-password.tsx"),
    route("confirm-email/:id", "routes/account/confirm-email.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
