// The four legal pages render their full text in Italian and English with the configured
// operator, every section in the contents and in the text, links to the other documents, a
// "last updated" date and no placeholder; the two languages give the same structure; the
// operator settings and the installation's facts (trial, prices, Stripe) reach the text.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { loadConfig } from "../../server/config.ts";
import { legalFacts, type LegalPageData } from "../../routes/legal/legal.server.ts";
import { legalPages, type LegalPage } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { formatDate } from "../../lib/format.ts";
import PrivacyPolicy from "../../routes/legal/privacy-policy.tsx";
import GeneralConditions from "../../routes/legal/general-conditions.tsx";
import StockerConditions from "../../routes/legal/stocker-conditions.tsx";
import StockHunterConditions from "../../routes/legal/stock-hunter-conditions.tsx";
import { privacyPolicyIt } from "./content/privacy-policy.it.ts";
import { privacyPolicyEn } from "./content/privacy-policy.en.ts";
import { generalConditionsIt } from "./content/general-conditions.it.ts";
import { generalConditionsEn } from "./content/general-conditions.en.ts";
import { stockerConditionsIt } from "./content/stocker-conditions.it.ts";
import { stockerConditionsEn } from "./content/stocker-conditions.en.ts";
import { stockHunterConditionsIt } from "./content/stock-hunter-conditions.it.ts";
import { stockHunterConditionsEn } from "./content/stock-hunter-conditions.en.ts";
import { LEGAL_UPDATED, type LegalFacts, type LegalText, type LegalTextOf } from "./types.ts";

const OPERATOR_ENV = {
  OPERATOR_NAME: "Magazzini Sabaudi S.p.A.",
  OPERATOR_VAT: "IT09876543210",
  OPERATOR_ADDRESS: "Corso Francia 10, 10143 Torino (TO)",
  OPERATOR_EMAIL: "privacy@sabaudi.example",
  OPERATOR_PEC: "sabaudi@pec.example",
};

const routes: Record<LegalPage, (props: never) => React.ReactElement> = {
  "privacy-policy": PrivacyPolicy as never,
  "general-conditions": GeneralConditions as never,
  "stocker-conditions": StockerConditions as never,
  "stock-hunter-conditions": StockHunterConditions as never,
};
const texts: Record<LegalPage, Record<Locale, LegalTextOf>> = {
  "privacy-policy": { it: privacyPolicyIt, en: privacyPolicyEn },
  "general-conditions": { it: generalConditionsIt, en: generalConditionsEn },
  "stocker-conditions": { it: stockerConditionsIt, en: stockerConditionsEn },
  "stock-hunter-conditions": { it: stockHunterConditionsIt, en: stockHunterConditionsEn },
};
const titles: Record<Locale, Record<LegalPage, string>> = {
  it: {
    "privacy-policy": "Informativa sulla privacy",
    "general-conditions": "Condizioni generali",
    "stocker-conditions": "Condizioni per gli Stocker",
    "stock-hunter-conditions": "Condizioni per gli Stock Hunter",
  },
  en: {
    "privacy-policy": "Privacy policy",
    "general-conditions": "General terms and conditions",
    "stocker-conditions": "Terms for Stockers",
    "stock-hunter-conditions": "Terms for Stock Hunters",
  },
};

function facts(env: Record<string, string> = {}): LegalFacts {
  return legalFacts(loadConfig({ NODE_ENV: "test", ...OPERATOR_ENV, ...env }));
}

/** The page as the server renders it, in `locale`, with the loader's facts. */
function render(page: LegalPage, locale: Locale, pageFacts: LegalFacts = facts()): string {
  overwriteGetLocale(() => locale);
  const Page = routes[page] as unknown as (props: { loaderData: LegalPageData }) => React.ReactElement;
  // What the loader (legalPageLoader) hands the page: the document in this language, and the operator.
  const data: LegalPageData = { text: texts[page][locale](pageFacts), operator: pageFacts.operator };
  const Stub = createRoutesStub([{ path: "/:locale/*", Component: () => <Page loaderData={data} /> }]);
  return renderToString(<Stub initialEntries={[`/${locale}/${page}`]} />);
}

/** React escapes text: compare with the escaped form. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** Every word a page would say if it were still an outline or a draft. */
const PLACEHOLDER = /placeholder|segnaposto|provvisori|da redigere|to be written|testo approvato|approved text|lorem ipsum|\bTODO\b|\bTBD\b|\[.*?\]/i;

function visibleText(html: string): string {
  return html.replace(/<[^>]+>/g, " ");
}

