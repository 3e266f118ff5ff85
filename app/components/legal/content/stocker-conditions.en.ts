// Terms for stockers, English translation of stocker-conditions.it.ts (the Italian text is
// the reference): same sections, same ids, same facts.
import type { LegalTextOf } from "../types.ts";
import { percent, price, priceExVat } from "./figures.ts";

export const stockerConditionsEn: LegalTextOf = (f) => ({
  intro: [
    [
      "These conditions apply to the businesses that present warehouses on Stockspace (stockers and stock keepers) and, for the parts on warehouses and requests, to their referents. They add to the ",
      { doc: "general-conditions", text: "general terms and conditions" },
      ", which remain in force; where the two differ, these prevail.",
    ],
  ],
  sections: [
    {
      id: "provider",
      title: "Who provides the service",
      blocks: [{ p: "The service and the subscriptions are provided and invoiced by:" }, { operator: true }],
    },
    {
      id: "registration",
      title: "Registration and approval",
      blocks: [
        {
          p: "To register as a stocker you give the business's name, VAT number, country, address, postcode, city and province and accept these conditions, the general terms and conditions and the privacy policy. The provider checks the details and approves the request as a stocker or as a stock keeper, linking a warehouse already in the catalogue or creating a new one, or refuses it, stating why.",
        },
        {
          p: "You declare that you represent the business named and are entitled to run and offer the warehouses you present. Subscriptions are for businesses only: the consumer contract rules of the Italian Consumer Code, including the right of withdrawal, do not apply to you.",
        },
      ],
    },
    {
      id: "claims",
      title: "Claiming a warehouse",
      blocks: [
        {
          p: "The catalogue also holds warehouses gathered by the provider from public sources and not yet managed by anyone. They are shown anonymised (\u201cStocker\u201d with a number, the city only, a position moved by a few hundred metres) and can still receive quote requests.",
        },
        {
          p: "If you run one of these warehouses you can claim it by registering from its card on the map. The provider checks the claim before linking the warehouse to your account. Claiming a warehouse you do not run is forbidden and leads to the closure of the account.",
        },
      ],
    },
    {
      id: "listings",
      title: "Warehouse listings",
      blocks: [
        {
          ul: [
            "You are responsible for the accuracy and currency of what you publish: address, areas, height, bays, opening hours, services, certifications, contacts and photos (JPG and PNG formats).",
            "Cost items (per m², per month, per pallet place, handling) are not published on the listing: only those who manage the warehouse and the provider see them.",
            "Photos must show the warehouse presented and be yours or used with the permission of whoever holds the rights; recognisable people must have consented.",
            "By entering the warehouse's contacts (people's names, telephones, e-mails) you warrant that you have informed them as the privacy policy describes.",
            "The provider may correct obvious errors, ask you to update the details and hide or deactivate a warehouse that breaches these conditions.",
          ],
        },
      ],
    },
    {
      id: "hubs",
      title: "New warehouses and hubs",
      blocks: [
        {
          p: "A warehouse you add from your area is presented as a hub (logistics hub) and waits for approval: it appears in searches only after the provider has approved it. The provider may refuse it, stating why; you can correct the details and ask for a new assessment by writing to the provider.",
        },
      ],
    },
    {
      id: "referents",
      title: "Referents",
      blocks: [
        {
          p: `For each warehouse you can name a referent: a person already registered or a new one, whose first name, last name, e-mail and telephone you enter. A new person receives an invitation by e-mail and completes the account with a link valid for ${f.tokens.invitationDays} days.`,
        },
        {
          p: "The referent receives the warehouse's requests, changes their state, edits the listing and may change the referent. You warrant that the referent is authorised to do so and informed of how their data are processed; you answer for the referent's actions as for your own.",
        },
      ],
    },
    {
      id: "requests",
      title: "Quote requests",
      blocks: [
        {
          ul: [
            "You receive the requests addressed to your warehouses by e-mail and in your personal area and mark them as confirmed or refused; the stock hunter sees the state.",
            "Confirming a request signals willingness to negotiate: it concludes no contract. You agree the terms of the storage service directly with the stock hunter; the provider is not a party and takes no commission.",
            "The details of those who write to you serve only to answer the request and manage the relationship that follows: you may not use them for anything else, such as unsolicited advertising or passing them to others. For this use you are an independent controller.",
          ],
        },
      ],
    },
    {
      id: "feedback",
      title: "Reviews and reports",
      blocks: [
        {
          p: "After confirming a request, you or the referent may review the stock hunter (reliability, communication, payments, goods), once per request. You receive the reviews and reports about your warehouses. Offering or asking for payment or benefits in exchange for reviews, or reviewing your own warehouses, is forbidden.",
        },
      ],
    },
    {
      id: "subscription",
      title: "The subscription: what it includes",
      blocks: [
        {
          p: "With a subscription the warehouses you choose become \u201cpublished\u201d: their name, address, exact position, photos, full listing and the referent's contacts are public, and they can be compared and saved as favourites. Without a subscription they stay in the catalogue anonymised, are found in searches and still receive quote requests.",
        },
        {
          p: "You have one subscription at a time, covering the approved, active warehouses you select. Warehouses added during a running period are covered at renewal.",
        },
      ],
    },
    {
      id: "prices",
      title: "Plans and prices",
      blocks: [
        {
          table: {
            head: ["Plan", "Length", "Price per warehouse, VAT included", `Without VAT (VAT ${percent(f.vatRate)})`],
            rows: [
              ["Yearly", "12 months", price(f.prices.yearly), priceExVat(f.prices.yearly, f.vatRate)],
              ["Six months", "6 months", price(f.prices.sixMonths), priceExVat(f.prices.sixMonths, f.vatRate)],
            ],
          },
        },
        {
          p: `The price is the plan's price times the number of warehouses chosen, less any discounts; it is shown before payment with and without VAT (${percent(f.vatRate)}). The provider issues an electronic invoice for every payment, as tax law requires, to the business details you gave.`,
        },
        {
          p: "Prices may change: a new price applies to subscriptions taken out after it is published and, for running ones, from the first renewal after a notice sent at least 30 days in advance; you can cancel before it applies.",
        },
      ],
    },
    {
      id: "promo-codes",
      title: "Promo codes",
      blocks: [
        {
          p: "A promo code may give a fixed discount, a percentage discount and/or a hub percentage discount, applied to the share of the price that concerns the hubs selected. Discounts apply in this order and the total never goes below zero. A code may have a validity period and a maximum number of uses: it is checked when you start the subscription and counts as used when the subscription starts (payment, start of the trial or transfer verified). A code cannot be exchanged for cash.",
        },
      ],
    },
    {
      id: "payment",
      title: "Payment",
      blocks: [
        {
          ul: [
            f.cardPayments
              ? "By card: payment is handled by Stripe, in its secure form; the provider never sees the full card details. Stripe's payment terms also apply."
              : "By card: not available on this site until the provider enables it; until then payment is by bank transfer.",
            "By bank transfer: you receive by e-mail and in your personal area the amount with and without VAT, the beneficiary, the IBAN and a personal reason code (\u201cSS-\u201d followed by six characters), which you write exactly in the transfer so that it can be recognised. The subscription starts when the provider has verified the credit, for the plan's length from that day.",
          ],
        },
      ],
    },
    {
      id: "trial",
      title: "Free trial",
      blocks: [
        {
          p:
            f.trialDays > 0
              ? `A stocker's first subscription paid by card starts with a ${f.trialDays}-day free trial: the card is saved at the start and charged at the end of the trial, unless you cancel before. Payment by bank transfer has no trial: the subscription starts with the verified payment. Each stocker gets the trial once.`
              : "There is currently no free trial: the subscription starts with the payment.",
        },
        ...(f.trialDays > 0 && !f.cardPayments ? [{ p: "The trial comes with card payment, which is not available on this site today." }] : []),
      ],
    },
    {
      id: "renewal",
      title: "Renewal and cancellation",
      blocks: [
        {
          ul: [
            "Subscriptions paid by card renew automatically at the end of each period, for an equal period, charged to the same card.",
            "You can cancel them at any time from the subscription page: the cancellation takes effect at the end of the period already paid, until then the warehouses stay public and you can undo the cancellation. There are no refunds for the unused part of a period, except as the law provides.",
            `Subscriptions paid by bank transfer do not renew by themselves: you get a reminder ${f.transferReminderDays} days before they end and, to continue, take out a new subscription with a new transfer.`,
            "If a card charge fails, the payment is retried and meanwhile the warehouses go back to anonymised; if the payment does not succeed the subscription ends.",
          ],
        },
      ],
    },
    {
      id: "expiry",
      title: "What happens when it ends",
      blocks: [
        {
          p: "When a subscription ends (cancelled, not renewed or not paid) the warehouses it covered go back to anonymised at once: name, address, exact position, photos, listing and contacts are no longer public, and the warehouses appear as \u201cStocker\u201d with a number, with the city only and an approximate position. They still appear in searches and receive requests, which you find in your area. The data stay in your account and become public again with a new subscription.",
        },
      ],
    },
    {
      id: "invite-code",
      title: "Invite code",
      blocks: [
        {
          p: "In your area you find a personal invite code to share; the platform counts the registrations made with your code. The code gives no right to payments or discounts, except for promotions the provider expressly announces with their own terms.",
        },
      ],
    },
    {
      id: "warranties",
      title: "Warranties and indemnity",
      blocks: [
        {
          p: "You warrant that the information and content you publish are true, lawful and yours or authorised, and that the services offered comply with the rules that govern them (permits, safety, tax). You indemnify the provider against third-party claims arising from a breach of these warranties, including reasonable legal costs.",
        },
      ],
    },
    {
      id: "termination",
      title: "Term and termination",
      blocks: [
        {
          p: "The relationship has no fixed term. You can close the account whenever you like, after cancelling any subscription; amounts already paid are not refunded. The provider may withdraw with 30 days' notice, refunding the paid and unused part of the subscription.",
        },
        {
          p: "The provider may terminate the relationship with immediate effect, under Art. 1456 of the Italian Civil Code, by notice sent by e-mail, if you publish false information, claim warehouses you do not run, use stock hunters' data for purposes not allowed or do not pay what is due; in these cases amounts paid are retained, without prejudice to further damages.",
        },
      ],
    },
  ],
});
