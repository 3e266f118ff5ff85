// Catch-all for /api/*: a JSON 404 (the root middleware has already applied the area
// guard, so /api/admin/anything answers 401/403 before this).
import type { RouterContextProvider } from "react-router";
import { localeContext } from "../../server/context.ts";
import { jsonError } from "../../server/http/respond.ts";

const notFound = ({ context }: { context: Readonly<RouterContextProvider> }) => jsonError(404, "not_found", context.get(localeContext));
export const loader = notFound;
export const action = notFound;
