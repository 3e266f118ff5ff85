// General conditions, English translation of general-conditions.it.ts (the Italian text is
// the reference): same sections, same ids, same facts.
import type { LegalTextOf } from "../types.ts";

export const generalConditionsEn: LegalTextOf = (f) => ({
  intro: [
    "These conditions govern the use of Stockspace, the online marketplace where companies look for warehouse space and logistics services and ask for quotes, and where warehouse operators present their facilities.",
    [
      "They apply to everyone. Those who run warehouses also accept the ",
      { doc: "stocker-conditions", text: "terms for stockers" },
      "; those who look for space, with or without an account, also accept the ",
      { doc: "stock-hunter-conditions", text: "terms for stock hunters" },
      ". How we handle data is explained in the ",
      { doc: "privacy-policy", text: "privacy policy" },
      ".",
    ],
  ],
  sections: [
    {
      id: "provider",
      title: "Who provides the service",
      blocks: [
        { p: "The service is provided by:" },
        { operator: true },
        { p: "This information is also given under Art. 7 of Italian Legislative Decree 70/2003 on electronic commerce." },
      ],
    },
    {
      id: "definitions",
      title: "Definitions",
      blocks: [
        {
          ul: [
            [{ strong: "Platform" }, ": the Stockspace site, in Italian and English, with its personal areas and services."],
            [{ strong: "Provider" }, ": the party named above, who runs the platform."],
            [{ strong: "User" }, ": anyone using the platform, with or without an account."],
            [{ strong: "Stock hunter" }, ": the user who looks for space and sends quote requests."],
            [
              { strong: "Stocker" },
              ": the business that runs one or more warehouses (as a stocker or as a stock keeper) and presents them on the platform, after the provider's approval.",
            ],
            [{ strong: "Referent" }, ": the person the stocker puts in charge of one or more warehouses and their requests."],
            [
              { strong: "Warehouse" },
              ": a facility's listing in the catalogue; a warehouse is \u201cpublished\u201d when it belongs to a stocker with an active subscription covering it, and only then are its name, address, exact position, photos and contacts public.",
            ],
            [{ strong: "Hub" }, ": a warehouse presented as a logistics hub, published after the provider's approval."],
            [{ strong: "Quote request" }, ": the message with which a stock hunter asks one or more warehouses for availability and terms."],
          ],
        },
      ],
    },
    {
      id: "role",
      title: "The provider's role: an intermediary",
      blocks: [
        {
          p: "The platform puts people looking for space in touch with those who offer it. The provider is not a party to the storage, lease, logistics or transport contracts users may conclude: it does not sign them, does not set their prices and terms, does not collect or guarantee the related payments and is not liable for their performance. Every agreement is made directly between stock hunter and stocker.",
        },
        {
          p: "Warehouse information is supplied by stockers and referents or, for warehouses not yet published, gathered by the provider from public sources. The provider publishes it with care but does not guarantee that it is complete, accurate and up to date, nor that space is available: check directly with the warehouse before making an agreement.",
        },
      ],
    },
    {
      id: "accounts",
      title: "Access and accounts",
      blocks: [
        { p: "Searching is open to all and a quote request can be sent without an account. The other features need an account:" },
        {
          ul: [
            `you register with your e-mail address and confirm it with the code we send you, valid for ${f.tokens.confirmCodeMinutes} minutes;`,
            "a stocker's account is active only after the provider's approval; the provider checks the business's details and may refuse, stating why;",
            `a referent is invited by the stocker and completes their account with the link received, valid for ${f.tokens.invitationDays} days;`,
            "the details you enter must be true, up to date and refer to you or to the business you represent;",
            "credentials are personal: keep them safe, do not share them and tell the provider at once if you suspect unauthorised use. You are responsible for what happens with your account.",
          ],
        },
      ],
    },
    {
      id: "business",
      title: "Business users and consumers",
      blocks: [
        {
          p: "The platform is meant for businesses and professionals; relations with them are governed by the Italian Civil Code. If you use the platform as a consumer, that is for purposes outside your trade, business or profession, you keep in any case the mandatory protections of the Italian Consumer Code (Legislative Decree 206/2005), which prevail over these conditions where more favourable. Stocker subscriptions are for businesses only.",
        },
      ],
    },
    {
      id: "requests",
      title: "Quote requests, reviews and reports",
      blocks: [
        {
          ul: [
            `A quote request reaches up to ${f.maxQuoteWarehouses} warehouses at once; it is neither an order nor a binding offer, and the warehouse may confirm or refuse it.`,
            "To prevent abuse the number of requests per hour is limited, as set out in the terms for stock hunters.",
            "A review can be written only after the warehouse has confirmed the request, once per request and warehouse, both by the stock hunter about the warehouse and by the stocker or referent about the stock hunter.",
            "A report can be sent at any time about a request, to make a problem known to the other party; the provider may examine it to check that the conditions are respected.",
            "Reviews and reports must describe real, first-hand experiences, fairly and without insults. For warehouses the average rating is published with the number of reviews.",
          ],
        },
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        { p: "You may not:" },
        {
          ul: [
            "enter false details, pretend to be another person or business, or use someone else's account;",
            "send untrue, test or malicious requests, reviews or reports;",
            "extract data from the catalogue with automated programs, get around the limits or technical protections, overload or try to breach the platform;",
            "use contacts obtained on the platform for anything other than the negotiation, in particular to send unsolicited advertising;",
            "upload unlawful, offensive or misleading content or content you have no rights to, including other people's photos without permission;",
            "use the platform in breach of the law or of other people's rights.",
          ],
        },
      ],
    },
    {
      id: "content",
      title: "Users' content",
      blocks: [
        {
          p: "Everyone is responsible for the content they enter (warehouse details, photos, messages, reviews, reports) and warrants holding the rights to it. You grant the provider, for as long as the content is on the platform, a free, non-exclusive licence to store it, reproduce it, adapt it to the site's format (for example by resizing photos) and show it to other users as part of the service.",
        },
        {
          p: "The provider does not check content before publication, but may correct, hide or remove content that breaches these conditions or the law, also following a report.",
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        {
          p: "The platform, its software, the Stockspace brand, its design and the warehouse catalogue as a database (Art. 102-bis of Italian Law 633/1941) belong to the provider or its licensors. Using the platform transfers no right in them. Map data \u00a9 OpenStreetMap contributors.",
        },
      ],
    },
    {
      id: "availability",
      title: "Availability of the service",
      blocks: [
        {
          p: "The provider runs the platform with care but does not guarantee uninterrupted operation: it may suspend it for maintenance, updates or causes beyond its control, and may change or withdraw features, telling registered users in advance when a change affects their rights.",
        },
      ],
    },
    {
      id: "liability",
      title: "Liability",
      blocks: [
        {
          p: "The provider is liable for running the platform properly. It is not liable for content entered by users, for relations and contracts between users, for the availability and quality of the space, nor for indirect damage, such as loss of profit, arising from the use of the platform.",
        },
        {
          p: "These limits do not apply to wilful misconduct and gross negligence (Art. 1229 of the Italian Civil Code), to personal injury and to liability that the law, including consumer law, does not allow to be excluded.",
        },
      ],
    },
    {
      id: "suspension",
      title: "Suspension and closure of the account",
      blocks: [
        {
          p: "If a user breaches these conditions or the law, the provider may suspend or deactivate the account, where possible after warning and hearing the user; deactivation ends all open sessions at once. In serious cases, such as fraud or unlawful content, it may do so without notice.",
        },
        {
          p: [
            "You can close your account whenever you like by writing to ",
            { operator: "email" },
            " from the account's address. Running subscriptions are governed by the ",
            { doc: "stocker-conditions", text: "terms for stockers" },
            "; what is kept and for how long is explained in the ",
            { doc: "privacy-policy", text: "privacy policy" },
            ".",
          ],
        },
      ],
    },
    {
      id: "changes",
      title: "Changes to the conditions",
      blocks: [
        {
          p: "The provider may update these conditions when the service or the law changes. The new version is published on this page with its date; significant changes are announced by e-mail to registered users at least 15 days before they apply. If you do not accept them you can close your account before that date; by continuing to use the platform after that date you accept them.",
        },
      ],
    },
    {
      id: "notices",
      title: "Notices",
      blocks: [
        {
          p: [
            "The provider writes to you at your account's e-mail address and through notifications in your personal area. You can write to the provider at ",
            { operator: "email" },
            ...(f.operator.pec ? [" or by certified e-mail (PEC) to ", { operator: "pec" } as const] : []),
            ".",
          ],
        },
      ],
    },
    {
      id: "law",
      title: "Governing law and jurisdiction",
      blocks: [
        {
          p: "These conditions are governed by Italian law. Disputes with businesses and professionals fall under the exclusive jurisdiction of the court of the place where the provider has its registered office. Disputes with a consumer fall under the court of the place where the consumer lives or is domiciled (Art. 66-bis of the Consumer Code), who may also use the alternative dispute resolution procedures provided by the Consumer Code.",
        },
      ],
    },
    {
      id: "miscellaneous",
      title: "Final provisions",
      blocks: [
        {
          p: "If a clause is invalid, the others remain valid. Not exercising a right does not waive it. These conditions are written in Italian and translated into English; in case of differences the Italian version prevails.",
        },
      ],
    },
  ],
});
