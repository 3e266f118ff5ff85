// {referent_prefix}/data: the user's details (name, business, contacts, masked password) and the
// two popups that edit them — profile data and credentials — posting to this page's action.
import type { Route } from "./+types/data";
import { m } from "../../paraglide/messages.js";
import { dataPageAction, dataPageLoader } from "../shared/profile-pages.server.ts";
import { ProfileData } from "../../components/area/ProfileData.tsx";
import { keepPageOnFailure } from "../../lib/page-action.ts";

export const loader = dataPageLoader("referent");
export const action = dataPageAction("referent");
// A failed save leaves the page as it is: the form shows the general error.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnFailure(serverAction);

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_data() }) }, { name: "robots", content: "noindex" }];
}

export default function Data({ loaderData }: Route.ComponentProps) {
  return <ProfileData data={loaderData} role="referent" asAdmin={loaderData.frame.asAdmin} />;
}
