// The quote request's limit the search page needs, apart from the schemas (app/schemas/quote.ts)
// so that the page's selection can respect it without loading the validation library.

/** At most this many warehouses in one request. */
export const MAX_QUOTE_WAREHOUSES = 50;
