// {stocker_prefix}/invite: the stocker's invite code (copy or share), the link that opens the
// stocker registration with it, how many colleagues used it and the three reward tiers.
import type { Route } from "./+types/invite";
import { m } from "../../paraglide/messages.js";
import { invitePageLoader } from "../shared/invite-page.server.ts";
import { InviteCard } from "../../components/area/InviteCard.tsx";

export const loader = invitePageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_invite() }) }, { name: "robots", content: "noindex" }];
}

export default function Invite({ loaderData }: Route.ComponentProps) {
  return <InviteCard data={loaderData} />;
}
