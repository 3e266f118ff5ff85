// The three popups every /{locale} page has. Rendered once, by the site shell.
// Each popup's code (React Aria's dialog and form parts, the schemas, its messages) loads the
// first time it opens, not with the page: most visits never open one, and every page would
// otherwise carry them (the JavaScript budget, scripts/js-budget.ts). Once loaded a popup stays
// mounted, closed, as before, so it opens and closes at once from then on.
import { lazy, Suspense, useEffect, useState } from "react";
import type { Locale } from "../../lib/locale.ts";
import type { CurrentUser } from "../../lib/root-data.ts";
import { usePopups, type PopupState } from "./PopupContext.tsx";

const LoginDialog = lazy(() => import("./LoginDialog.tsx").then((module) => ({ default: module.LoginDialog })));
const RegisterDialog = lazy(() => import("./RegisterDialog.tsx").then((module) => ({ default: module.RegisterDialog })));
const SupportDialog = lazy(() => import("./SupportDialog.tsx").then((module) => ({ default: module.SupportDialog })));

type PopupKind = Exclude<PopupState["kind"], "closed">;

export function GlobalPopups({ locale, user }: { locale: Locale; user: CurrentUser | null }) {
  const { popup } = usePopups();
  // The popups opened so far on this page (kept across navigations: the shell stays mounted).
  const [opened, setOpened] = useState<ReadonlySet<PopupKind>>(() => new Set());
  useEffect(() => {
    if (popup.kind !== "closed" && !opened.has(popup.kind)) setOpened((kinds) => new Set(kinds).add(popup.kind as PopupKind));
  }, [popup.kind, opened]);
  const wanted = (kind: PopupKind) => popup.kind === kind || opened.has(kind);

  return (
    <>
      {/* One boundary each: a popup loading for the first time never hides another. */}
      <Suspense fallback={null}>{!user && wanted("login") && <LoginDialog locale={locale} />}</Suspense>
      <Suspense fallback={null}>{!user && wanted("register") && <RegisterDialog locale={locale} />}</Suspense>
      <Suspense fallback={null}>{wanted("support") && <SupportDialog locale={locale} user={user} />}</Suspense>
    </>
  );
}
