// The three popups every /{locale} page has. Rendered once, by the site shell.
import type { Locale } from "../../lib/locale.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import { LoginDialog } from "./LoginDialog.tsx";
import { RegisterDialog } from "./RegisterDialog.tsx";
import { SupportDialog } from "./SupportDialog.tsx";

export function GlobalPopups({ locale, user }: { locale: Locale; user: CurrentUser | null }) {
  return (
    <>
      {!user && <LoginDialog locale={locale} />}
      {!user && <RegisterDialog locale={locale} />}
      <SupportDialog locale={locale} user={user} />
    </>
  );
}
