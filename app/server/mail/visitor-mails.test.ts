// The e-mails around a visitor's personal link and a visitor's saved search, rendered: our words
// only (the address was never proven), the link as the action in text and HTML, in both languages.
import { describe, expect, it } from "vitest";
import { renderMail, TEMPLATE_KINDS } from "./templates.ts";

const ORIGIN = "https://stockspace.test";
const LINK = `${ORIGIN}/it/requests/${"A".repeat(43)}`;

describe("the personal link's e-mails", () => {
  it("a renewed link: the number, the new link as the action, what to think if it was not you", () => {
    for (const locale of ["it", "en"] as const) {
      const mail = renderMail("request_link_renewed", { number: "0000000042", link: LINK }, locale, ORIGIN);
      expect(mail.subject).toContain("0000000042");
      expect(mail.text).toContain(`${locale === "it" ? "Segui la tua richiesta" : "Follow your request"}: ${LINK}`);
      expect(mail.html).toContain(`href="${LINK}"`);
      expect(mail.text).toMatch(locale === "it" ? /non funziona più/ : /no longer works/);
    }
  });

  it("the link sent again: the link, and that it only ever goes to this address", () => {
    const mail = renderMail("request_link_resent", { number: "0000000042", link: LINK }, "en", ORIGIN);
    expect(mail.text).toContain(`Follow your request: ${LINK}`);
    expect(mail.text).toContain("only ever goes to this address");
  });

  it("a request taken into an account: the account masked, the support address, no link", () => {
    const mail = renderMail("request_taken_over", { number: "0000000042", account: "g•••@example.com", supportEmail: "help@stockspace.test" }, "it", ORIGIN);
    expect(mail.subject).toBe("La tua richiesta n. 0000000042 è ora in un account");
    expect(mail.text).toContain("g•••@example.com");
    expect(mail.text).toContain("help@stockspace.test");
    expect(mail.html).not.toContain("/requests/");
  });

  it("the confirmation: a visitor's personal link or a hunter's area as the action; none without `follow`", () => {
    const facts = { number: "0000000042", contact: "a@b.it", m2Type: "m2" as const, m2Value: 800, startDate: null, endDate: null, specifications: [] };
    const base = { verified: false as const, request: facts, warehouses: [{ name: "Stocker 7", city: "Milano", address: null }] };
    const personal = renderMail("quote_request_confirmation", { ...base, follow: { kind: "personal", link: LINK } }, "it", ORIGIN);
    expect(personal.text).toContain(`Segui la tua richiesta: ${LINK}`);
    expect(personal.text).toContain(`${ORIGIN}/it/requests/new-link`);
    const area = `${ORIGIN}/en/stock-hunter/profile/messages/42`;
    const hunter = renderMail("quote_request_confirmation", { ...base, follow: { kind: "area", link: area } }, "en", ORIGIN);
    expect(hunter.text).toContain(`Follow your request: ${area}`);
    expect(hunter.text).not.toContain("new-link");
    const none = renderMail("quote_request_confirmation", base, "it", ORIGIN);
    expect(none.text).not.toContain("Segui la tua richiesta");
  });

  it("a saved search's confirmation: our words and the link only, transactional, in the visitor's language", () => {
    const link = `${ORIGIN}/en/saved-searches/confirm/${"B".repeat(43)}`;
    const en = renderMail("saved_search_confirm", { link, days: 7 }, "en", ORIGIN);
    expect(en.subject).toBe("Confirm your saved search on Stockspace");
    expect(en.text).toContain(`Confirm the search: ${link}`);
    expect(en.html).toContain(`href="${link}"`);
    expect(en.text).toContain("The link works for 7 days.");
    const italian = renderMail("saved_search_confirm", { link, days: 7 }, "it", ORIGIN);
    expect(italian.subject).toBe("Conferma la tua ricerca salvata su Stockspace");
    expect(italian.text).toContain("Il link vale 7 giorni.");
    expect(TEMPLATE_KINDS.saved_search_confirm).toBeNull();
  });
});
