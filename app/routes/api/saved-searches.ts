// POST /api/saved-searches { saved_search_data: { …the search's data, email, privacy }, hp } (decision 038):
// a visitor's search, kept unconfirmed while a confirmation link goes to the address → { confirmed: false }.
// A logged-in stock hunter's is saved in the account as POST /api/stock-hunter/saved-searches
// does (the address and consent ignored) → { confirmed: true, saved_search_id }; other roles 403.
// 422 for bad data, a missing address or consent, or an address that has an account
// (email_taken: log in instead); 409 saved_search_limit; 429 saved_search_too_many past the
// limits per client and per address.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { createVisitorSavedSearch } from "../../server/saved-searches/saved-searches.service.ts";
import { visitorSavedSearchSchema } from "../../schemas/saved-searches.ts";
import { visitorSavedSearchAnswer } from "../../schemas/search-answers.ts";

export const loader = methodNotAllowed;

export const action = apiAction(
  { access: "public", body: visitorSavedSearchSchema, response: visitorSavedSearchAnswer },
  ({ actor, body, services, info, locale }) => createVisitorSavedSearch(services.db, actor, body, { origin: services.config.origin, ip: info.ip, locale }),
);
