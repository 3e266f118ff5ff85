// What the registration frame (../RegisterDialog.tsx) gives each role's form.
import type { Locale } from "../../../lib/locale.ts";

export type RegisterFormProps = {
  locale: Locale;
  /** From ?ic: send it as user_data.reg_invite_code. */
  inviteCode: string | null;
  /** An unclaimed warehouse to claim (stocker only): send as user_data.request_warehouse_id. */
  warehouseId: number | null;
  /** Back to the role choice. */
  onBack: () => void;
  onClose: () => void;
  openSupport: () => void;
  /** The form reached its last screen (the stocker's done screen): the frame hides its footer. */
  onFinished?: () => void;
};
