// The data page and the invite screen render what their loaders give them: the masked password,
// the pending address, the administrator's read-only credentials; the invite code, its link,
// the count and the tier reached. (Rendered in the base locale, English.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { ProfileData, type ProfilePageData } from "./ProfileData.tsx";
import { InviteCard } from "./InviteCard.tsx";
import { COPIED_MS } from "../ui/CopyButton.tsx";
import { inviteLink, inviteTier } from "../../lib/invite.ts";
import { popupFromSearch } from "../popups/PopupContext.tsx";

function render(element: ReactElement, path = "/en/stocker/profile/data"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const data: ProfilePageData = {
  profile: {
    first_name: "Ada",
    last_name: "Lovelace",
    company: null,
    business_name: "Analytical Logistics",
    email: "ada@test.example",
    telephone: "+39 02 1234567",
    market_id: 1,
    market: "Food",
    website: "www.analytical.example",
    created_at: "2030-03-01T10:00:00Z",
  },
  markets: [{ id: 1, label: "Alimentare", label_en: "Food" }],
  pendingEmail: { email: "new@test.example", expires_at: "2030-03-02T10:00:00Z" },
  required: ["first_name", "last_name", "telephone"],
  emailPreferences: { requests: true, deal: true, reminders: false, alerts: true, news: false },
};

describe("ProfileData", () => {
  it("shows the business name, the details, the masked password, the pending address and both edit buttons", () => {
    const html = render(<ProfileData data={data} role="stocker" asAdmin={false} />);
    expect(html).toContain("Analytical Logistics");
    expect(html).toContain("Ada Lovelace");
    expect(html.replaceAll("<wbr/>", "")).toContain("ada@test.example"); // the address may wrap before its "@"
    expect(html).toContain("••••••••");
    expect(html).not.toContain("password_hash");
    expect(html).toContain("new@test.example");
    expect(html).toContain("02.03.2030");
    expect(html).toContain('href="https://www.analytical.example"');
    expect(html).toContain("Edit profile data");
    expect(html).toContain("Change e-mail or password");
  });

  it("in an administrator's view, keeps the profile button and makes the credentials read-only", () => {
    const html = render(<ProfileData data={{ ...data, pendingEmail: null }} role="stocker" asAdmin />, "/admin/stocker/5/data");
    expect(html).toContain("Edit profile data");
    expect(html).not.toContain("Change e-mail or password");
    expect(html).toContain("Only the user can change the password. A new login e-mail can be asked for under Account management");
    expect(html).not.toContain("new@test.example");
  });

  it("says 'Not given' for empty fields and links only http(s) websites", () => {
    const html = render(
      <ProfileData
        data={{ ...data, profile: { ...data.profile, business_name: null, telephone: null, market: null, website: "javascript:alert(1).com" } }}
        role="stock_hunter"
        asAdmin={false}
      />,
    );
    expect(html).toContain("Not given");
    expect(html).toContain('href="https://javascript:alert(1).com"');
    expect(html).not.toContain('href="javascript:');
  });
});

describe("the e-mail preferences on the data page", () => {
  /** The opening tag of the checkbox of a kind. */
  const box = (html: string, kind: string) => html.match(new RegExp(`<input[^>]*name="email_preferences\\[${kind}\\]"[^>]*>`))?.[0] ?? "";

  it("lists every kind with what it covers, ticked as the address gets it, and says what is always sent", () => {
    const html = render(<ProfileData data={data} role="stocker" asAdmin={false} />);
    expect(html).toContain('id="email-preferences"');
    for (const label of ["Quote requests", "Offers and messages", "Reminders", "Saved search alerts", "News"]) expect(html).toContain(label);
    expect(html).toContain("New warehouses that match a search you saved");
    expect(html).toContain("E-mails about your account and its security");
    expect(box(html, "requests")).toContain("checked");
    expect(box(html, "alerts")).toContain("checked");
    expect(box(html, "reminders")).not.toContain("checked");
    expect(box(html, "news")).not.toContain("checked");
    // A plain form: it posts to the page's action before the script runs.
    expect(html).toMatch(/<form[^>]*data-testid="email-preferences-form"[^>]*method="post"/);
    expect(html).toContain('name="intent" value="email_preferences"');
    expect(html).toContain("Save preferences");
  });

  it("in an administrator's view, shows the choice without a form", () => {
    const html = render(<ProfileData data={data} role="stocker" asAdmin />, "/admin/stocker/5/data");
    expect(html).toContain("Saved search alerts");
    expect(html).not.toContain('data-testid="email-preferences-form"');
    expect(html).not.toContain("email_preferences[");
    expect(html).toContain("Turned off");
    expect(html).toContain("Only the user chooses which e-mails they get");
  });
});

describe("InviteCard", () => {
  it("shows the code, the link, the count and highlights the tier reached", () => {
    const html = render(
      <InviteCard data={{ code: "INV42", link: "https://stockspace.test?serr=1&ic=INV42", count: 7, tier: 2 }} />,
      "/en/stocker/profile/invite",
    );
    expect(html).toContain("INV42");
    expect(html).toContain("https://stockspace.test?serr=1&amp;ic=INV42");
    expect(html).toContain(">7<");
    expect(html).toMatch(/<li[^>]*aria-current="step"[^>]*data-testid="invite-tier-2"/);
    expect(html.split('aria-current="step"').length - 1).toBe(1);
    expect(html).toContain('aria-live="polite"');
    // No share button before hydration (navigator.share is only known in the browser).
    expect(html).not.toContain('data-testid="invite-share"');
    expect(html).toContain("1 to 5 invites");
    expect(html).toContain("6 to 10 invites");
    expect(html).toContain("More than 10 invites");
  });

  it("with no registrations yet, highlights nothing and says how to start", () => {
    const html = render(<InviteCard data={{ code: "INV42", link: "x", count: 0, tier: 0 }} />);
    expect(html).not.toContain('aria-current="step"');
    expect(html).toContain("No registrations with your code yet");
  });

  it("keeps the copied confirmation for 2000 ms", () => {
    expect(COPIED_MS).toBe(2000);
  });
});

describe("the invite link and tiers", () => {
  it("builds {origin}?serr=1&ic={code}, which opens the stocker registration with the code", () => {
    const link = inviteLink("https://stockspace.test/", "AB 12");
    expect(link).toBe("https://stockspace.test?serr=1&ic=AB%2012");
    const url = new URL(link);
    expect(popupFromSearch(url.search, false)).toEqual({ popup: { kind: "register", role: "stocker", step: "form", warehouseId: null }, inviteCode: "AB 12" });
  });

  it("reads the spec's tiers as 1–5, 6–10 and more than 10", () => {
    expect([0, 1, 5, 6, 10, 11, 500].map(inviteTier)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
});
