// Terms for stock hunters, English translation of stock-hunter-conditions.it.ts (the Italian
// text is the reference): same sections, same ids, same facts.
import type { LegalTextOf } from "../types.ts";

export const stockHunterConditionsEn: LegalTextOf = (f) => ({
  intro: [
    [
      "These conditions apply to those who look for space on Stockspace, either with a stock hunter account or without an account when sending a quote request. They add to the ",
      { doc: "general-conditions", text: "general terms and conditions" },
      ", which remain in force; where the two differ, these prevail.",
    ],
  ],
  sections: [
    {
      id: "provider",
      title: "Who provides the service",
      blocks: [{ p: "The service is provided by:" }, { operator: true }],
    },
    {
      id: "free",
      title: "A free service",
      blocks: [
        {
          p: "Searching for warehouses, comparing them, sending quote requests, saving favourites and writing reviews is free. The provider takes no fee, from you or from the warehouses, on any contract you may conclude.",
        },
      ],
    },
    {
      id: "search",
      title: "Search and comparison",
      blocks: [
        {
          ul: [
            "You search by place and radius (10 km unless you say otherwise) and can filter by space, dates and services. Results are shown on the map and in a list.",
            "Warehouses of subscribed stockers show their name, address, exact position, photos, listing and the referent's contacts. The others are shown anonymised (\u201cStocker\u201d with a number, the city only, a position moved by a few hundred metres): they can still be reached with a quote request.",
            "You can compare two or more warehouses with a public listing.",
            "Warehouse information is supplied by stockers or gathered by the provider from public sources: check with the warehouse directly whatever matters to you before making an agreement.",
          ],
        },
      ],
    },
    {
      id: "requests",
      title: "Quote requests",
      blocks: [
        {
          ul: [
            `With a single request you can contact up to ${f.maxQuoteWarehouses} warehouses at once, giving your company, contacts, place, space, dates, services wanted and a message.`,
            "The request reaches the stocker or referent of each warehouse, by e-mail and in their area; for warehouses with no registered manager yet it reaches the provider's staff, who may contact them on your behalf. You receive a confirmation by e-mail.",
            "Each warehouse answers by confirming or refusing; with an account you see the state of each answer in your area.",
            "A request is neither an order nor a binding offer, for you or for the warehouse. You agree prices and terms directly with the warehouse, which is your only counterparty.",
          ],
        },
        {
          p: `To protect warehouses from automated sending, the number of accepted requests is limited, over the last hour: ${f.quoteLimits.account} per account; without an account ${f.quoteLimits.visitorIp} per IP address and ${f.quoteLimits.visitorContact} per contact e-mail address. Beyond the limit the request is refused and you can try again later.`,
        },
        {
          p: "Requests must match a real need for space or logistics services. Without an account, by sending the request you accept these conditions and declare that you have read the privacy policy.",
        },
      ],
    },
    {
      id: "account",
      title: "Stock hunter account",
      blocks: [
        {
          p: `With an account you find your requests and the answers again, save favourites, write reviews and reports and receive notifications. You register with your e-mail, confirmed with a code valid for ${f.tokens.confirmCodeMinutes} minutes, and accept these conditions, the general terms and conditions and the privacy policy.`,
        },
      ],
    },
    {
      id: "favourites",
      title: "Favourites",
      blocks: [
        {
          p: "You can save warehouses with a public listing as favourites, from the map or from the listing, and find them in your area. Favourites are visible only to you. If a warehouse's subscription ends, you see it anonymised in your favourites.",
        },
      ],
    },
    {
      id: "reviews",
      title: "Reviews",
      blocks: [
        {
          ul: [
            "You can review a warehouse only after it has confirmed your request, once per request and warehouse.",
            "You rate reliability, communication, services and structure from 1 to 5 (all optional) and may add a comment; name, e-mail and telephone are required.",
            "The review reaches the warehouse's stocker and referent; visitors are shown the average rating with the number of reviews.",
            "Write only about your own direct experience, truthfully and fairly, without insults or other people's data, and without receiving payment or benefits for it. The provider may remove reviews that break these rules.",
            "The stocker or referent may also review you after confirming the request (reliability, communication, payments, goods).",
          ],
        },
      ],
    },
    {
      id: "reports",
      title: "Reports",
      blocks: [
        {
          p: `On every request sent to a warehouse you can make a report at any time, with a subject and a description, to make a problem known to the warehouse's stocker and referent; the provider may examine it to check that the conditions are respected. To prevent abuse you can send at most ${f.reportsPerHour} per hour. Reports must be well-founded: false or malicious ones are not an allowed use.`,
        },
      ],
    },
    {
      id: "responsibilities",
      title: "Your commitments and responsibilities",
      blocks: [
        {
          p: "You undertake to give true details, to use the warehouses' contacts only for the negotiation and to respect the acceptable use described in the general terms and conditions. The provider does not inspect warehouses and is not a party to agreements with them: the warehouses answer for the quality, safety and availability of the space.",
        },
        {
          p: [
            "You can stop using the service and ask for your account to be closed whenever you like; what is kept is explained in the ",
            { doc: "privacy-policy", text: "privacy policy" },
            ". If you run warehouses yourself, read the ",
            { doc: "stocker-conditions", text: "terms for stockers" },
            ".",
          ],
        },
      ],
    },
  ],
});
