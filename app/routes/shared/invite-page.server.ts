// {stocker_prefix}/invite: the stocker's invite code, the link that opens the stocker
// registration with it ({origin}?serr=1&ic={invite_code}: "/" keeps the query on its way to
// /{locale}, and the popups read serr and ic), how many registrations used it, and the reward
// tiers with the one reached.
import { pageLoader } from "../../server/http/page.ts";
import { NotFoundError } from "../../server/errors.ts";
import { findInviteCode } from "../../server/accounts/accounts.queries.ts";
import { inviteLink, inviteTier } from "../../lib/invite.ts";
import { areaFrame } from "./area-pages.server.ts";

export const invitePageLoader = pageLoader({ access: { area: "stocker" } }, async ({ area, services }) => {
  const row = await findInviteCode(services.db, { id: area.owner.id });
  if (!row) throw new NotFoundError();
  return {
    code: row.invite_code,
    link: inviteLink(services.config.origin, row.invite_code),
    count: row.invite_count,
    tier: inviteTier(row.invite_count),
    frame: areaFrame(area),
    locale: area.locale,
  };
});