describe.each(legalPages.flatMap((page) => (["it", "en"] as const).map((locale) => ({ page, locale }))))("/$locale/$page", ({ page, locale }) => {
  const html = render(page, locale);
  const text = texts[page][locale](facts());

  it("shows the title once as the only h1, the last update in Italian format, and no <main> of its own", () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(escaped(titles[locale][page]));
    expect(html).toContain(`dateTime="${LEGAL_UPDATED[page]}"`);
    expect(html).toContain(formatDate(`${LEGAL_UPDATED[page]}T12:00:00Z`));
    expect(LEGAL_UPDATED[page]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(html).not.toContain("<main");
  });

  it("names the configured operator: name, VAT number, address, e-mail and PEC", () => {
    for (const value of Object.values(OPERATOR_ENV)) expect(html).toContain(escaped(value));
    expect(html).toContain(`href="mailto:${OPERATOR_ENV.OPERATOR_EMAIL}"`);
    expect(html).toContain('data-testid="legal-operator"');
    expect(html).not.toContain(locale === "it" ? "non configurato" : "not configured");
  });

  it("lists every section in the contents and shows it as a numbered h2 with its anchor", () => {
    expect(text.sections.length).toBeGreaterThanOrEqual(8);
    text.sections.forEach((section, i) => {
      expect(html).toContain(`href="#${section.id}"`);
      expect(html).toContain(`id="${section.id}"`);
      expect(html).toMatch(new RegExp(`<h2 id="${section.id}-title"[^>]*><span[^>]*>${i + 1}\\.</span>${escapeRegExp(escaped(section.title))}</h2>`));
      for (const sub of section.subsections ?? []) expect(html).toContain(`<h3 id="${sub.id}"`);
    });
    // The phone's contents are a native disclosure (keyboard-operable without script).
    expect(html).toMatch(/<details id="contents"[^>]*>\s*<summary/);
  });

  it("links to the three other documents in the same language", () => {
    for (const other of legalPages.filter((p) => p !== page)) expect(html).toContain(`href="/${locale}/${other}"`);
  });

  it("has real text and no placeholder", () => {
    const words = visibleText(html);
    expect(words).not.toMatch(PLACEHOLDER);
    expect(words.length).toBeGreaterThan(4000);
    for (const section of text.sections) expect(section.blocks.length + (section.subsections?.length ?? 0)).toBeGreaterThan(0);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The structure of a text without its words: section and subsection ids and the kinds of blocks. */
function shape(text: LegalText) {
  const kinds = (blocks: LegalText["sections"][number]["blocks"]) =>
    blocks.map((b) => ("p" in b ? "p" : "ul" in b ? `ul${b.ul.length}` : "table" in b ? `table${b.table.head.length}x${b.table.rows.length}` : "operator"));
  return text.sections.map((s) => ({
    id: s.id,
    blocks: kinds(s.blocks),
    subsections: (s.subsections ?? []).map((sub) => ({ id: sub.id, blocks: kinds(sub.blocks) })),
  }));
}

describe("the two languages", () => {
  it.each(legalPages)("%s: the English text has the same sections, subsections, lists and tables as the Italian one", (page) => {
    const envs: Record<string, string>[] = [
      {},
      { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", TRIAL_DAYS: "0" },
    ];
    for (const env of envs) {
      const f = facts(env);
      expect(shape(texts[page].en(f))).toEqual(shape(texts[page].it(f)));
    }
  });

  it.each(legalPages)("%s: section ids are unique", (page) => {
    const ids = texts[page].it(facts()).sections.flatMap((s) => [s.id, ...(s.subsections ?? []).map((sub) => sub.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the operator settings", () => {
  it("outside production, unset values are obvious demo ones", () => {
    const operator = loadConfig({ NODE_ENV: "development" }).operator;
    expect(operator.name).toMatch(/\(demo\)/);
    expect(operator.vat).toMatch(/\(demo\)/);
    expect(operator.address).toMatch(/\(demo\)/);
    expect(operator.email).toMatch(/@/);
    expect(operator.pec).toBeNull();
  });

  // What production needs besides the operator (decision 018).
  const PRODUCTION_ENV = {
    NODE_ENV: "production",
    ORIGIN: "https://www.example.com",
    ALLOW_EMBEDDED_DATABASE: "1",
    MAIL_TRANSPORT: "file",
    MAIL_FROM: "Stockspace <no-reply@example.com>",
  };

  it("in production nothing is invented: the app does not start without the operator, and a value left null is said to be missing", () => {
    expect(() => loadConfig(PRODUCTION_ENV)).toThrow(/OPERATOR_NAME: required in production/);
    const config = { ...loadConfig({ ...PRODUCTION_ENV, ...OPERATOR_ENV }), operator: { name: null, vat: null, address: null, email: null, pec: null } };
    const f = legalFacts(config);
    expect(render("privacy-policy", "it", f)).toContain("non configurato");
    expect(render("general-conditions", "en", f)).toContain("not configured");
  });

  it("in production the configured values are shown", () => {
    const config = loadConfig({ ...PRODUCTION_ENV, ...OPERATOR_ENV });
    expect(config.operator).toEqual({
      name: OPERATOR_ENV.OPERATOR_NAME,
      vat: OPERATOR_ENV.OPERATOR_VAT,
      address: OPERATOR_ENV.OPERATOR_ADDRESS,
      email: OPERATOR_ENV.OPERATOR_EMAIL,
      pec: OPERATOR_ENV.OPERATOR_PEC,
    });
  });

  it("refuses an e-mail or PEC that is not an address", () => {
    expect(() => loadConfig({ NODE_ENV: "test", OPERATOR_EMAIL: "nobody" })).toThrow(/OPERATOR_EMAIL/);
    expect(() => loadConfig({ NODE_ENV: "test", OPERATOR_PEC: "pec at example" })).toThrow(/OPERATOR_PEC/);
  });

  it("without PEC, the card and the texts leave it out", () => {
    const html = render("privacy-policy", "it", facts({ OPERATOR_PEC: "" }));
    expect(html).not.toContain("PEC</dt>");
    expect(html).not.toContain("o via PEC a");
  });
});

describe("tables", () => {
  it("are real tables from 640 px and labelled cards on phones", () => {
    const html = render("privacy-policy", "it");
    expect(html).toMatch(/<table aria-label="Cookie" class="hidden [^"]*sm:table"/);
    expect(html).toMatch(/<ul class="space-y-3 sm:hidden">/);
    // Three columns: each value of a card says its column; two: the card's title is enough.
    expect(html).toMatch(/<dt class="inline [^"]*">Durata<\/dt>/);
    expect(html).toMatch(/<dt class="sr-only">Base giuridica<\/dt>/);
  });
});

describe("the installation's facts in the text", () => {
  it("the default plans: € 490,00 and € 290,00 a warehouse, € 401,64 and € 237,70 without VAT", () => {
    const stocker = visibleText(render("stocker-conditions", "en"));
    for (const amount of ["€\u00a0490,00", "€\u00a0401,64", "€\u00a0290,00", "€\u00a0237,70"]) expect(stocker).toContain(amount);
  });

  it("prices per warehouse with and without VAT come from the billing settings", () => {
    const stocker = visibleText(render("stocker-conditions", "it", facts({ PLAN_YEARLY_PRICE: "61000", PLAN_SIX_MONTHS_PRICE: "36600" })));
    expect(stocker).toContain("€\u00a0610,00");
    expect(stocker).toContain("€\u00a0500,00");
    expect(stocker).toContain("€\u00a0366,00");
    expect(stocker).toContain("€\u00a0300,00");
    expect(stocker).toContain("IVA 22 %");
  });

  it("the free trial follows TRIAL_DAYS", () => {
    expect(render("stocker-conditions", "it", facts({ TRIAL_DAYS: "45" }))).toContain("45 giorni di prova gratuita");
    expect(render("stocker-conditions", "en", facts({ TRIAL_DAYS: "0" }))).toContain("There is currently no free trial");
  });

  it("Stripe is named as processor only when card payments are configured", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(render("privacy-policy", "it", facts(stripe))).toContain("Stripe Payments Europe");
    expect(render("privacy-policy", "it", facts())).not.toContain("Stripe Payments Europe");
    expect(render("privacy-policy", "en", facts())).toContain("card payment is not enabled");
  });

  it("the map host, the geocoder and the image storage follow the configuration", () => {
    expect(render("privacy-policy", "en", facts())).toContain("tiles.openfreemap.org");
    expect(render("privacy-policy", "en", facts({ MAP_STYLE_URL: "https://maps.example.org/style.json" }))).toContain("maps.example.org");
    expect(render("privacy-policy", "en", facts({ GEOCODER_URL: "https://nominatim.example.org" }))).toContain("Nominatim-compatible geocoding service");
    expect(render("privacy-policy", "en", facts())).toContain("internal gazetteer");
    const s3 = {
      S3_BUCKET: "photos",
      S3_ENDPOINT: "https://s3.example.org",
      S3_ACCESS_KEY_ID: "a",
      S3_SECRET_ACCESS_KEY: "b",
      S3_PUBLIC_URL: "https://cdn.example.org",
    };
    expect(render("privacy-policy", "it", facts(s3))).toContain("compatibile S3");
  });

  it("limits and lifetimes are the ones the code enforces", () => {
    const f = facts();
    expect(f.maxQuoteWarehouses).toBe(50);
    expect(f.quoteLimits).toEqual({ account: 20, visitorIp: 20, visitorContact: 10 });
    expect(f.sessions).toEqual({ rememberDays: 30, browserMaxDays: 7, idleHours: 12, maxPerUser: 10 });
    const hunter = visibleText(render("stock-hunter-conditions", "it", f));
    expect(hunter).toContain("fino a 50 magazzini");
    expect(hunter).toContain("20 per account");
    const privacy = visibleText(render("privacy-policy", "en", f));
    expect(privacy).toContain("30 days from login");
    expect(privacy).toContain("12 idle hours");
    expect(privacy).toContain("deleted after 24 hours");
  });
});
