// The back office's tools on a user's account (static markup, Italian): the sessions as stored,
// the account type only where it may change, the reset not offered to an account switched off.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { AdminAccountTools } from "./AdminAccountTools.tsx";
import type { AdminAccountView } from "../../lib/profile-page.ts";

overwriteGetLocale(() => "it");

const session = {
  id: "a".repeat(64),
  created_at: new Date("2030-03-04T09:00:00Z"),
  last_seen_at: new Date("2030-03-05T16:30:00Z"),
  expires_at: new Date("2030-04-04T09:00:00Z"),
  remember: true,
  ip: "203.0.113.7",
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
};

function render(account: AdminAccountView): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <AdminAccountTools account={account} email="mario@example.test" name="Mario Rossi" /> }]);
  return renderToString(<Stub initialEntries={["/admin/stocker/7/data"]} />);
}

const stocker: AdminAccountView = {
  role: "stocker",
  account_type: 1,
  account_type_editable: true,
  active: true,
  erased_at: null,
  user_id: 7,
  sessions: [session],
};

describe("the account tools", () => {
  it("lists the sessions with their dates, browser and IP, each with its end button, and the end of all", () => {
    const html = render(stocker);
    expect(html).toContain("Sessioni aperte: 1");
    expect(html).toContain("203.0.113.7");
    expect(html).toContain(">Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML…</td>");
    expect(html).toContain(`title="${session.user_agent}"`);
    expect(html).toContain("04.03.2030 10:00");
    expect(html).toContain("05.03.2030 17:30");
    expect(html).toContain(">Termina<");
    expect(html).toContain("Termina tutte le sessioni");
    expect(html).toContain("Tipo di account: Stock Keeper");
    expect(html).toContain("Cambia e-mail");
  });

  it("offers no account type on a hunter, no reset to an account switched off, and says when there is no session", () => {
    const html = render({ role: "stock_hunter", account_type: null, account_type_editable: false, active: false, erased_at: null, user_id: 8, sessions: [] });
    expect(html).not.toContain("Tipo di account");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Invia reimpostazione password<\/button>/);
    expect(html).toContain("Nessuna sessione aperta");
    expect(html).not.toContain("Termina tutte");
  });

  it("offers the GDPR requests: the export and the erasure", () => {
    const html = render(stocker);
    expect(html).toContain("Dati personali (GDPR)");
    expect(html).toContain(">Esporta dati<");
    expect(html).toContain(">Cancella account<");
  });

  it("shows an erased account as erased, with no tool left", () => {
    const html = render({ ...stocker, erased_at: new Date("2030-03-06T10:00:00Z"), active: false, sessions: [] });
    expect(html).toContain("Account cancellato il 06.03.2030");
    expect(html).not.toContain("Cambia e-mail");
    expect(html).not.toContain(">Cancella account<");
  });
});
