// The link from a hunter's area to a redeemed warehouse's public sheet, in a new tab (the area
// stays where it was): the favourites' cards, the requests' warehouses and a favourite's page.
import { m } from "../../paraglide/messages.js";
import { standaloneTextLinkClass } from "../ui/styles.ts";

export function WarehouseSheetLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={standaloneTextLinkClass}>
      {m.area_favourite_sheet()}
      <span className="sr-only"> {m.opens_new_tab()}</span>
    </a>
  );
}
