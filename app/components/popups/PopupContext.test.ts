import { describe, it, expect } from "vitest";
import { popupFromSearch } from "./PopupContext.tsx";

describe("popupFromSearch", () => {
  it("opens the registration on the stocker form for ?serr and keeps the invite code", () => {
    expect(popupFromSearch("?serr=1&ic=ABC123", false)).toEqual({
      popup: { kind: "register", role: "stocker", step: "form", warehouseId: null },
      inviteCode: "ABC123",
    });
  });

  it("opens the registration on the stock hunter form for ?shrr and the login for ?ctml", () => {
    expect(popupFromSearch("?shrr=1", false).popup).toMatchObject({ kind: "register", role: "stock_hunter", step: "form" });
    expect(popupFromSearch("?ctml=1", false).popup).toEqual({ kind: "login" });
  });

  it("opens nothing for a logged-in user, but still reads the invite code", () => {
    expect(popupFromSearch("?ctml=1&ic=X", true)).toEqual({ popup: null, inviteCode: "X" });
    expect(popupFromSearch("?location=Milano", false)).toEqual({ popup: null, inviteCode: null });
  });
});
