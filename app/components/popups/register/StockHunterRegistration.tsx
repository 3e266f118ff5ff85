// The stock hunter registration form (one step). To be built with the accounts work:
// first_name, last_name, email (lowercased), telephone, country, address, company,
// market_id, website, conditions, privacy, data_f, data_g; POST /register with user_data
// (role "stock_hunter", reg_invite_code, lang).
import type { RegisterFormProps } from "./types.ts";
import { PendingRegistration } from "./PendingRegistration.tsx";

export function StockHunterRegistration(props: RegisterFormProps) {
  return <PendingRegistration onBack={props.onBack} openSupport={props.openSupport} />;
}
