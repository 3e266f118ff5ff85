// The referent block of a warehouse's page: who receives its quote requests, in the owner's area
// whether the owner receives them by e-mail too, and the button that opens the change-referent popup.
import { useState } from "react";
import { m } from "../../paraglide/messages.js";
import type { ReferentSummary } from "../../lib/warehouse-pages.ts";
import { buttonClass, standaloneLinkClass } from "../ui/styles.ts";
import { ChangeReferentDialog } from "./ChangeReferentDialog.tsx";
import { EmailText } from "../ui/EmailText.tsx";
import { OwnerRequestEmails } from "./OwnerRequestEmails.tsx";
import { personName } from "../../lib/person-name.ts";

type Props = {
  warehouse: { id: number; name: string };
  referent: ReferentSummary | null;
  referents: ReferentSummary[];
  api: string;
  /** The owner's e-mails of the requests the referent handles: its call (null: shown only); absent outside the owner's area. */
  ownerMail?: { enabled: boolean; api: string | null };
};

export function ReferentCard({ warehouse, referent, referents, api, ownerMail }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="referent-title" data-testid="referent-card">
      <h2 id="referent-title" className="text-lg font-semibold text-slate-900">
        {m.wm_referent_title()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.wm_referent_intro()}</p>
      {referent ? (
        <dl className="mt-4 space-y-1 text-sm">
          <dt className="sr-only">{m.wm_referent_title()}</dt>
          <dd className="font-semibold text-slate-900" data-testid="referent-name">
            {personName(referent)}
          </dd>
          <dd>
            <a href={`mailto:${referent.email}`} className={`${standaloneLinkClass} text-brand-700 hover:underline`}>
              <EmailText email={referent.email} />
            </a>
          </dd>
          {referent.telephone && <dd className="text-slate-700">{referent.telephone}</dd>}
          {!referent.completed && <dd className="text-xs text-amber-700">{m.wm_referent_invited()}</dd>}
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{m.wm_referent_none()}</p>
      )}
      {referent && ownerMail && <OwnerRequestEmails enabled={ownerMail.enabled} api={ownerMail.api} />}
      <button type="button" onClick={() => setOpen(true)} className={buttonClass("secondary", "md", "mt-5 w-full sm:w-auto")}>
        {referent ? m.wm_referent_change() : m.wm_referent_set()}
      </button>
      <ChangeReferentDialog isOpen={open} onClose={() => setOpen(false)} warehouse={warehouse} current={referent} referents={referents} api={api} />
    </section>
  );
}
