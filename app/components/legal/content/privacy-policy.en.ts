// Privacy policy, English translation of privacy-policy.it.ts (the Italian text is the
// reference): same sections, same ids, same facts.
import type { LegalTextOf } from "../types.ts";

export const privacyPolicyEn: LegalTextOf = (f) => ({
  intro: [
    "This notice explains, under Articles 13 and 14 of Regulation (EU) 2016/679 (GDPR) and Italian Legislative Decree 196/2003 (the Privacy Code) as amended by Legislative Decree 101/2018, which personal data Stockspace processes, why, how long it keeps them, who receives them and what your rights are.",
    "It applies to visitors of the site, to people looking for space (stock hunters), to people who run warehouses (stockers and stock keepers) and their referents, and to the people whose details are given to us in a request or in a warehouse listing.",
  ],
  sections: [
    {
      id: "controller",
      title: "Data controller",
      blocks: [
        { p: "The data controller is:" },
        { operator: true },
        {
          p: [
            "For any question about this notice or your data, write to ",
            { operator: "email" },
            ". The controller has not appointed a data protection officer (DPO): requests are handled directly by the controller at this address.",
          ],
        },
      ],
    },
    {
      id: "data",
      title: "The data we process",
      blocks: [
        {
          p: "We process only the data the service needs. We do not process special categories of data (Art. 9 GDPR) or data relating to criminal convictions: please do not enter any in messages and descriptions.",
        },
      ],
      subsections: [
        {
          id: "data-account",
          title: "Account data",
          blocks: [
            {
              p: "E-mail address, password (kept only as an argon2id cryptographic hash, never in clear), role (stock hunter, stocker, referent), first name, last name, telephone, company, sector, website, country, address and preferred language.",
            },
            {
              p: "For those who register as stockers also: company name, VAT number, registered address, the warehouse they ask to claim if any, and the outcome of the approval with its note. In addition: your personal invite code, who invited you, when you accepted the conditions and the privacy policy, and your choices on the optional consents with their dates.",
            },
          ],
        },
        {
          id: "data-warehouses",
          title: "Warehouse data",
          blocks: [
            {
              p: "Name, address and position, VAT number, telephone, e-mail, website and social profiles, areas, height, bays, cost items, opening hours, services, uploaded photos and the warehouse's contacts (name, telephone, e-mail and role of the people listed), and the referent assigned. Whoever enters another person's details (a contact, a referent) must have informed them.",
            },
            {
              p: "Warehouses that no owner has claimed yet were entered by the provider from publicly available sources (the companies' own websites and listings, public business registers). Until an owner claims them, their name, address and contacts are not published: their cards show neither. Whoever is concerned can ask for those details to be corrected or removed, as described under your rights.",
            },
          ],
        },
        {
          id: "data-requests",
          title: "Quote requests",
          blocks: [
            {
              p: "Company name, contact e-mail, telephone, name of the contact person, message, location and radius searched, space required (m² or pallet places), dates, services wanted, the warehouses reached with the state of each one's answer, the language, your answers on the consents and the IP address the request was sent from (used for the limits against automated sending).",
            },
          ],
        },
        {
          id: "data-feedback",
          title: "Reviews, reports and support requests",
          blocks: [
            {
              p: "For reviews and reports: name, e-mail, telephone, the ratings (1 to 5), the text or the subject and description, and the request and warehouse they concern.",
            },
            {
              p: "For support requests: first name, last name, company, e-mail, message, language, the IP address and the browser information (type, system, device) that help us understand the problem.",
            },
          ],
        },
        {
          id: "data-billing",
          title: "Subscriptions and payments",
          blocks: [
            {
              p: "Plan chosen, warehouses covered, amounts, promo code used, status and dates of the subscription, payment method, the bank transfer reason code assigned to your account and the notes of the administrator who verified the transfer.",
            },
            {
              p: f.cardPayments
                ? "For card payments we keep only the customer identifier at Stripe and the last four digits of the card: the full card details are entered in Stripe's form and never pass through our servers."
                : "Card payment is not enabled on this site: subscriptions are paid by bank transfer and no card data is processed.",
            },
          ],
        },
        {
          id: "data-technical",
          title: "Technical and security data",
          blocks: [
            {
              ul: [
                "Login sessions: a hash of the session code (never the code itself), IP address, browser used, when the session started and was last used.",
                "One-time codes and links (e-mail confirmation, password recovery, invitation, e-mail change): only their hash, their expiry and, for a change, the new address awaiting confirmation.",
                "Abuse counters: number of attempts per IP address, per account or per e-mail address over short time windows.",
                "Server logs: IP address, page requested, date and time, browser; passwords, cookies and secret codes are blanked out before writing.",
                "Warehouse statistics: how often a warehouse appears in search results and how often its page is opened, per day, without knowing who saw it.",
                "Notifications in your personal area and copies of the e-mails the platform sends.",
                "Position: if you choose \u201cuse my position\u201d, your browser, with your permission, gives us your position only to centre the search; we do not keep it, except as the location of a request you decide to send.",
              ],
            },
          ],
        },
        {
          id: "data-admin",
          title: "Administration data",
          blocks: [
            {
              p: "The log of the administrators' operations (who changed what, when, with the values before and after) and the notes on contacts with stockers (calls, e-mails, meetings, follow-up actions).",
            },
          ],
        },
      ],
    },
    {
      id: "purposes",
      title: "Purposes and legal bases",
      blocks: [
        {
          table: {
            head: ["Purpose", "Legal basis"],
            rows: [
              [
                "Creating and managing your account, letting you log in, providing search, favourites, personal areas and notifications",
                "Performance of the contract (Art. 6(1)(b) GDPR)",
              ],
              [
                "Forwarding quote requests to warehouses and sending you the confirmations",
                "Pre-contractual steps taken at your request and performance of the contract (Art. 6(1)(b))",
              ],
              [
                "Publishing warehouses, approving stockers and hubs, managing referents, reviews and reports",
                "Performance of the contract (Art. 6(1)(b)) and legitimate interest in a reliable catalogue (Art. 6(1)(f))",
              ],
              [
                "Managing subscriptions, payments, invoices and accounts",
                "Performance of the contract (Art. 6(1)(b)) and legal tax and accounting obligations (Art. 6(1)(c))",
              ],
              [
                "Answering support requests",
                "Pre-contractual steps or performance of the contract (Art. 6(1)(b)) and legitimate interest in answering those who write to us (Art. 6(1)(f))",
              ],
              [
                "Protecting the service from unauthorised access, automated sending and fraud; keeping track of the administrators' operations",
                "Legitimate interest in the security of the service and its users (Art. 6(1)(f))",
              ],
              ["Following the business relationship with stockers (contact notes)", "Legitimate interest (Art. 6(1)(f))"],
              [
                "Sending you Stockspace news and offers by e-mail",
                "Optional consent \u201cnews and offers\u201d (Art. 6(1)(a) GDPR and Art. 130 of the Privacy Code)",
              ],
              ["Sharing your data with Stockspace's partners for their offers", "Optional consent \u201csharing with partners\u201d (Art. 6(1)(a))"],
              ["Establishing, exercising or defending legal claims", "Legitimate interest (Art. 6(1)(f))"],
            ],
          },
        },
        {
          p: "Where the basis is legitimate interest, we have checked that it does not override your rights, and you can always object (section \u201cYour rights\u201d). We take no decisions based solely on automated processing that produce legal effects on you (Art. 22 GDPR): stockers and hubs are approved by a person.",
        },
      ],
    },
    {
      id: "consents",
      title: "The optional consents (news and offers, sharing with partners)",
      blocks: [
        {
          p: "In the registration and in the quote request form you find, besides the required acceptance of the conditions and of this notice, two optional consents, kept in your account (or in the request) together with the date you gave them:",
        },
        {
          ul: [
            [
              { strong: "News and offers" },
              " (\u201cI would like to receive news and offers from Stockspace by e-mail\u201d; in the quote request \u201cI agree to receive news and offers from Stockspace\u201d): allows the controller to send you by e-mail news about the service and its own commercial offers, such as subscription promotions and discount codes. It does not cover other channels (telephone, text messages) nor sending by third parties.",
            ],
            [
              { strong: "Sharing with partners" },
              " (\u201cI agree to my details being shared with Stockspace's partners for their offers\u201d): allows the controller to share your name, company, e-mail and telephone with partner companies working in logistics and related services (for example transport, insurance, warehouse equipment) so that they can send you their offers. Each partner becomes an independent controller and must give you its own notice; the list of partners your data were shared with is given to you on request.",
            ],
          ],
        },
        {
          p: "Both are optional: without them the account, the search and the requests work exactly the same. In the registration the boxes stay empty until you tick them; in a request sent without an account from a warehouse page we ask you to answer yes or no, and \u201cno\u201d counts as much as \u201cyes\u201d.",
        },
        {
          p: [
            "You can withdraw them at any time, without giving reasons and at no cost, by writing to ",
            { operator: "email" },
            "; every commercial e-mail also says how to object to further messages. Withdrawal does not make unlawful what was done before (Art. 7(3) GDPR).",
          ],
        },
      ],
    },
    {
      id: "recipients",
      title: "Who receives the data",
      blocks: [
        {
          ul: [
            "The stockers and referents of the warehouses you send a quote request to: they receive the request's data to answer you and process them as independent controllers. If a warehouse has no registered manager yet, the request reaches the controller's staff, who may contact the warehouse on your behalf.",
            "The other party of the request, when you write a review or a report: they receive it with the name, e-mail and telephone you entered. Of the ratings given to warehouses only the average and the number of reviews are published.",
            "The site's users, for the public warehouses of a subscribed stocker: the warehouse's name, address and contacts and the referent's name and e-mail are visible, because people looking for space need them.",
            "The controller's authorised and instructed staff (Art. 29 GDPR and Art. 2-quaterdecies of the Privacy Code), with access limited to the administrator role and logged.",
            "The providers that process data on the controller's behalf, listed in the next section.",
            "Partners, only with the \u201csharing with partners\u201d consent.",
            "Authorities and others when the law or an order requires it.",
          ],
        },
        { p: "We do not sell your data and do not use them for personalised advertising." },
      ],
    },
    {
      id: "processors",
      title: "Providers and processors",
      blocks: [
        { p: "The controller uses these providers, appointed as processors (Art. 28 GDPR) or, where stated, acting as independent controllers:" },
        {
          ul: [
            "Infrastructure: the provider of the servers and database the site and its data run on.",
            "E-mail: the SMTP service configured by the controller, which delivers every e-mail of the platform (codes, confirmations, requests, reviews, payments) and therefore receives each message's address, subject and content.",
            [
              "Maps: your browser loads the map's style and tiles from ",
              { strong: f.mapHost },
              ", which receives your IP address and the area of the map you are looking at, as with any web request. Map data \u00a9 OpenStreetMap contributors.",
            ],
            f.onlineGeocoder
              ? "Address search: when you look for a place or save a warehouse's address, our servers send the text of the address to a Nominatim-compatible geocoding service chosen by the controller; that service receives neither your IP address nor your contact details."
              : "Address search: places are looked up on the controller's servers in an internal gazetteer; no data is sent to third parties.",
            f.cardPayments
              ? [
                  "Card payments: Stripe Payments Europe, Ltd. (1 Grand Canal Street Lower, Dublin 2, Ireland). Card details go directly to Stripe, which also processes them as an independent controller for fraud prevention and its own legal obligations (",
                  { href: "https://stripe.com/privacy", text: "Stripe's privacy policy" },
                  "). Stripe's form is loaded only at the payment step.",
                ]
              : "Payments: card payment is not enabled; bank transfers are verified by the controller on its own account and no payment provider receives data.",
            f.s3Images
              ? "Warehouse photos: they are stored and served by an S3-compatible object storage service chosen by the controller."
              : "Warehouse photos: they are stored on the controller's servers.",
          ],
        },
        { p: ["The current list of providers, with their names and addresses, is given to you on request at ", { operator: "email" }, "."] },
      ],
    },
    {
      id: "transfers",
      title: "Transfers outside the European Economic Area",
      blocks: [
        {
          p: "The controller chooses providers that process the data in the European Economic Area. Should a provider (or one of its sub-processors) process them elsewhere, the transfer would take place only with the safeguards of Chapter V GDPR: an adequacy decision of the European Commission, such as the one on the EU-U.S. Data Privacy Framework for the providers certified under it, or the standard contractual clauses. You can ask the controller for a copy.",
        },
      ],
    },
    {
      id: "retention",
      title: "How long we keep the data",
      blocks: [
        {
          p: "The periods marked \u201cautomatic\u201d are enforced by the platform itself; the others are the controller's policy, applied with the administration tools.",
        },
        {
          table: {
            head: ["Data", "Period"],
            rows: [
              [
                "Account and profile, notifications, favourites",
                "As long as the account exists; within 30 days of its closure they are deleted or anonymised, except as below",
              ],
              ["Consents and their dates", "As long as the account or request they belong to; a withdrawal is kept as proof"],
              [
                "Quote requests, including the IP address",
                "For account holders, as long as the account exists; for requests sent without an account, 24 months from sending",
              ],
              ["Reviews and reports", "As long as the author's account and the request they concern exist"],
              ["Support requests", "24 months from sending"],
              ["Copies of the e-mails sent by the platform", "12 months from sending"],
              [
                "Subscriptions, amounts, payments, transfer reason codes and notes",
                "10 years (Art. 2220 of the Italian Civil Code and tax rules); this is why an account with subscriptions cannot be deleted entirely before then",
              ],
              [
                "Warehouses, photos and contacts",
                "Until the stocker or referent removes them or the warehouse is deleted; when the subscription ends the warehouse stays in the catalogue in anonymised form",
              ],
              [
                "Login sessions (IP and browser)",
                `Automatic: with \u201cremember me\u201d ${f.sessions.rememberDays} days from login, otherwise ${f.sessions.idleHours} idle hours and ${f.sessions.browserMaxDays} days at most; expired sessions are deleted every hour and each user holds at most ${f.sessions.maxPerUser}`,
              ],
              [
                "One-time codes and links",
                `Automatic: valid ${f.tokens.confirmCodeMinutes} minutes (confirmation code), ${f.tokens.resetMinutes} minutes (password recovery), ${f.tokens.changeEmailHours} hours (e-mail change), ${f.tokens.invitationDays} days (invitation); deleted ${f.tokens.keptDays} days after use or expiry`,
              ],
              ["Abuse counters (IP, account, e-mail)", `Automatic: deleted after ${f.rateLimitHours} hours`],
              ["Server logs", "30 days"],
              ["Notes on contacts with stockers", "As long as the stocker's account exists; without an account, 24 months from the last contact"],
              [
                "Log of the administrators' operations",
                "For as long as the service runs: nobody can change or delete it, so that it proves who did what; only administrators can read it",
              ],
              ["Warehouse view statistics", "As long as the warehouse exists (they are daily counts without personal data)"],
            ],
          },
        },
        {
          p: [
            "To close your account, write to ",
            { operator: "email" },
            " from the account's e-mail address. After the periods above the data are deleted or anonymised so that they can no longer be linked to you.",
          ],
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      blocks: [
        {
          p: "The site uses only technical cookies, needed for it to work and to be secure. It uses no profiling, advertising or statistics cookies, nor third-party cookies for these purposes: this is why we do not ask for your consent (Art. 122(1) of the Privacy Code and the Garante's cookie guidelines of 10 June 2021).",
        },
        {
          table: {
            head: ["Cookie", "What it does", "Duration"],
            rows: [
              [
                "sid",
                "Keeps you logged in (not readable by scripts)",
                `Until the browser is closed, or ${f.sessions.rememberDays} days with \u201cremember me\u201d`,
              ],
              ["XSRF-TOKEN", "Protects forms from requests forged by other sites", "Until the browser is closed"],
              ["locale", "Remembers the language you chose (Italian or English)", `${f.cookies.localeDays} days`],
              [
                "device",
                "Recognises a browser you have already logged in from, so that other people's attempts cannot lock your account; sent only to the login page",
                `${f.cookies.deviceDays} days`,
              ],
              [
                "pending_reg",
                "Links the browser to the registration you are confirming with the code you received",
                `${f.cookies.pendingRegistrationHours} hours`,
              ],
            ],
          },
        },
        {
          p: f.cardPayments
            ? [
                "At the card payment step, Stripe may set its own technical cookies for fraud prevention (",
                { href: "https://stripe.com/legal/cookies-policy", text: "Stripe's cookie policy" },
                "). The map service receives the tile requests without any of our cookies.",
              ]
            : "The map service receives the tile requests without any of our cookies.",
        },
        { p: "You can delete cookies in your browser's settings; without \u201csid\u201d and \u201cXSRF-TOKEN\u201d you cannot log in or send forms." },
      ],
    },
    {
      id: "security",
      title: "Security",
      blocks: [
        {
          p: "We protect the data with measures suited to the risk (Art. 32 GDPR): encrypted connections, passwords stored with argon2id, session codes and one-time links kept only as hashes, sessions that expire and can be ended, protection of forms against forged requests, a role check on every operation, limits on attempts, an unalterable log of the administrators' operations. Should a personal data breach put you at risk, we will tell you as Articles 33 and 34 GDPR require.",
        },
      ],
    },
    {
      id: "rights",
      title: "Your rights",
      blocks: [
        { p: "At any time you can ask the controller for:" },
        {
          ul: [
            "access to your data and a copy of them (Art. 15);",
            "rectification of inaccurate data (Art. 16): you can correct much of it yourself in your profile;",
            "erasure (Art. 17), within the limits of the data the law obliges us to keep;",
            "restriction of processing (Art. 18);",
            "portability of the data you gave us, in a structured, machine-readable format (Art. 20);",
            "objection to processing based on legitimate interest and, always and without reasons, to commercial messages (Art. 21);",
            "withdrawal of the optional consents, without effect on the processing already carried out (Art. 7(3)).",
          ],
        },
        {
          p: [
            "Write to ",
            { operator: "email" },
            ...(f.operator.pec ? [" or by certified e-mail (PEC) to ", { operator: "pec" } as const] : []),
            ". We answer within one month, which may be extended by two months for complex or numerous requests, as Art. 12 GDPR provides; we may ask you to confirm your identity. Exercising your rights is free of charge.",
          ],
        },
      ],
    },
    {
      id: "complaint",
      title: "Complaints to the supervisory authority",
      blocks: [
        {
          p: [
            "If you believe the processing breaks the law you can lodge a complaint with the Garante per la protezione dei dati personali, Piazza Venezia 11, 00187 Rome, Italy (",
            { href: "https://www.garanteprivacy.it", text: "www.garanteprivacy.it" },
            "), or with the supervisory authority of the EU country where you live or work, or go to court.",
          ],
        },
      ],
    },
    {
      id: "required",
      title: "Required data and minors",
      blocks: [
        {
          p: "The fields marked as required are needed to provide the service: without them we cannot create the account, forward the request or answer. The other data are optional.",
        },
        { p: "The service is meant for businesses and professionals and is not intended for people under 18." },
      ],
    },
    {
      id: "changes",
      title: "Changes to this notice",
      blocks: [
        {
          p: [
            "If we change how we process data we update this page and the date at the top; if the change is significant we also tell registered users by e-mail. How the service works is described in the ",
            { doc: "general-conditions", text: "general terms and conditions" },
            ", the ",
            { doc: "stocker-conditions", text: "terms for stockers" },
            " and the ",
            { doc: "stock-hunter-conditions", text: "terms for stock hunters" },
            ".",
          ],
        },
      ],
    },
  ],
});
