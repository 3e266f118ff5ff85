import { m } from "../../paraglide/messages.js";
import type { LegalPage } from "../../lib/paths.ts";

/** The title of a legal document, in the current language. */
export function legalTitle(page: LegalPage): string {
  switch (page) {
    case "stock-hunter-conditions":
      return m.legal_stock_hunter_conditions();
    case "stocker-conditions":
      return m.legal_stocker_conditions();
    case "privacy-policy":
      return m.legal_privacy_policy();
    case "general-conditions":
      return m.legal_general_conditions();
  }
}
