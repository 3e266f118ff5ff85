// /{locale}/referent/profile: the referent's start page — who you are, the warehouses you
// manage and the latest requests they received.
import type { Route } from "./+types/profile";
import { m } from "../../paraglide/messages.js";
import { ownerStartPageLoader } from "../shared/start-pages.server.ts";
import { OwnerStartPage } from "../../components/area/AreaStartPages.tsx";

export const loader = ownerStartPageLoader("referent");

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_profile() }) }, { name: "robots", content: "noindex" }];
}

export default function ReferentProfile({ loaderData: { data, frame } }: Route.ComponentProps) {
  return <OwnerStartPage data={data} base={frame.base} role="referent" asAdmin={frame.asAdmin} />;
}
