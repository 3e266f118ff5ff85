// Which global popup is open (login, registration, support), for the whole /{locale} area.
// The state lives here, not in the URL; the URL only opens a popup on arrival:
//   ?serr  registration, stocker form  ?shrr  registration, stock hunter form
//   ?ctml  login                      ?ic=…  invite code, kept for the registration
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

export type RegisterRole = "stock_hunter" | "stocker";

export type RegisterOptions = {
  /** Preselects a role on the choice screen. */
  role?: RegisterRole | null;
  /** Skips the choice and opens the role's form (needs `role`). */
  step?: "choice" | "form";
  /** An unclaimed warehouse the new stocker asks to claim (request_warehouse_id). */
  warehouseId?: number | null;
};

export type PopupState =
  | { kind: "closed" }
  | { kind: "login" }
  | { kind: "register"; role: RegisterRole | null; step: "choice" | "form"; warehouseId: number | null }
  | { kind: "support" };

type PopupContextValue = {
  popup: PopupState;
  /** The invite code from ?ic, sent as reg_invite_code on registration. */
  inviteCode: string | null;
  openLogin: () => void;
  openRegister: (options?: RegisterOptions) => void;
  openSupport: () => void;
  close: () => void;
  /** Moves the open registration popup between its steps. */
  setRegister: (state: Partial<Extract<PopupState, { kind: "register" }>>) => void;
};

const PopupContext = createContext<PopupContextValue | null>(null);

/** What a page address asks to open on arrival (exported for tests). */
export function popupFromSearch(search: string, loggedIn: boolean): { popup: PopupState | null; inviteCode: string | null } {
  const params = new URLSearchParams(search);
  const inviteCode = params.get("ic")?.trim() || null;
  let popup: PopupState | null = null;
  if (!loggedIn) {
    // Straight to the role's form: the link already chose the role (the back button returns to the choice).
    if (params.has("serr")) popup = { kind: "register", role: "stocker", step: "form", warehouseId: null };
    else if (params.has("shrr")) popup = { kind: "register", role: "stock_hunter", step: "form", warehouseId: null };
    else if (params.has("ctml")) popup = { kind: "login" };
  }
  return { popup, inviteCode };
}

export function PopupProvider({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const [popup, setPopup] = useState<PopupState>({ kind: "closed" });
  const [inviteCode, setInviteCode] = useState<string | null>(null);
  const location = useLocation();

  // The element that opened the first popup of a chain (login → registration → support):
  // React Aria gives focus back to the previous popup's button, which is gone by then, so
  // when the chain closes focus goes back here.
  const openerRef = useRef<HTMLElement | null>(null);
  const popupRef = useRef(popup);
  popupRef.current = popup; // read by open() without re-creating it

  const open = useCallback((next: PopupState) => {
    if (popupRef.current.kind === "closed" && typeof document !== "undefined") {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    setPopup(next);
  }, []);

  useEffect(() => {
    if (popup.kind !== "closed") return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const opener = openerRef.current;
      if ((!active || active === document.body) && opener?.isConnected) opener.focus();
      openerRef.current = null;
    });
    return () => cancelAnimationFrame(frame);
  }, [popup.kind]);

  const openLogin = useCallback(() => open({ kind: "login" }), [open]);
  const openSupport = useCallback(() => open({ kind: "support" }), [open]);
  const close = useCallback(() => setPopup({ kind: "closed" }), []);
  const openRegister = useCallback(
    (options: RegisterOptions = {}) =>
      open({
        kind: "register",
        role: options.role ?? null,
        step: options.step === "form" && options.role ? "form" : "choice",
        warehouseId: options.warehouseId ?? null,
      }),
    [open],
  );
  const setRegister = useCallback(
    (next: Partial<Extract<PopupState, { kind: "register" }>>) =>
      setPopup((current) => (current.kind === "register" ? { ...current, ...next, kind: "register" } : current)),
    [],
  );

  // On arrival and on every navigation to an address carrying one of the parameters.
  useEffect(() => {
    const wanted = popupFromSearch(location.search, loggedIn);
    if (wanted.inviteCode) setInviteCode(wanted.inviteCode);
    if (wanted.popup) open(wanted.popup);
    // location.key changes on every navigation, also to the same address.
  }, [location.key, location.search, loggedIn, open]);

  const value = useMemo(
    () => ({ popup, inviteCode, openLogin, openRegister, openSupport, close, setRegister }),
    [popup, inviteCode, openLogin, openRegister, openSupport, close, setRegister],
  );
  return <PopupContext.Provider value={value}>{children}</PopupContext.Provider>;
}

export function usePopups(): PopupContextValue {
  const value = useContext(PopupContext);
  if (!value) throw new Error("usePopups must be used inside <PopupProvider>");
  return value;
}
