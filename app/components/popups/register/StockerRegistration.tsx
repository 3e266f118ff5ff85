// The stocker registration form. To be built with the accounts work: step 1 the form
// (email, request_business_name, request_vat, request_country, request_address,
// request_cap, request_city, request_province, conditions, privacy, …), step 2 a done
// screen with a link back to /{locale}; POST /register with user_data (role "stocker",
// request_warehouse_id, reg_invite_code, lang).
import type { RegisterFormProps } from "./types.ts";
import { PendingRegistration } from "./PendingRegistration.tsx";

export function StockerRegistration(props: RegisterFormProps) {
  return <PendingRegistration onBack={props.onBack} openSupport={props.openSupport} />;
}
