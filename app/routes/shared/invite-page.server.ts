// {stocker_prefix}/invite: the stocker's invite code, the link that opens the stocker
// registration with it ({origin}?serr=1&ic={invite_code}: "/" keeps the query on its way to
// /{locale}, and the popups read serr and ic), how many registrations used it, and the reward
// tiers with the one reached.
import { data } from "react-router";
import { servicesContext } from "../../server/context.ts";
import { findInviteCode } from "../../server/accounts/accounts.queries.ts";
import { inviteLink, inviteTier } from "../../lib/invite.ts";
import { areaFrame, areaPage, type AreaArgs } from "./area-pages.server.ts";

export async function loadInvitePage(args: AreaArgs) {
  const page = await areaPage(args, "stocker");
  const services = args.context.get(servicesContext);
  const row = await findInviteCode(services.db, { id: page.owner.id });
  if (!row) throw data({ code: "not_found" }, { status: 404 });
  return {
    code: row.invite_code,
    link: inviteLink(services.config.origin, row.invite_code),
    count: row.invite_count,
    tier: inviteTier(row.invite_count),
    frame: areaFrame(page),
    locale: page.locale,
  };
}
