// {stocker_prefix}/api-tokens: the stocker's personal access tokens for the API (decision 059).
import type { Route } from "./+types/api-tokens";
import { m } from "../../paraglide/messages.js";
import { areaApiTokensPageAction, areaApiTokensPageLoader } from "../shared/api-token-pages.server.ts";
import { ApiTokens } from "../../components/account/ApiTokens.tsx";
import { useRootData } from "../../lib/root-data.ts";

export const loader = areaApiTokensPageLoader("stocker");
export const action = areaApiTokensPageAction("stocker");

export function meta() {
  return [{ title: m.page_title({ title: m.tok_title() }) }, { name: "robots", content: "noindex" }];
}

export default function ApiTokensPage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = useRootData();
  return <ApiTokens data={loaderData} lastResult={actionData} csrfToken={csrfToken} />;
}
