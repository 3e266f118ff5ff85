// The hunter's favourites among the search's cards (the lists and the map's card): the hearts'
// state, a toggle under way, and why the last one failed (said on that card for a while).
import { useEffect, useState } from "react";
import { toggleFavouriteCall, useFavouriteFailure } from "../warehouse/FavouriteToggle.tsx";

function sameIds(set: ReadonlySet<number>, ids: readonly number[]): boolean {
  return set.size === ids.length && ids.every((id) => set.has(id));
}

export function useFavourites(ids: readonly number[]) {
  const [favourites, setFavourites] = useState<Set<number>>(() => new Set(ids));
  const [pending, setPending] = useState(false);
  const { failureFor, setFailure } = useFavouriteFailure();
  // Effects that run at hydration keep the state they already hold when nothing changed: a new
  // Set would render the whole page (40 cards) a second time on a phone's busy CPU.
  useEffect(() => setFavourites((current) => (sameIds(current, ids) ? current : new Set(ids))), [ids]);

  async function toggle(id: number) {
    setPending(true);
    setFailure(null);
    const result = await toggleFavouriteCall(id);
    setPending(false);
    if ("ids" in result) setFavourites(new Set(result.ids));
    else setFailure({ id, kind: result.failure });
  }

  return { has: (id: number) => favourites.has(id), pending, failureFor, toggle };
}
