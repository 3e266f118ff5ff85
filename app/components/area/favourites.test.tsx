// A stock hunter's favourites render what the loader gives them: a redeemed warehouse with its
// photo, referent and sheet link; an anonymised one with the drawn shed (never a photo, never
// an empty frame), its city only and no sheet link. (Rendered in the base locale, English.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { FavouritesGrid } from "./AreaStartPages.tsx";
import type { FavouriteCard } from "../../lib/area-pages.ts";

const redeemed: FavouriteCard = {
  id: 2,
  name: "Logistica Brambilla Srl – Hub Casalpusterlengo",
  city: "Casalpusterlengo",
  province: "LO",
  address: "Via Guglielmo Marconi 46",
  is_hub: true,
  redeemed: true,
  total_m2: 1710,
  img: "/uploads/w/2/a.webp",
  referent: { name: "Luca Bernasconi", email: "referent@demo.test" },
  quote_position: { lat: 45.17, lng: 9.68 },
  detail_url: "/en/warehouses/2",
};
const anonymised: FavouriteCard = {
  id: 124,
  name: "Stocker 124",
  city: "Milano",
  province: "MI",
  address: null,
  is_hub: false,
  redeemed: false,
  total_m2: 6030,
  img: null,
  referent: null,
  quote_position: { lat: 45.47, lng: 9.19 },
  detail_url: null,
};

function render(favourites: FavouriteCard[], asAdmin = false): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <FavouritesGrid favourites={favourites} base="/en/stock-hunter/profile" asAdmin={asAdmin} /> }]);
  return renderToString(<Stub initialEntries={["/en/stock-hunter/profile/warehouses"]} />);
}

/** The markup of the card whose name is `name`. */
function card(html: string, name: string): string {
  const cards = html.split("<li").slice(1);
  const found = cards.find((c) => c.includes(name));
  expect(found, name).toBeDefined();
  return found!;
}

describe("FavouritesGrid", () => {
  it("shows a redeemed favourite's photo, address, referent and sheet", () => {
    const html = card(render([redeemed, anonymised]), redeemed.name);
    expect(html).toContain('src="/uploads/w/2/a.webp"');
    expect(html).not.toContain('<svg viewBox="0 0 160 120"');
    expect(html).toContain("Via Guglielmo Marconi 46, Casalpusterlengo (LO)");
    expect(html).toContain("1.710\u00a0m²");
    expect(html).toContain("mailto:referent@demo.test");
    expect(html).toContain('href="/en/warehouses/2"');
  });

  it("draws the shed for an anonymised favourite, with its city only and no sheet", () => {
    const html = card(render([redeemed, anonymised]), "Stocker 124");
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<svg viewBox="0 0 160 120"[^>]*aria-hidden="true"/);
    expect(html).toContain("Milano (MI)");
    expect(html).toContain("6.030\u00a0m²");
    expect(html).not.toContain('href="/en/warehouses/124"');
    expect(html).toContain('href="/en/stock-hunter/profile/warehouses/124"');
  });

  it("offers a quote request on each favourite that takes requests, not in an administrator's view", () => {
    const switchedOff: FavouriteCard = { ...redeemed, id: 3, name: "Switched off", quote_position: null, detail_url: null };
    const html = render([redeemed, anonymised, switchedOff]);
    expect(card(html, redeemed.name)).toContain('data-testid="favourite-quote-2"');
    expect(card(html, "Stocker 124")).toContain('data-testid="favourite-quote-124"');
    // A warehouse switched off takes no request and has no public sheet to link to.
    expect(card(html, "Switched off")).not.toContain("favourite-quote-");
    expect(card(html, "Switched off")).not.toContain('href="/en/warehouses/3"');
    expect(render([redeemed, anonymised], true)).not.toContain("favourite-quote-");
  });

  it("gives each card the hunter's heart to drop it from the favourites, not in an administrator's view", () => {
    const html = render([redeemed, anonymised]);
    expect(card(html, redeemed.name)).toMatch(/aria-pressed="true"[^>]*data-testid="favourite-toggle-2"/);
    expect(card(html, "Stocker 124")).toContain('data-testid="favourite-toggle-124"');
    expect(render([redeemed, anonymised], true)).not.toContain("favourite-toggle-");
  });

  it("says so when there is none", () => {
    const html = render([]);
    expect(html).not.toContain('data-testid="favourites"');
    expect(html).toContain("You have no favourite warehouses yet.");
  });
});
