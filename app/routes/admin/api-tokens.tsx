// /admin/api-tokens: the administrator's own personal access tokens for the API (decision 059).
// Every call made with one is written to the audit log.
import type { Route } from "./+types/api-tokens";
import { m } from "../../paraglide/messages.js";
import { adminApiTokensPageAction, adminApiTokensPageLoader } from "../shared/api-token-pages.server.ts";
import { ApiTokens } from "../../components/account/ApiTokens.tsx";
import { useRootData } from "../../lib/root-data.ts";

export const loader = adminApiTokensPageLoader;
export const action = adminApiTokensPageAction;

export function meta() {
  return [{ title: m.page_title({ title: m.tok_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminApiTokensPage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = useRootData();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ApiTokens data={loaderData} lastResult={actionData} csrfToken={csrfToken} />
    </div>
  );
}
