// The stocker's invite screen ({stocker_prefix}/invite): the invite code with a copy button
// (the "Copied" confirmation shows for 2000 ms, announced by a live region) and a share button
// (the system's share sheet, only where the browser has one), the invite link, how many
// registrations used the code, and the three reward tiers with the one reached. Copy and share
// failures are only logged, never shown.
import { useEffect, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { INVITE_TIERS, type InviteTier } from "../../lib/invite.ts";
import { formatNumber } from "../../lib/format.ts";
import { buttonClass } from "../ui/styles.ts";
import { CopyButton } from "../ui/CopyButton.tsx";
import { PageHeading } from "../ui/PageParts.tsx";

export type InvitePageData = { code: string; link: string; count: number; tier: InviteTier };

const TIER_TEXT = {
  1: { range: () => m.ainv_tier1_range(), text: () => m.ainv_tier1_text() },
  2: { range: () => m.ainv_tier2_range(), text: () => m.ainv_tier2_text() },
  3: { range: () => m.ainv_tier3_range(), text: () => m.ainv_tier3_text() },
} as const;

export function InviteCard({ data }: { data: InvitePageData }) {
  // navigator.share exists only in some browsers: known after hydration, so the server's
  // page and the first render agree (no button), then it appears where it works.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);

  async function share() {
    try {
      await navigator.share({ title: m.ainv_share_title(), text: m.ainv_share_text({ code: data.code }), url: data.link });
    } catch (err) {
      // Closing the share sheet rejects too; either way nothing is shown.
      console.error("invite: share failed", err);
    }
  }

  return (
    <div className="space-y-5" data-testid="invite-card">
      <PageHeading title={m.area_nav_invite()} intro={m.ainv_intro()} />

      <section aria-labelledby="invite-code-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="invite-code-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {m.ainv_code_label()}
        </h2>
        <p className="mt-2 font-mono text-3xl font-bold tracking-[0.2em] text-brand-800" data-testid="invite-code">
          {data.code}
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <CopyButton text={data.code} label={m.ainv_copy_code()} testId="invite-copy-code" />
          {canShare && (
            <button type="button" onClick={() => void share()} className={buttonClass("primary", "sm")} data-testid="invite-share">
              {m.ainv_share()}
            </button>
          )}
        </div>

        <div className="mt-6 border-t border-slate-100 pt-5">
          <h3 className="text-sm font-medium text-slate-800">{m.ainv_link_label()}</h3>
          <p className="mt-1 text-xs text-slate-500">{m.ainv_link_hint()}</p>
          <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-800" data-testid="invite-link">
            {data.link}
          </p>
          <div className="mt-3">
            <CopyButton text={data.link} label={m.ainv_copy_link()} testId="invite-copy-link" />
          </div>
        </div>
      </section>

      <section aria-labelledby="invite-rewards-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="invite-rewards-title" className="text-lg font-semibold text-slate-900">
              {m.ainv_tiers_title()}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{m.ainv_tiers_intro()}</p>
          </div>
          <p className="text-right">
            <span className="block text-xs text-slate-500">{m.ainv_count_label()}</span>
            <span className="text-3xl font-bold text-slate-900" data-testid="invite-count">
              {formatNumber(data.count)}
            </span>
          </p>
        </div>
        {data.tier === 0 && <p className="mt-4 text-sm text-slate-600">{m.ainv_tier_none()}</p>}
        <ol className="mt-4 grid gap-3 sm:grid-cols-3">
          {INVITE_TIERS.map(({ tier }) => {
            const current = data.tier === tier;
            return (
              <li
                key={tier}
                aria-current={current ? "step" : undefined}
                data-testid={`invite-tier-${tier}`}
                className={`rounded-xl border p-4 ${current ? "border-brand-500 bg-brand-50 ring-2 ring-brand-500/30" : "border-slate-200 bg-white"}`}
              >
                <p className="flex items-center justify-between gap-2 font-semibold text-slate-900">
                  {TIER_TEXT[tier].range()}
                  {current && <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{m.ainv_tier_current()}</span>}
                </p>
                <p className="mt-2 text-sm text-slate-600">{TIER_TEXT[tier].text()}</p>
              </li>
            );
          })}
        </ol>
        <p className="mt-4 text-xs text-slate-500">{m.ainv_rewards_note()}</p>
      </section>
    </div>
  );
}
