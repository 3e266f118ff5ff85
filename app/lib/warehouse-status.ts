// A warehouse's status as its owners and the back office read it: pending
// shows as awaiting approval, refused as not approved, otherwise approved; switched off on top.
export type WarehouseStatusValue = "pending" | "approved" | "refused";

export type WarehouseStatusKey = "approved" | "pending" | "refused" | "deactivated";

export function warehouseStatusKey(w: { status: WarehouseStatusValue; deactivated: boolean }): WarehouseStatusKey {
  if (w.deactivated) return "deactivated";
  return w.status;
}
