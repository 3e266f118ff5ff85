// The data page of every area ({prefix}/data): the profile card (business name or name,
// e-mail, masked password, telephone, company, market, website), the note of an address
// change waiting for its link, and two popups (ProfilePopups.tsx, loaded when one opens)
// posting to the page's own action (app/routes/shared/profile-pages.server.ts, dataPageAction).
// The page's data reloads by itself after a successful action (React Router revalidates).
// In an administrator's view the profile popup works (audited) and the credentials are read-only.
// A stocker's page also has the subscription and payment-method blocks (billing/ProfileBillingBlocks.tsx).
// Every page ends with the e-mail preferences (EmailPreferences.tsx), read-only to an administrator.
// The administrator's view adds the back office's tools on the account (admin/AdminAccountTools.tsx,
// loaded in that view only: the users' own pages do not carry it).
import { lazy, Suspense, useState, type ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { useLocale } from "../../lib/root-data.ts";
import { formatDate } from "../../lib/format.ts";
import { areaBase, type AreaRole } from "../../lib/area-paths.ts";
import type { Market } from "../account/useMarkets.ts";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { PageHeading } from "../ui/PageParts.tsx";
import type { ProfileBillingView } from "../../lib/billing.ts";
import { ProfileBillingBlocks } from "../billing/ProfileBillingBlocks.tsx";
import { EmailText } from "../ui/EmailText.tsx";
import type { AdminAccountView, DataIntent } from "../../lib/profile-page.ts";
import { fullName } from "../../lib/person-name.ts";
import type { EmailPreferences } from "../../lib/email-preferences.ts";
import { EmailPreferencesSection } from "./EmailPreferences.tsx";

const ProfilePopup = lazy(() => import("./ProfilePopups.tsx").then((module) => ({ default: module.ProfilePopup })));
const AdminAccountTools = lazy(() => import("../admin/AdminAccountTools.tsx").then((module) => ({ default: module.AdminAccountTools })));
const CredentialsPopup = lazy(() => import("./ProfilePopups.tsx").then((module) => ({ default: module.CredentialsPopup })));

type DateValue = Date | string;

/** What the data page's loader hands this component (app/routes/shared/profile-pages.server.ts). */
export type ProfilePageData = {
  profile: {
    first_name: string | null;
    last_name: string | null;
    company: string | null;
    business_name: string | null;
    email: string;
    telephone: string | null;
    market_id: number | null;
    market: string | null;
    website: string | null;
    created_at: DateValue;
  };
  markets: Market[];
  pendingEmail: { email: string; expires_at: DateValue } | null;
  /** The fields this role must fill in. */
  required: readonly string[];
  /** The stocker's subscription and payment method (null for the other roles). */
  billing?: ProfileBillingView | null;
  /** The notification kinds the owner's address gets (EmailPreferences.tsx). */
  emailPreferences: EmailPreferences;
  /** The back office's tools on the account: in an administrator's view only. */
  adminAccount?: AdminAccountView | null;
  /** The area's base path (the loader adds it), for the billing links. */
  frame?: { base: string };
};

/** A web address as a link that can only be http(s). */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function ProfileData({ data, role, asAdmin }: { data: ProfilePageData; role: AreaRole; asAdmin: boolean }) {
  const { profile, pendingEmail } = data;
  const locale = useLocale();
  const [open, setOpen] = useState<DataIntent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = fullName(profile);
  const business = profile.company || profile.business_name;
  const notGiven = <span className="text-slate-500">{m.aprof_not_set()}</span>;

  const saved = (text: string) => {
    setOpen(null);
    setNotice(text);
  };

  return (
    <div className="space-y-5" data-testid="profile-data">
      <PageHeading title={m.area_nav_data()} intro={asAdmin ? m.aprof_intro_admin() : m.aprof_intro()} />
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {pendingEmail && (
        <FormMessage tone="info">
          <span data-testid="pending-email">{m.aprof_pending_email({ email: pendingEmail.email, date: formatDate(pendingEmail.expires_at) })}</span>
        </FormMessage>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="profile-card-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="profile-card-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                {m.aprof_card_profile()}
              </h2>
              <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="profile-title">
                {business || name || profile.email}
              </p>
            </div>
            <button type="button" onClick={() => setOpen("profile")} className={buttonClass("secondary", "sm")}>
              {m.aprof_edit_profile()}
            </button>
          </div>
          <dl className="divide-y divide-slate-100 text-sm">
            {/* The business a stocker registered with, when it is not already the company below. */}
            {profile.business_name && profile.business_name !== profile.company && <Row label={m.aprof_label_business()}>{profile.business_name}</Row>}
            <Row label={m.aprof_label_name()}>{name || notGiven}</Row>
            <Row label={m.register_telephone()}>{profile.telephone || notGiven}</Row>
            <Row label={m.register_company()}>{profile.company || notGiven}</Row>
            <Row label={m.register_market()}>{profile.market || notGiven}</Row>
            <Row label={m.register_website()}>
              {profile.website ? (
                <a href={websiteHref(profile.website)} target="_blank" rel="noopener noreferrer nofollow" className={`${standaloneTextLinkClass} break-all`}>
                  {profile.website}
                  <span className="sr-only"> {m.opens_new_tab()}</span>
                </a>
              ) : (
                notGiven
              )}
            </Row>
            <Row label={m.aprof_label_since()}>{formatDate(profile.created_at)}</Row>
          </dl>
        </section>

        <section aria-labelledby="credentials-card-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <h2 id="credentials-card-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {m.aprof_card_credentials()}
            </h2>
            {!asAdmin && (
              <button type="button" onClick={() => setOpen("credentials")} className={buttonClass("secondary", "sm")}>
                {m.aprof_edit_credentials()}
              </button>
            )}
          </div>
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={m.login_email()}>
              <span className="block" data-testid="profile-email">
                <EmailText email={profile.email} />
              </span>
            </Row>
            <Row label={m.aprof_label_password()}>
              <span aria-hidden="true" className="tracking-widest">
                ••••••••
              </span>
              <span className="sr-only">{m.aprof_password_hidden()}</span>
            </Row>
          </dl>
          {asAdmin && <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{m.aprof_admin_credentials_note()}</p>}
        </section>
      </div>

      {asAdmin && data.adminAccount && (
        <Suspense fallback={null}>
          <AdminAccountTools account={data.adminAccount} email={profile.email} name={business || name || profile.email} />
        </Suspense>
      )}

      {data.billing && <ProfileBillingBlocks billing={data.billing} base={data.frame?.base ?? areaBase("stocker", locale)} asAdmin={asAdmin} />}

      <EmailPreferencesSection email={profile.email} preferences={data.emailPreferences} asAdmin={asAdmin} />

      {open === "profile" && (
        <Suspense fallback={null}>
          <ProfilePopup data={data} role={role} isOpen onClose={() => setOpen(null)} onSaved={() => saved(m.aprof_saved_profile())} />
        </Suspense>
      )}
      {!asAdmin && open === "credentials" && (
        <Suspense fallback={null}>
          <CredentialsPopup
            email={profile.email}
            isOpen
            onClose={() => setOpen(null)}
            onSaved={(pending, passwordChanged) =>
              saved([pending ? m.aprof_saved_email() : null, passwordChanged ? m.aprof_saved_password() : null].filter(Boolean).join(" "))
            }
          />
        </Suspense>
      )}
    </div>
  );
}
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
