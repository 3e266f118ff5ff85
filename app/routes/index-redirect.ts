// "/" → "/{locale}", choosing the language from the cookie or the browser. The query is
// kept: invite links are {origin}?serr=1&ic={invite_code}.
import { redirect } from "react-router";
import { pageLoader } from "../server/http/page.ts";

export const loader = pageLoader({ access: "public" }, ({ url, locale }) => redirect(`/${locale}${url.search}`));
