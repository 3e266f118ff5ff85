// {stock_hunter_prefix}/saved-searches: the hunter's saved searches, 8 to a page (?page=N), each
// with its criteria, its state and its actions (decision 038).
import type { Route } from "./+types/saved-searches";
import { m } from "../../paraglide/messages.js";
import { savedSearchesPageAction, savedSearchesPageLoader } from "../shared/saved-search-pages.server.ts";
import { SavedSearches } from "../../components/area/SavedSearches.tsx";
import { useRootData } from "../../lib/root-data.ts";

export const loader = savedSearchesPageLoader;
export const action = savedSearchesPageAction;

export function meta() {
  return [{ title: m.page_title({ title: m.ss_nav() }) }, { name: "robots", content: "noindex" }];
}

export default function SavedSearchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = useRootData();
  return <SavedSearches data={loaderData} lastResult={actionData} csrfToken={csrfToken} />;
}
