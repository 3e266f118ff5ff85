// The search lives in the address: this search's address with some parameters changed, the
// filters' edit link, and the search on its way (a navigation to the page with a place).
import { useLocation, useNavigation } from "react-router";
import { useLocale } from "../../lib/root-data.ts";

export function useSearchAddress() {
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const path = `/${locale}/stocks`;

  /** This search's address with some parameters changed (null removes one); never the edit flag. */
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `${path}?${params}`;
  };
  const editParams = new URLSearchParams(location.search);
  editParams.set("edit", "1");

  // A search on its way: skeletons where its results will come (opening the filters is not one).
  const next = navigation.state === "loading" && navigation.location?.pathname === path ? new URLSearchParams(navigation.location.search) : null;
  const pending = !!next && !next.has("edit") && (next.has("location") || next.has("lat"));

  return { path, hrefWith, editHref: `${path}?${editParams}`, next, pending, current: new URLSearchParams(location.search) };
}
