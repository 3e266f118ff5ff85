// /{locale}/stocker, /{locale}/referent and /{locale}/stock-hunter → the area's start page
// under …/profile (the spec's paths), for someone who types or shortens the address. The
// query is kept; the area's own guard then answers for who may enter.
import { redirect } from "react-router";
import { pageLoader } from "../server/http/page.ts";

export const loader = pageLoader({ access: "public" }, ({ url }) => redirect(`${url.pathname.replace(/\/+$/, "")}/profile${url.search}`));
